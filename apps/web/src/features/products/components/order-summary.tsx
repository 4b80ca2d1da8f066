import type { Product } from '@coffee/contract';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { ProductPicture } from '../../../components/ui/product-picture';
import { Stepper } from '../../../components/ui/stepper';

type OrderSummaryProps = {
  product: Product;
  /** The chosen size ('Large'), or null for a product sold in one size. */
  sizeLabel: string | null;
  quantity: number;
  /** The most the server takes of one product and size (GET /shop maxLineQuantity). */
  maxQuantity: number;
  /** The chosen options' names, shown under the lines. */
  options?: ReadonlyArray<string>;
  /** The note to the barista, shown under the options. */
  note?: string;
  onQuantityChange: (quantity: number) => void;
  onCheckout: () => void;
  checkingOut?: boolean;
  disabled?: boolean;
};

/** The bottom bar of the detail page: picture, name, what was chosen ("2 × Large"), one quantity stepper, CHECK OUT. */
export function OrderSummary({
  product,
  sizeLabel,
  quantity,
  maxQuantity,
  options = [],
  note = '',
  onQuantityChange,
  onCheckout,
  checkingOut = false,
  disabled = false,
}: OrderSummaryProps) {
  return (
    <section aria-labelledby="order-summary-heading" className="grid gap-4 lg:grid-cols-[1fr_auto]">
      <div className="flex flex-col gap-5 rounded-3xl bg-white p-5 shadow-card sm:flex-row sm:items-center sm:p-6">
        <div className="flex items-center gap-4 sm:min-w-0 sm:flex-1">
          <ProductPicture
            name={product.name}
            category={product.category}
            imageUrl={product.imageUrl}
            image={product.images[0]}
            shownAs="thumbnail"
            className="size-20 shrink-0 rounded-full"
          />
          <div className="min-w-0">
            <h2 id="order-summary-heading" className="font-display text-xl font-bold text-ink">
              {product.name}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {quantity} × {sizeLabel ?? product.name}
            </p>
            {options.length > 0 && <p className="mt-1 text-sm text-ink">{options.join(', ')}</p>}
            {note && <p className="mt-1 text-sm text-muted italic"><Trans>Note: {note}</Trans></p>}
          </div>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <div className="flex items-center gap-4">
            <span className="text-sm font-medium text-ink"><Trans>Quantity</Trans></span>
            <Stepper value={quantity} onChange={onQuantityChange} label={product.name} min={1} max={maxQuantity} />
          </div>
          {quantity >= maxQuantity && (
            <p className="text-sm text-muted" role="status">
              <Trans>{maxQuantity} is the most we take of one item per order.</Trans>
            </p>
          )}
        </div>
      </div>
      <Button
        variant="accent"
        size="lg"
        shape="soft"
        onClick={onCheckout}
        disabled={disabled}
        aria-busy={checkingOut}
        className="font-bold tracking-wide lg:rounded-3xl lg:px-12"
      >
        <Trans>CHECK OUT</Trans>
      </Button>
    </section>
  );
}
