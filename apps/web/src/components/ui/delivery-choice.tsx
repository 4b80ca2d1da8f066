import { useId, useState } from 'react';
import { DELIVERY_METHODS } from '@coffee/contract';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryMethod, DeliveryWindow, ShopSettings } from '@coffee/contract';
import { TIME_FORMAT, isWholeClockTime, parseClockTime } from '../../lib/clock-text';
import { DELIVERY_METHOD_NAMES } from '../../lib/contract-words';
import { ChoicePills } from './choice-pills';

type DeliveryWindows = ShopSettings['deliveryWindows'];

const windowKeys: Record<DeliveryMethod, keyof DeliveryWindows> = {
  'door-delivery': 'doorDelivery',
  'dine-in': 'dineIn',
  'pick-up': 'pickUp',
};

/** The hours the API enforces for a method (GET /shop, from modules/orders/delivery-window.ts); undefined while unknown. */
export const deliveryWindowOf = (windows: DeliveryWindows | undefined, method: DeliveryMethod): DeliveryWindow | undefined =>
  windows?.[windowKeys[method]];

/**
 * The text under the time field. Door Delivery keeps the original shop's note word for word ('Delivery only on
 * Monday to friday at 1 - 7 pm'); Dine in and Pick up name the shop's hours.
 */
function hoursHint(i18n: I18n, method: DeliveryMethod, hours: DeliveryWindow | undefined): string {
  if (method === 'door-delivery') return i18n._(msg`Delivery only on Monday to friday at 1 - 7 pm. Leave it empty for as soon as possible.`);
  if (!hours) return i18n._(msg`Enter the time you'll arrive. Leave it empty for as soon as possible.`);
  const { from, to } = hours;
  return i18n._(msg`Enter the time you'll arrive, between ${from} and ${to}. Leave it empty for as soon as possible.`);
}

/** Only the picker's bounds: the API judges the day too, and its message is what the customer sees on a refusal. */
export function isTimeInsideHours(hours: DeliveryWindow | undefined, time: string): boolean {
  return time === '' || hours === undefined || (time >= hours.from && time <= hours.to);
}

export function DeliveryMethodPills({
  value,
  onChange,
  legend,
  className,
}: {
  value: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
  legend?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const choices = DELIVERY_METHODS.map((method) => ({ value: method, label: t(DELIVERY_METHOD_NAMES[method]) }));
  return (
    <ChoicePills
      legend={legend ?? t`Choose Delivery Methods`}
      shape="pill"
      value={value}
      onChange={onChange}
      choices={choices}
      className={className}
    />
  );
}

type ArrivalTimeFieldProps = {
  value: string;
  onChange: (time: string) => void;
  method: DeliveryMethod;
  /** The shop's delivery windows (GET /shop) for the picker's bounds and the hint; undefined while unknown. */
  windows: DeliveryWindows | undefined;
  /** The server's refusal (outside the hours, in the past), shown under the field instead of the hint. */
  error?: string | null;
  className?: string;
};

/** Quarter hours from `from` to `to`, offered under the field (a text field keeps the browser's 12-hour clock away). */
function quarterHours(hours: DeliveryWindow | undefined): string[] {
  if (!hours) return [];
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const times: string[] = [];
  for (let m = Math.ceil(minutes(hours.from) / 15) * 15; m <= minutes(hours.to); m += 15) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}

/**
 * The 'Set time' field: a text field on the 24-hour clock ('19:30'), not a native time field, which draws itself in
 * the browser's language (08:00 PM in en-US) beside 24-hour hints. Empty means as soon as possible. A whole 'HH:MM'
 * counts as it is typed; shorter forms ('9', '930', '7:30 pm') when the field is left.
 */
export function ArrivalTimeField({ value, onChange, method, windows, error, className }: ArrivalTimeFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const hours = deliveryWindowOf(windows, method);
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [unreadable, setUnreadable] = useState(false);
  // A time set from elsewhere (a slot, a proposed time) replaces what was typed.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
    setUnreadable(false);
  }
  const inside = isTimeInsideHours(hours, value);
  const message = unreadable
    ? `${t(TIME_FORMAT)}.`
    : (error ?? (inside ? null : t`${value} is outside these hours: please choose a time in that window.`));
  const type = (text: string) => {
    setDraft(text);
    setUnreadable(false);
    if (text.trim() === '' || isWholeClockTime(text)) onChange(parseClockTime(text) ?? '');
  };
  const leave = () => {
    const time = parseClockTime(draft);
    if (time === null) return setUnreadable(true);
    setDraft(time);
    if (time !== value) onChange(time);
  };
  const offered = quarterHours(hours);
  return (
    <div className={className}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <label htmlFor={id} className="shrink-0 font-display text-base font-bold text-ink">
          <Trans>Set time :</Trans>
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          list={offered.length > 0 ? `${id}-times` : undefined}
          placeholder={t`Enter the time you'll arrived`}
          value={draft}
          onChange={(event) => type(event.target.value)}
          onBlur={leave}
          onKeyDown={(event) => event.key === 'Enter' && leave()}
          aria-describedby={message === null ? `${id}-hint` : `${id}-hint ${id}-error`}
          aria-invalid={message !== null}
          className="h-12 w-full rounded-2xl border-2 border-line bg-white px-4 text-ink focus:border-espresso focus:outline-none focus-visible:outline-2 focus-visible:outline-espresso aria-invalid:border-[#B42318] sm:max-w-64"
        />
        {offered.length > 0 && (
          <datalist id={`${id}-times`}>
            {offered.map((time) => (
              <option key={time} value={time} />
            ))}
          </datalist>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
        {hoursHint(i18n, method, hours)}
      </p>
      {message !== null && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-[#B42318]">
          {message}
        </p>
      )}
    </div>
  );
}
