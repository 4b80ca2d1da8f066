import { useId } from 'react';
import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryMethod, DeliveryWindow, PaymentMethod, ShopSettings } from '@coffee/contract';
import { ArrivalTimeField, DeliveryMethodPills, deliveryWindowOf } from '../../../components/ui/delivery-choice';
import { FieldError, describedBy, fieldIds, inputStyles } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { dayName } from '../../../lib/clock-text';
import { nextCalendarDate } from '../../../lib/shop-time';
import { paymentMethodName } from '../../../lib/payment-words';

/** A white card under a heading drawn on the brown checkout page. */
export function CheckoutCard({ title, action, children, titleId }: { title: string; titleId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={titleId} className="font-display text-xl font-bold text-white sm:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      <div className="rounded-3xl bg-white p-6 shadow-card sm:p-8">{children}</div>
    </section>
  );
}

/** What the checkout needs of the shop's settings (GET /shop, which the route loads). */
export type CheckoutShop = Pick<ShopSettings, 'timeZone' | 'maxDaysAhead' | 'deliveryWindows' | 'payments'>;

/** Without a payment gateway (or before GET /shop answered): the three methods the shop confirms itself. */
export const MANUAL_PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'bank-account', 'cash-on-delivery'];

type DeliveryCardProps = {
  method: DeliveryMethod;
  day: string;
  time: string;
  /** Today and the last day the shop takes orders for, on its calendar; no last day while unknown. */
  minDay: string;
  maxDay: string | undefined;
  /** The shop's clock, days ahead and delivery hours (GET /shop); undefined while unknown. */
  shop: CheckoutShop | undefined;
  onChange: (change: { method?: DeliveryMethod; day?: string; time?: string }) => void;
  /** The shop's answer when it cannot deliver then (a refused time, or "as soon as possible" outside the hours). */
  problem: string | null;
  saving: boolean;
};

/** The rules the API applies to the day (GET /shop): the shop's clock, and how far ahead. */
function dayHint(time: string, shop: CheckoutShop | undefined, i18n: I18n): string {
  if (!shop) {
    return time === ''
      ? i18n._(msg`Without a time, the order is for as soon as possible.`)
      : i18n._(msg`The day and time are the shop's local time.`);
  }
  const days = shop.maxDaysAhead;
  const timeZone = shop.timeZone;
  return time === ''
    ? i18n._(msg`Without a time, the order is for as soon as possible. A time can be set up to ${plural(days, { one: '# day', other: '# days' })} ahead.`)
    : i18n._(msg`The day and time are the shop's local time (${timeZone}), up to ${plural(days, { one: '# day', other: '# days' })} ahead.`);
}

const ISO_WEEKDAY = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * The days a customer may pick, named day first ('Today, Thu 26 Nov') whatever the browser's language (a native
 * date field showed 11/26/2026 in en-US); a day the method is not served is offered disabled, the chosen one always.
 */
function dayChoices(
  day: string,
  minDay: string,
  maxDay: string | undefined,
  method: DeliveryMethod,
  hours: DeliveryWindow | undefined,
  i18n: I18n,
) {
  const days: string[] = [];
  for (let d = minDay; days.length < 62 && d <= (maxDay ?? minDay); d = nextCalendarDate(d)) days.push(d);
  if (/^\d{4}-\d{2}-\d{2}$/.test(day) && !days.includes(day)) days.push(day);
  const tomorrow = nextCalendarDate(minDay);
  return days.sort().map((d) => {
    const closed = hours !== undefined && !hours.days.includes(ISO_WEEKDAY(d));
    const date = dayName(d);
    const name = d === minDay ? i18n._(msg`Today, ${date}`) : d === tomorrow ? i18n._(msg`Tomorrow, ${date}`) : date;
    const label = !closed ? name : method === 'door-delivery' ? i18n._(msg`${name} (no Door Delivery)`) : i18n._(msg`${name} (closed)`);
    return { value: d, label, disabled: closed && d !== day };
  });
}

