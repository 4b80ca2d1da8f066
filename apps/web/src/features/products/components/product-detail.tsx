import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SIZE_LABELS } from '@coffee/contract';
import type { DeliveryMethod, Product, ShopSettings, SizeCode } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoicePills } from '../../../components/ui/choice-pills';
import { ArrivalTimeField, DeliveryMethodPills } from '../../../components/ui/delivery-choice';
import { ProductPrice } from '../../../components/ui/price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { errorMessage } from '../../../lib/api-client';
import { OptionChooser, chosenIds, defaultChoice, describeChoice, optionsDelta } from './option-chooser';
import type { OptionChoice } from './option-chooser';
import { OrderSummary } from './order-summary';

/** What the customer has chosen on the page, handed to the cart by `onAddToCart` and `onCheckout`. */
export type ProductSelection = {
  productId: number;
  /** The chosen size and quantity with the chosen options and note (none when CHECK OUT follows Add to Cart of the same). */
  lines: Array<{ productId: number; size: SizeCode | null; quantity: number; optionIds?: number[]; baristaNote?: string }>;
  deliveryMethod: DeliveryMethod;
  /** 'HH:mm', or '' for as soon as possible. */
  arrivalTime: string;
};

type ProductDetailProps = {
  product: Product;
  /** The cart's current delivery method and time, so the page starts from what the cart has. */
  initialDelivery?: { deliveryMethod: DeliveryMethod; arrivalTime: string };
  /** The shop's delivery hours (GET /shop) for the time field; undefined while unknown. */
  deliveryWindows?: ShopSettings['deliveryWindows'] | undefined;
  /** Resolves when the lines are in the cart; a rejection's message is shown on the page, choices kept. */
  onAddToCart?: (selection: ProductSelection) => Promise<void>;
  /** Adds the lines (if any) and opens the checkout. */
  onCheckout?: (selection: ProductSelection) => Promise<void>;
  onAskStaff?: () => void;
  /** The heart that saves the drink as configured (features/favourites, given by the app); absent: none. */
  FavouriteButton?: ComponentType<{ productId: number; sizeCode: SizeCode | null; optionIds: number[] }> | undefined;
  /** The most of one product and size an order may hold (GET /shop maxLineQuantity): the stepper stops there. */
  maxQuantity?: number | undefined;
};

/** The server's default per-line limit, until the shop settings say otherwise. */
const DEFAULT_MAX_QUANTITY = 20;

function ProductBreadcrumb({ name }: { name: string }) {
  const { t } = useLingui();
  return (
    // One line whatever the font: wrapping, a long name took a second line in the fallback font and gave it back
    // when Poppins arrived, moving the whole page up.
    <nav aria-label={t`Breadcrumb`}>
      <ol className="flex items-center gap-2 text-sm whitespace-nowrap">
        <li>
          <Link to={paths.products.getHref()} className="rounded text-muted hover:text-espresso">
            <Trans>Favorite &amp; Promo</Trans>
          </Link>
        </li>
        <li aria-hidden="true" className="text-muted">
          &gt;
        </li>
        <li aria-current="page" title={name} className="min-w-0 truncate font-bold text-espresso">
          {name}
        </li>
      </ol>
    </nav>
  );
}

/** The picture, the name and the price of the chosen size and options. */
function ProductHeading({ product, regular, charged }: { product: Product; regular: number; charged: number }) {
  return (
    <>
      <ProductPicture
        name={product.name}
        category={product.category}
        imageUrl={product.imageUrl}
        image={product.images[0]}
        shownAs="page"
        priority
        className="oval aspect-[4/5] w-56 shadow-card sm:w-72"
      />
      <h1 className="mt-8 font-display text-4xl font-bold text-ink uppercase sm:text-5xl">{product.name}</h1>
      <ProductPrice regular={regular} charged={charged} className="mt-3 font-display text-2xl font-medium text-espresso sm:text-3xl" />
      {product.isSoldOut && <p className="mt-3 rounded-full bg-ink px-4 py-1 font-display text-sm text-white"><Trans>Sold out</Trans></p>}
    </>
  );
}

/** The size chips: the code shown, its name (Regular, Large...) read out. */
function SizeChips({ sizes, value, onChange }: { sizes: Product['sizes']; value: SizeCode; onChange: (size: SizeCode) => void }) {
  const { t } = useLingui();
  return (
    <ChoicePills
      className="mt-8 text-center [&>legend]:mx-auto"
      legend={t`Choose a Size`}
      shape="chip"
      value={value}
      onChange={onChange}
      choices={sizes.map((s) => ({
        value: s.code,
        description: SIZE_LABELS[s.code],
        label: (
          <>
            <span aria-hidden="true">{s.code}</span>
            <span className="sr-only">{SIZE_LABELS[s.code]}</span>
          </>
        ),
      }))}
    />
  );
}

