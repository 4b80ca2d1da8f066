import { useState } from 'react';
import { Link } from 'react-router';
import { SIZE_LABELS } from '@coffee/contract';
import type { Product, SizeCode } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { ArrivalTimeField } from './arrival-time-field';
import { ChoicePills } from './choice-pills';
import { OrderSummary } from './order-summary';
import type { QuantityLine } from './order-summary';

export const DELIVERY_METHODS = [
  { value: 'dine-in', label: 'Dine in' },
  { value: 'door-delivery', label: 'Door Delivery' },
  { value: 'pick-up', label: 'Pick up' },
] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]['value'];

/** What the customer has chosen on the page; the cart work consumes it through `onAddToCart`. */
export type ProductSelection = {
  productId: number;
  size: SizeCode | null;
  quantities: Record<string, number>;
  delivery: DeliveryMethod;
  arrivalTime: string;
};

type ProductDetailProps = {
  product: Product;
  onAddToCart?: (selection: ProductSelection) => void;
  onAskStaff?: () => void;
};

// Products sold in one size (foods, most add-ons) have a single unnamed quantity line.
const SINGLE = 'single';

export function ProductDetail({ product, onAddToCart, onAskStaff }: ProductDetailProps) {
  const firstSize = product.sizes[0];
  const [size, setSize] = useState<SizeCode | null>(firstSize?.code ?? null);
  const [delivery, setDelivery] = useState<DeliveryMethod>('dine-in');
  const [arrivalTime, setArrivalTime] = useState('');
  // Spec section 4: counters start at 0.
  const [quantities, setQuantities] = useState<Record<string, number>>({});

  const selectedSize = product.sizes.find((s) => s.code === size);
  const lines: QuantityLine[] =
    product.sizes.length > 0
      ? product.sizes.map((s) => ({ key: s.code, label: SIZE_LABELS[s.code], quantity: quantities[s.code] ?? 0 }))
      : [{ key: SINGLE, label: null, quantity: quantities[SINGLE] ?? 0 }];

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
            <Button
              variant="primary"
              size="lg"
              shape="soft"
              disabled={product.isSoldOut}
              onClick={() =>
                onAddToCart?.({ productId: product.id, size, quantities, delivery, arrivalTime })
              }
            >
              Add to Cart
            </Button>
            <Button variant="accent" size="lg" shape="soft" onClick={onAskStaff}>
              Ask a Staff
            </Button>
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

          <ChoicePills
            legend="Choose Delivery Methods"
            shape="pill"
            value={delivery}
            onChange={setDelivery}
            choices={DELIVERY_METHODS}
          />
          <ArrivalTimeField value={arrivalTime} onChange={setArrivalTime} />
        </div>
      </div>

      <div className="mt-12">
        <OrderSummary
          product={product}
          lines={lines}
          onQuantityChange={(key, quantity) => setQuantities((current) => ({ ...current, [key]: quantity }))}
        />
      </div>
    </div>
  );
}
