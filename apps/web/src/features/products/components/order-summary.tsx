import type { Product } from '@coffee/contract';
import { Button } from '../../../components/ui/button';
import { ProductPicture } from '../../../components/ui/product-picture';
import { Stepper } from '../../../components/ui/stepper';

export type QuantityLine = { key: string; label: string | null; quantity: number };

type OrderSummaryProps = {
  product: Product;
  lines: ReadonlyArray<QuantityLine>;
  onQuantityChange: (key: string, quantity: number) => void;
  onCheckout: () => void;
  checkingOut?: boolean;
  disabled?: boolean;
};

/** The bottom bar of the detail page: picture, name, one "x{n} (Size)" line and stepper per size, CHECK OUT. */
export function OrderSummary({ product, lines, onQuantityChange, onCheckout, checkingOut = false, disabled = false }: OrderSummaryProps) {
  return (
    <section aria-labelledby="order-summary-heading" className="grid gap-4 lg:grid-cols-[1fr_auto]">
      <div className="flex flex-col gap-5 rounded-3xl bg-white p-5 shadow-card sm:flex-row sm:items-center sm:p-6">
        <div className="flex items-center gap-4 sm:min-w-0 sm:flex-1">
          <ProductPicture
            name={product.name}
            category={product.category}
            imageUrl={product.imageUrl}
            className="size-20 shrink-0 rounded-full"
          />
          <div className="min-w-0">
            <h2 id="order-summary-heading" className="font-display text-xl font-bold text-ink">
              {product.name}
            </h2>
            <ul className="mt-1 text-sm text-muted">
              {lines.map((line) => (
                <li key={line.key}>
                  x{line.quantity}
                  {line.label && ` (${line.label})`}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <ul className="flex flex-col gap-3">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center justify-between gap-4">
              <span className="w-24 text-sm font-medium text-ink">{line.label ?? 'Quantity'}</span>
              <Stepper
                value={line.quantity}
                onChange={(quantity) => onQuantityChange(line.key, quantity)}
                label={line.label ?? product.name}
              />
            </li>
          ))}
        </ul>
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
        CHECK OUT
      </Button>
    </section>
  );
}
