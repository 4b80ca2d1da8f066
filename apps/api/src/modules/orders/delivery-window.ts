import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '@coffee/contract';
import {
  describeShopLocal,
  parseShopLocal,
  shopLocalToInstant,
  toShopLocal,
  type ShopLocal,
} from '../../lib/shop-time.js';

/**
 * When an order can be received, on the shop's clock, at minute precision, both ends included:
 * - Door Delivery: Monday to Friday, 13:00 to 19:00 (spec section 2/9: 'Delivery only on Monday to
 *   friday at 1 - 7 pm'); a delivery at 19:00 sharp is inside, 19:01 is not.
 * - Dine in and Pick up: every day, 09:00 to 18:00 (spec section 2: the 'Set time' bounds, now enforced).
 */
interface Window {
  days: readonly number[];
  fromMinute: number;
  toMinute: number;
  text: string;
}

const hm = (h: number, m = 0) => h * 60 + m;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export const RECEIVING_WINDOWS: Record<DeliveryMethod, Window> = {
  'door-delivery': { days: [1, 2, 3, 4, 5], fromMinute: hm(13), toMinute: hm(19), text: 'Monday to Friday between 13:00 and 19:00' },
  'dine-in': { days: EVERY_DAY, fromMinute: hm(9), toMinute: hm(18), text: 'between 09:00 and 18:00' },
  'pick-up': { days: EVERY_DAY, fromMinute: hm(9), toMinute: hm(18), text: 'between 09:00 and 18:00' },
};

export function isInsideWindow(method: DeliveryMethod, local: ShopLocal): boolean {
  const w = RECEIVING_WINDOWS[method];
  return w.days.includes(local.isoWeekday) && local.minuteOfDay >= w.fromMinute && local.minuteOfDay <= w.toMinute;
}

export interface RequestedTimeSettings {
  timeZone: string;
  /** How far ahead a customer may schedule (ORDER_MAX_DAYS_AHEAD). */
  maxDaysAhead: number;
}

export type RequestedTime =
  | { ok: true; scheduledFor: string; scheduledAt: string; isAsap: boolean }
  | { ok: false; field: 'scheduledFor'; message: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Checks a requested time against the clock and the method's window. `scheduledFor` null means
 * "as soon as possible": the current shop minute, which must itself be inside the window.
 * A scheduled time may be the current minute, not earlier, and at most `maxDaysAhead` days ahead.
 */
export function resolveRequestedTime(
  method: DeliveryMethod,
  scheduledFor: string | null,
  now: Date,
  settings: RequestedTimeSettings,
): RequestedTime {
  const zone = `shop time, ${settings.timeZone}`;
  const label = DELIVERY_METHOD_LABELS[method];
  const window = RECEIVING_WINDOWS[method];
  const nowLocal = toShopLocal(now, settings.timeZone);
  const fail = (message: string): RequestedTime => ({ ok: false, field: 'scheduledFor', message });

  if (scheduledFor === null) {
    if (!isInsideWindow(method, nowLocal)) {
      return fail(
        `${label} is only ${window.text} (${zone}) and it is now ${describeShopLocal(nowLocal)}: choose a time inside those hours (scheduledFor)`,
      );
    }
    return { ok: true, scheduledFor: nowLocal.text, scheduledAt: shopLocalToInstant(nowLocal, settings.timeZone).toISOString(), isAsap: true };
  }

  const local = parseShopLocal(scheduledFor);
  if (!local) return fail(`scheduledFor ${scheduledFor} is not a real date and time (YYYY-MM-DDTHH:mm, ${zone})`);
  const at = shopLocalToInstant(local, settings.timeZone);
  const startOfThisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (at.getTime() < startOfThisMinute) {
    return fail(`scheduledFor ${scheduledFor} is in the past: it is now ${nowLocal.text} (${zone})`);
  }
  if (at.getTime() > now.getTime() + settings.maxDaysAhead * DAY_MS) {
    return fail(`scheduledFor can be at most ${settings.maxDaysAhead} days ahead, until ${toShopLocal(new Date(now.getTime() + settings.maxDaysAhead * DAY_MS), settings.timeZone).text} (${zone})`);
  }
  if (!isInsideWindow(method, local)) {
    return fail(`${label} is only ${window.text} (${zone}); ${describeShopLocal(local)} is outside: choose another time (scheduledFor)`);
  }
  return { ok: true, scheduledFor: local.text, scheduledAt: at.toISOString(), isAsap: false };
}
