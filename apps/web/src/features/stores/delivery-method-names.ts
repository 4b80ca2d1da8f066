import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DeliveryMethod } from '@coffee/contract';
import { currentLanguage } from '../../lib/i18n';

/** The delivery methods' names in the screens' language (the contract's DELIVERY_METHOD_LABELS are the English ones). */
export const DELIVERY_METHOD_NAMES: Record<DeliveryMethod, MessageDescriptor> = {
  'dine-in': msg`Dine in`,
  'door-delivery': msg`Door Delivery`,
  'pick-up': msg`Pick up`,
};

/** Monday 1 January 2024 (UTC): ISO weekday `d` is `d - 1` days after it. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The name of ISO weekday `isoDay` (1 Monday ... 7 Sunday) in the screens' language, read when called: 'Monday' as
 * the contract's weekdayName writes it in English, 'Senin' in Indonesian.
 */
export function weekdayIn(isoDay: number, width: 'long' | 'short' = 'long'): string {
  if (!Number.isInteger(isoDay) || isoDay < 1 || isoDay > 7) return '';
  const locale = currentLanguage() === 'id' ? 'id-ID' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(A_MONDAY + (isoDay - 1) * DAY_MS);
}