export function ProductDetail({
  product,
  initialDelivery,
  deliveryWindows,
  onAddToCart,
  onCheckout,
  onAskStaff,
  maxQuantity = DEFAULT_MAX_QUANTITY,
  FavouriteButton,
}: ProductDetailProps) {
  const { t } = useLingui();
  const firstSize = product.sizes[0];
  const [size, setSize] = useState<SizeCode | null>(firstSize?.code ?? null);
  // Dine in is the method shown active at first.
  const [delivery, setDelivery] = useState<DeliveryMethod>(initialDelivery?.deliveryMethod ?? 'dine-in');
  const [arrivalTime, setArrivalTime] = useState(initialDelivery?.arrivalTime ?? '');
  // One size mechanism (the chips) and one quantity: how many of the chosen size, from 1.
  const [quantity, setQuantity] = useState(1);
  // What Add to Cart last put in the cart, so CHECK OUT right after does not add it a second time.
  const [added, setAdded] = useState<string | null>(null);
  const [choice, setChoice] = useState<OptionChoice>(() => defaultChoice(product.optionGroups));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'add' | 'checkout' | null>(null);
  const [failure, setFailure] = useState<{ from: 'add' | 'checkout'; message: string } | null>(null);

  const selectedSize = product.sizes.find((s) => s.code === size);
  // Shown only: the server prices every line (size price plus the options' deltas).
  const delta = optionsDelta(product.optionGroups, choice);
  const choiceNames = describeChoice(product.optionGroups, choice);
  // Sent only when there is something to say: without them the server fills the defaults.
  const extras = {
    ...(product.optionGroups.length > 0 ? { optionIds: chosenIds(choice) } : {}),
    ...(note.trim() ? { baristaNote: note.trim() } : {}),
  };
  const line = { productId: Number(product.id), size, quantity: Math.min(quantity, maxQuantity), ...extras };
  const lineKey = JSON.stringify(line);

  // Cart inputs name the product by its number.
  const productId = Number(product.id);
  const selection = (lines: ProductSelection['lines']): ProductSelection => ({
    productId,
    lines,
    deliveryMethod: delivery,
    arrivalTime,
  });

  const run = async (from: 'add' | 'checkout', action: ((s: ProductSelection) => Promise<void>) | undefined, chosen: ProductSelection) => {
    if (!action || busy) return;
    setBusy(from);
    setFailure(null);
    try {
      await action(chosen);
      if (from === 'add') setAdded(lineKey);
    } catch (error) {
      setFailure({ from, message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const addToCart = () => void run('add', onAddToCart, selection([line]));
  // CHECK OUT takes the chosen line along, unless Add to Cart has just put exactly that in the cart.
  const checkout = () => void run('checkout', onCheckout, selection(added === lineKey ? [] : [line]));

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <ProductBreadcrumb name={product.name} />

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <div className="flex flex-col items-center text-center">
          <ProductHeading
            product={product}
            regular={(selectedSize?.priceIdr ?? product.priceIdr) + delta}
            charged={(selectedSize?.promoPriceIdr ?? product.promoPriceIdr) + delta}
          />
          <div className="mt-8 flex w-full max-w-sm flex-col gap-4">
            <Button variant="primary" size="lg" shape="soft" disabled={product.isSoldOut || busy !== null} onClick={addToCart}>
              {busy === 'add' ? t`Adding…` : t`Add to Cart`}
            </Button>
            <Button variant="accent" size="lg" shape="soft" onClick={onAskStaff}>
              <Trans>Ask a Staff</Trans>
            </Button>
            {FavouriteButton && <FavouriteButton productId={productId} sizeCode={size} optionIds={chosenIds(choice)} />}
            {failure?.from === 'add' && (
              <Alert tone="danger" onClose={() => setFailure(null)} className="text-left">
                {failure.message}
              </Alert>
            )}
          </div>
        </div>

        <div className="flex flex-col gap-8">
          <div className="rounded-3xl bg-white p-6 shadow-card sm:p-10">
            <p className="font-display text-lg font-bold text-espresso"><Trans>Delivery only on Monday to friday at 1 - 7 pm</Trans></p>
            {product.description && <p className="mt-4 leading-relaxed text-muted">{product.description}</p>}
            {product.sizes.length > 0 && size !== null && <SizeChips sizes={product.sizes} value={size} onChange={setSize} />}
            {product.optionGroups.length > 0 && (
              <OptionChooser
                className="mt-8"
                groups={product.optionGroups}
                value={choice}
                onChange={setChoice}
                note={note}
                onNoteChange={setNote}
              />
            )}
          </div>

          <DeliveryMethodPills value={delivery} onChange={setDelivery} />
          <ArrivalTimeField value={arrivalTime} onChange={setArrivalTime} method={delivery} windows={deliveryWindows} />
        </div>
      </div>

      <div className="mt-12">
        <OrderSummary
          product={product}
          sizeLabel={size ? SIZE_LABELS[size] : null}
          quantity={line.quantity}
          maxQuantity={maxQuantity}
          options={choiceNames}
          note={note.trim()}
          onQuantityChange={setQuantity}
          onCheckout={checkout}
          checkingOut={busy === 'checkout'}
          disabled={busy !== null}
        />
        {failure?.from === 'checkout' && (
          <Alert tone="danger" onClose={() => setFailure(null)} className="mt-4">
            {failure.message}
          </Alert>
        )}
      </div>
    </div>
  );
}
