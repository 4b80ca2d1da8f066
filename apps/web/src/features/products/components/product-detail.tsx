import { useState } from 'react';
import { Link } from 'react-router';
import { SIZE_LABELS } from '@coffee/contract';
import type { DeliveryMethod, Product, ShopSettings, SizeCode } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoicePills } from '../../../components/ui/choice-pills';
import { ArrivalTimeField, DeliveryMethodPills } from '../../../components/ui/delivery-choice';
import { Price } from '../../../components/ui/price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { errorMessage } from '../../../lib/api-client';
import { OrderSummary } from './order-summary';
import type { QuantityLine } from './order-summary';

/** What the customer has chosen on the page, handed to the cart by `onAddToCart` and `onCheckout`. */
export type ProductSelection = {
  productId: number;
  /** One line per size with a quantity above 0 (size null for a one-size product). */
  lines: Array<{ productId: number; size: SizeCode | null; quantity: number }>;
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
};

// Products sold in one size (foods, most add-ons) have a single unnamed quantity line.
const SINGLE = 'single';

export function ProductDetail({ product, initialDelivery, deliveryWindows, onAddToCart, onCheckout, onAskStaff }: ProductDetailProps) {
  const firstSize = product.sizes[0];
  const [size, setSize] = useState<SizeCode | null>(firstSize?.code ?? null);
  // Spec section 2: Dine in is shown active.
  const [delivery, setDelivery] = useState<DeliveryMethod>(initialDelivery?.deliveryMethod ?? 'dine-in');
  const [arrivalTime, setArrivalTime] = useState(initialDelivery?.arrivalTime ?? '');
  // Spec section 4: counters start at 0.
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<'add' | 'checkout' | null>(null);
  const [failure, setFailure] = useState<{ from: 'add' | 'checkout'; message: string } | null>(null);

  const selectedSize = product.sizes.find((s) => s.code === size);
  const lines: QuantityLine[] =
    product.sizes.length > 0
      ? product.sizes.map((s) => ({ key: s.code, label: SIZE_LABELS[s.code], quantity: quantities[s.code] ?? 0 }))
      : [{ key: SINGLE, label: null, quantity: quantities[SINGLE] ?? 0 }];

  const selection = (lines: ProductSelection['lines']): ProductSelection => ({
    productId: product.id,
    lines,
    deliveryMethod: delivery,
    arrivalTime,
  });
  const counted = () =>
    lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({ productId: product.id, size: line.key === SINGLE ? null : (line.key as SizeCode), quantity: line.quantity }));

  const run = async (from: 'add' | 'checkout', action: ((s: ProductSelection) => Promise<void>) | undefined, chosen: ProductSelection) => {
    if (!action || busy) return;
    setBusy(from);
    setFailure(null);
    try {
      await action(chosen);
      // In the cart now: the counters start again from 0 (spec section 4).
      if (from === 'add') setQuantities({});
    } catch (error) {
      setFailure({ from, message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  // With every counter at 0, Add to Cart adds one of the chosen size: the size chips are how most people pick.
  const addToCart = () => {
    const chosen = counted();
    void run('add', onAddToCart, selection(chosen.length > 0 ? chosen : [{ productId: product.id, size, quantity: 1 }]));
  };
  // CHECK OUT takes what the counters say (possibly nothing, when the lines are already in the cart).
  const checkout = () => void run('checkout', onCheckout, selection(counted()));

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm">
          <li>
            <Link to={paths.products.getHref()} className="rounded text-muted hover:text-espresso">
              Favorite &amp; Promo
            </Link>
          </li>
          <li aria-hidden="true" className="text-muted">
            &gt;
          </li>
          <li aria-current="page" className="font-bold text-espresso">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <div className="flex flex-col items-center text-center">
          <ProductPicture
            name={product.name}
            category={product.category}
            imageUrl={product.imageUrl}
            loading="eager"
            className="oval aspect-[4/5] w-56 shadow-card sm:w-72"
          />
          <h1 className="mt-8 font-display text-4xl font-bold text-ink uppercase sm:text-5xl">{product.name}</h1>
          <Price amount={selectedSize?.priceIdr ?? product.priceIdr} className="mt-3 font-display text-2xl font-medium text-espresso sm:text-3xl" />
          {product.isSoldOut && (
            <p className="mt-3 rounded-full bg-ink px-4 py-1 font-display text-sm text-white">Sold out</p>
          )}
          <div className="mt-8 flex w-full max-w-sm flex-col gap-4">
            <Button variant="primary" size="lg" shape="soft" disabled={product.isSoldOut || busy !== null} onClick={addToCart}>
              {busy === 'add' ? 'Adding…' : 'Add to Cart'}
            </Button>
            <Button variant="accent" size="lg" shape="soft" onClick={onAskStaff}>
              Ask a Staff
            </Button>
            {failure?.from === 'add' && (
              <Alert tone="danger" onClose={() => setFailure(null)} className="text-left">
                {failure.message}
              </Alert>
            )}
          </div>
        </div>

        <div className="flex flex-col gap-8">
          <div className="rounded-3xl bg-white p-6 shadow-card sm:p-10">
            <p className="font-display text-lg font-bold text-espresso">Delivery only on Monday to friday at 1 - 7 pm</p>
            {product.description && <p className="mt-4 leading-relaxed text-muted">{product.description}</p>}
            {product.sizes.length > 0 && size !== null && (
              <ChoicePills
                className="mt-8 text-center [&>legend]:mx-auto"
                legend="Choose a Size"
                shape="chip"
                value={size}
                onChange={setSize}
                choices={product.sizes.map((s) => ({
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
            )}
          </div>

          <DeliveryMethodPills value={delivery} onChange={setDelivery} />
          <ArrivalTimeField value={arrivalTime} onChange={setArrivalTime} method={delivery} windows={deliveryWindows} />
        </div>
      </div>

      <div className="mt-12">
        <OrderSummary
          product={product}
          lines={lines}
          onQuantityChange={(key, quantity) => setQuantities((current) => ({ ...current, [key]: quantity }))}
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
