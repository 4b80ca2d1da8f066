import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SIZE_CODES, SIZE_LABELS } from '@coffee/contract';
import type { Cart, CartLine, SizeCode } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Price } from '../../../components/ui/price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { Stepper } from '../../../components/ui/stepper';
import { TrashIcon } from '../../../components/ui/trash-icon';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveCoupon } from '../api/apply-coupon';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useUpdateCartLine } from '../api/update-cart-line';
import { LineChoices } from '../../../components/ui/line-choices';

const describe = (line: CartLine) => (line.sizeLabel ? `${line.name} (${line.sizeLabel})` : line.name);

/**
 * Checkout: the Order Summary. Lines, quantities and every figure are the server's
 * (GET /cart and each change's answer); this only shows them.
 */
export function OrderSummaryCard({ cart }: { cart: Cart }) {
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const [failure, setFailure] = useState<string | null>(null);
  const busyLine = update.isPending ? update.variables.lineId : remove.isPending ? remove.variables : null;

  const onError = (error: unknown) => setFailure(errorMessage(error));
  const { t } = useLingui();
  const coupon = cart.summary.discountLabel;

  return (
    <section aria-labelledby="order-summary-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-10">
      <h2 id="order-summary-title" className="text-center font-display text-2xl font-bold text-espresso-deep sm:text-3xl">
        <Trans>Order Summary</Trans>
      </h2>
      {failure && (
        <Alert tone="danger" onClose={() => setFailure(null)} className="mt-6">
          {failure}
        </Alert>
      )}
      <ul className="mt-8 flex flex-col gap-6">
        {cart.lines.map((line) => {
          const item = describe(line);
          return (
            <li key={line.id} aria-busy={busyLine === line.id} className="flex flex-wrap items-center gap-x-4 gap-y-3">
              <ProductPicture
                name={line.name}
                // Cart lines do not carry the category; the drawn fallback only shows for a product without a picture.
                category="coffee"
                imageUrl={line.imageUrl}
                className={line.isAvailable ? 'size-16 shrink-0 rounded-2xl sm:size-20' : 'size-16 shrink-0 rounded-2xl opacity-50 sm:size-20'}
              />
              <div className="min-w-0 flex-1">
                <p className="font-display text-lg font-medium text-ink">{line.name}</p>
                <p className="text-sm text-muted">
                  x{line.quantity}
                  {line.sizeLabel && ` ${line.sizeLabel}`}
                </p>
                <LineChoices line={line} />
                {line.note && <p className="mt-1 text-sm font-medium text-red-800">{line.note}</p>}
              </div>
              <Price amount={line.lineTotalIdr} className="font-display text-base text-ink sm:text-lg" />
              <div className="flex w-full items-center justify-end gap-2 sm:w-auto sm:basis-full">
                {line.sizeCode && (
                  // The shop refuses a size the product is not sold in, with a sentence shown above.
                  <select
                    aria-label={t`Size of ${item}`}
                    value={line.sizeCode}
                    disabled={busyLine !== null}
                    onChange={(event) => {
                      setFailure(null);
                      update.mutate({ lineId: line.id, size: event.target.value as SizeCode }, { onError });
                    }}
                    className="min-h-10 rounded-full border border-line bg-white px-3 text-sm text-ink"
                  >
                    {SIZE_CODES.map((code) => (
                      <option key={code} value={code}>
                        {SIZE_LABELS[code]}
                      </option>
                    ))}
                  </select>
                )}
                <Stepper
                  value={line.quantity}
                  min={1}
                  // More of an unavailable item is refused by the shop; fewer is the way to removing it.
                  max={line.isAvailable ? cart.limits.maxLineQuantity : line.quantity}
                  label={item}
                  disabled={busyLine !== null}
                  onChange={(quantity) => {
                    setFailure(null);
                    update.mutate({ lineId: line.id, quantity }, { onError });
                  }}
                />
                <button
                  type="button"
                  disabled={busyLine !== null}
                  onClick={() => {
                    setFailure(null);
                    remove.mutate(line.id, { onError });
                  }}
                  aria-label={t`Remove ${item}`}
                  className="grid size-10 place-items-center rounded-full text-espresso hover:bg-espresso/10 disabled:opacity-40"
                >
                  <TrashIcon />
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      <CouponLine cart={cart} onError={onError} />

      <dl className="mt-8 flex flex-col gap-3 border-t border-line pt-6 font-display">
        <Figure label={t`SUBTOTAL`} amount={cart.summary.subtotalIdr} />
        {cart.summary.discountIdr > 0 && (
          <Figure label={coupon ? t`COUPON: ${coupon}` : t`COUPON: discount`} amount={cart.summary.discountIdr} variant="discount" />
        )}
        <Figure label={t`TAX & FEES`} amount={cart.summary.taxAndFeesIdr} />
        <Figure label={t`SHIPPING`} amount={cart.summary.shippingIdr} />
        <div className="mt-3 flex items-center justify-between gap-4 text-2xl font-bold text-espresso-deep sm:text-3xl">
          <dt>
            <Trans>TOTAL</Trans>
          </dt>
          <dd>
            <Price amount={cart.summary.totalIdr} />
          </dd>
        </div>
      </dl>
      {cart.lines.some((line) => !line.isAvailable) && (
        <p className="mt-4 text-sm text-muted">
          <Trans>Items that cannot be ordered now are not counted; remove them to place your order.</Trans>
        </p>
      )}
    </section>
  );
}

function Figure({ label, amount, variant }: { label: string; amount: number; variant?: 'discount' }) {
  return (
    <div className="flex items-center justify-between gap-4 text-base text-muted sm:text-lg">
      <dt>{label}</dt>
      <dd>
        <Price amount={amount} variant={variant} />
      </dd>
    </div>
  );
}

/** The coupon chosen on Promo Today: what it takes off or what the cart still needs, and a way to take it off. */
export function CouponLine({ cart, onError }: { cart: Cart; onError: (error: unknown) => void }) {
  const remove = useRemoveCoupon();
  const { t } = useLingui();
  if (!cart.coupon && !cart.couponNote) return null;
  const coupon = cart.coupon?.name;
  return (
    <div className="mt-8 rounded-2xl bg-crema-soft p-4 text-sm" role="group" aria-label={t`Coupon`}>
      {cart.couponNote && <p role="status" className="text-espresso">{cart.couponNote}</p>}
      {cart.coupon && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            <span className="font-display font-bold text-ink">
              <Trans>Coupon: {coupon}</Trans>
            </span>
            {cart.coupon.problem && <span className="block text-red-800">{cart.coupon.problem}</span>}
          </p>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onError })}
            className="min-h-10 rounded-full px-3 font-medium text-espresso underline hover:bg-espresso/10 disabled:opacity-40"
          >
            <Trans>Remove coupon</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