/** How and when: the product page's choice, editable here; the API checks it and its message shows under the time. */
export function DeliveryCard({ method, day, time, minDay, maxDay, shop, onChange, problem, saving }: DeliveryCardProps) {
  const dayId = useId();
  const { t, i18n } = useLingui();
  return (
    <CheckoutCard title={t`Delivery`} titleId="delivery-title">
      <div className="flex flex-col gap-6" aria-busy={saving}>
        <DeliveryMethodPills legend={t`Delivery method`} value={method} onChange={(next) => onChange({ method: next })} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <label htmlFor={dayId} className="shrink-0 font-display text-base font-bold text-ink sm:w-[5.5rem]">
            <Trans>Day :</Trans>
          </label>
          <select
            id={dayId}
            value={day}
            onChange={(event) => onChange({ day: event.target.value })}
            aria-describedby={`${dayId}-hint`}
            className="h-12 w-full rounded-2xl border-2 border-line bg-white px-4 text-ink focus:border-espresso focus:outline-none focus-visible:outline-2 focus-visible:outline-espresso sm:max-w-64"
          >
            {dayChoices(day, minDay, maxDay, method, shop ? deliveryWindowOf(shop.deliveryWindows, method) : undefined, i18n).map((choice) => (
              <option key={choice.value} value={choice.value} disabled={choice.disabled}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <p id={`${dayId}-hint`} className="-mt-4 text-sm text-muted">
          {dayHint(time, shop, i18n)}
        </p>
        <ArrivalTimeField
          value={time}
          onChange={(next) => onChange({ time: next })}
          method={method}
          windows={shop?.deliveryWindows}
          error={problem}
        />
      </div>
    </CheckoutCard>
  );
}

type AddressCardProps = {
  name: string;
  phone: string;
  address: string;
  onAddressChange: (address: string) => void;
  /** Only Door Delivery needs the address; Pick up and Dine in happen at the shop. */
  method: DeliveryMethod;
  error: string | null;
  loading: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
};

/** Checkout: the Address Detail block with an Edit link, from the profile; the edit is for this order. */
export function AddressCard({ name, phone, address, onAddressChange, method, error, loading, editing, onEditingChange }: AddressCardProps) {
  const id = useId();
  const needed = method === 'door-delivery';
  const ids = fieldIds(id);
  const { t } = useLingui();
  return (
    <CheckoutCard
      // The spec's words for the block and its link, whatever the method: Dine in and Pick up show no address until
      // Edit (it is then the address a switch to Door Delivery uses).
      title={t`Address Detail`}
      titleId="address-title"
      action={
        (
          <button
            type="button"
            onClick={() => onEditingChange(!editing)}
            aria-expanded={editing}
            aria-controls={id}
            aria-label={editing ? t`Done editing the delivery address` : t`Edit delivery address`}
            className="on-dark rounded px-1 font-display text-base font-bold text-white underline decoration-crema decoration-2 underline-offset-4"
          >
            {editing ? t`Done` : t`Edit`}
          </button>
        )
      }
    >
      {loading ? (
        <p className="text-muted">
          <Trans>Loading your address…</Trans>
        </p>
      ) : (
        <div className="flex flex-col gap-3 text-ink">
          {needed ? (
            <p>
              <Trans>
                <span className="font-display font-bold">Delivery</span> to {name}
              </Trans>
            </p>
          ) : (
            <p>
              <span className="font-display font-bold">{method === 'pick-up' ? t`Pick up at the shop` : t`Dine in at the shop`}</span>
              {name && <span className="text-muted"> · {name}</span>}
            </p>
          )}
          {editing ? (
            <div className="flex flex-col gap-2">
              <label htmlFor={id} className="font-display font-medium">
                <Trans>Delivery address for this order</Trans>
              </label>
              <textarea
                id={id}
                rows={3}
                maxLength={300}
                value={address}
                onChange={(event) => onAddressChange(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={describedBy(id, { hint: true, error: error ?? undefined })}
                className={inputStyles({ invalid: error !== null, className: 'resize-y' })}
              />
              <p id={ids.hint} className="text-sm text-muted">
                <Trans>Used for this order only; your profile keeps its address.</Trans>
              </p>
            </div>
          ) : !needed ? null : (
            <p className="border-b border-line pb-3 whitespace-pre-line">
              {/* Only Door Delivery shows it, so the way to add one is always said. */}
              {address.trim() || (
                <span className="text-muted">
                  <Trans>No delivery address yet: add one with Edit.</Trans>
                </span>
              )}
            </p>
          )}
          <FieldError id={ids.error} message={error ?? undefined} />
          {phone && <p className="text-muted">{phone}</p>}
          {needed && (
            <p className="text-sm text-muted">
              <Trans>Door Delivery needs an address.</Trans>
            </p>
          )}
        </div>
      )}
    </CheckoutCard>
  );
}

/** A wallet app (GoPay, ShopeePay) in its colour: the phone opens it. */
function WalletIcon({ className }: { className: string }) {
  return (
    <span className={cn('grid size-10 place-items-center rounded-xl', className)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 7a2 2 0 0 1 2-2h11v4M4 7v10a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2z" strokeLinejoin="round" />
        <circle cx="16" cy="14" r="1.2" fill="currentColor" />
      </svg>
    </span>
  );
}

const paymentIcons: Record<PaymentMethod, ReactNode> = {
  qris: (
    <span className="grid size-10 place-items-center rounded-xl bg-espresso-deep text-white">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
      </svg>
    </span>
  ),
  gopay: <WalletIcon className="bg-[#00aed6] text-white" />,
  shopeepay: <WalletIcon className="bg-[#ee4d2d] text-white" />,
  card: (
    <span className="grid size-10 place-items-center rounded-xl bg-crema text-espresso-deep">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="6" width="18" height="12" rx="2" />
        <path d="M3 10h18M7 15h4" strokeLinecap="round" />
      </svg>
    </span>
  ),
  'bank-account': (
    <span className="grid size-10 place-items-center rounded-xl bg-espresso text-white">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M3 10 12 4l9 6zM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
      </svg>
    </span>
  ),
  'cash-on-delivery': (
    <span className="grid size-10 place-items-center rounded-xl bg-crema-dark text-espresso-deep">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M2 7h11v9H2zM13 10h4l3 3v3h-7z" />
        <circle cx="6" cy="18" r="1.8" />
        <circle cx="16.5" cy="18" r="1.8" />
      </svg>
    </span>
  ),
};

/** Checkout: Payment Method radio list Card, Bank Account (preselected), Cash on Delivery. */
export function PaymentMethodCard({
  value,
  onChange,
  children,
  methods = MANUAL_PAYMENT_METHODS,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  children?: ReactNode;
  /** The shop's methods in order (GET /shop `payments.methods`: QRIS first with a gateway). */
  methods?: readonly PaymentMethod[];
}) {
  const name = useId();
  const { t, i18n } = useLingui();
  return (
    <CheckoutCard title={t`Payment Method`} titleId="payment-title">
      <fieldset>
        <legend className="sr-only">
          <Trans>Payment method</Trans>
        </legend>
        <div className="flex flex-col divide-y divide-line">
          {methods.map((method) => (
            <label
              key={method}
              className="flex cursor-pointer items-center gap-4 py-3 font-display text-ink first:pt-0 last:pb-0 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-espresso"
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
                className="size-5 shrink-0 accent-espresso"
              />
              {paymentIcons[method]}
              <span className={cn(value === method && 'font-medium')}>{paymentMethodName(method, i18n)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {children}
    </CheckoutCard>
  );
}
