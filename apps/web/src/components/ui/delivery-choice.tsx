import { useId } from 'react';
import { DELIVERY_METHODS, DELIVERY_METHOD_LABELS } from '@coffee/contract';
import type { DeliveryMethod } from '@coffee/contract';
import { ChoicePills } from './choice-pills';

/**
 * When each method can be received, as hints on the time field. The API enforces the same windows
 * (apps/api modules/orders/delivery-window.ts) and its message is what the customer sees on a refusal;
 * these only set the picker's bounds and the text under it.
 * Door Delivery: spec section 2/9, 'Delivery only on Monday to friday at 1 - 7 pm'.
 * Dine in and Pick up: the 'Set time' bounds 09:00-18:00 (spec sections 2 and 5).
 */
export const DELIVERY_HOURS: Record<DeliveryMethod, { min: string; max: string; hint: string }> = {
  'door-delivery': { min: '13:00', max: '19:00', hint: 'Delivery only on Monday to friday at 1 - 7 pm' },
  'dine-in': { min: '09:00', max: '18:00', hint: "Enter the time you'll arrive, between 09:00 and 18:00" },
  'pick-up': { min: '09:00', max: '18:00', hint: "Enter the time you'll arrive, between 09:00 and 18:00" },
};

export function isTimeInsideHours(method: DeliveryMethod, time: string): boolean {
  const { min, max } = DELIVERY_HOURS[method];
  return time === '' || (time >= min && time <= max);
}

const deliveryChoices = DELIVERY_METHODS.map((value) => ({ value, label: DELIVERY_METHOD_LABELS[value] }));

export function DeliveryMethodPills({
  value,
  onChange,
  legend = 'Choose Delivery Methods',
  className,
}: {
  value: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
  legend?: string;
  className?: string;
}) {
  return <ChoicePills legend={legend} shape="pill" value={value} onChange={onChange} choices={deliveryChoices} className={className} />;
}

type ArrivalTimeFieldProps = {
  value: string;
  onChange: (time: string) => void;
  method: DeliveryMethod;
  /** The server's refusal (outside the hours, in the past), shown under the field instead of the hint. */
  error?: string | null;
  className?: string;
};

/** Spec section 2: the 'Set time' field. Empty means as soon as possible. */
export function ArrivalTimeField({ value, onChange, method, error, className }: ArrivalTimeFieldProps) {
  const id = useId();
  const hours = DELIVERY_HOURS[method];
  const inside = isTimeInsideHours(method, value);
  const message = error ?? (inside ? null : `${value} is outside these hours: please choose a time in that window.`);
  return (
    <div className={className}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <label htmlFor={id} className="shrink-0 font-display text-base font-bold text-ink">
          Set time :
        </label>
        <input
          id={id}
          type="time"
          min={hours.min}
          max={hours.max}
          step={300}
          placeholder="Enter the time you'll arrived"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={message === null ? `${id}-hint` : `${id}-hint ${id}-error`}
          aria-invalid={message !== null}
          className="h-12 w-full rounded-2xl border-2 border-line bg-white px-4 text-ink focus:border-espresso focus:outline-none focus-visible:outline-2 focus-visible:outline-espresso aria-invalid:border-[#B42318] sm:max-w-56"
        />
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
        {hours.hint}. Leave it empty for as soon as possible.
      </p>
      {message !== null && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-[#B42318]">
          {message}
        </p>
      )}
    </div>
  );
}
