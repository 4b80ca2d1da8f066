import type { DeliveryMethod } from '@coffee/contract';
import { parseShopLocal, shopLocalToInstant, toShopLocal, type ShopLocal } from '../../lib/shop-time.js';
import type { Text, Value } from '../../lib/i18n.js';

/**
 * When an order can be received, on the shop's clock, at minute precision, both ends included:
 * - Door Delivery: Monday to Friday, 13:00 to 19:00 (the shop delivers on weekday afternoons only);
 *   a delivery at 19:00 sharp is inside, 19:01 is not.
 * - Dine in and Pick up: every day, 09:00 to 18:00 (the shop's opening hours).
 */
interface Window {
  days: readonly number[];
  fromMinute: number;
  toMinute: number;
}

const hm = (h: number, m = 0) => h * 60 + m;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export const RECEIVING_WINDOWS: Record<DeliveryMethod, Window> = {
  'door-delivery': { days: [1, 2, 3, 4, 5], fromMinute: hm(13), toMinute: hm(19) },
  'dine-in': { days: EVERY_DAY, fromMinute: hm(9), toMinute: hm(18) },
  'pick-up': { days: EVERY_DAY, fromMinute: hm(9), toMinute: hm(18) },
};

/** A week's hours: the days (ISO weekdays) open and their times ('HH:MM'). */
export type WeekHours = readonly { day: number; from: string; to: string }[];

/**
 * The hours as a customer reads them, the start of every refusal of a time: "We deliver Monday to Friday between
 * 13:00 and 19:00", "Dine in is open every day between 09:00 and 18:00", day by day when the days differ.
 */
export function describeHours(method: DeliveryMethod, hours: WeekHours): Text {
  const way = method === 'pick-up' ? 'pickup' : method === 'door-delivery' ? 'delivery' : 'dinein';
  return /*i18n*/ { id: '{way, select, delivery {We deliver} pickup {Pick up is open} other {Dine in is open}} {week}', values: { way, week: describeWeek(hours) } };
}

/** The days in words, "Monday to Friday between 13:00 and 19:00" when they share hours, else day by day. */
function describeWeek(hours: WeekHours): Value {
  const [first] = hours;
  if (!first) return /*i18n*/ { id: 'on no day' };
  const { from, to } = first;
  const days = hours.map((h) => h.day).sort((a, b) => a - b);
  if (!hours.every((h) => h.from === from && h.to === to)) {
    return { commas: hours.map((h) => /*i18n*/ ({ id: '{day} {from}-{to}', values: { day: { weekday: h.day }, from: h.from, to: h.to } })) };
  }
  if (days.length === 7) return /*i18n*/ { id: 'every day between {from} and {to}', values: { from, to } };
  const consecutive = days.length > 1 && days.every((d, i) => i === 0 || d === (days[i - 1] ?? 0) + 1);
  if (consecutive) {
    return /*i18n*/ { id: '{first} to {last} between {from} and {to}', values: { first: { weekday: days[0] ?? 1 }, last: { weekday: days[days.length - 1] ?? 7 }, from, to } };
  }
  return /*i18n*/ { id: '{days} between {from} and {to}', values: { days: { commas: days.map((day) => ({ weekday: day })) }, from, to } };
}

const clock = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function isInsideWindow(method: DeliveryMethod, local: ShopLocal): boolean {
  const w = RECEIVING_WINDOWS[method];
  return w.days.includes(local.isoWeekday) && local.minuteOfDay >= w.fromMinute && local.minuteOfDay <= w.toMinute;
}

/** When a place receives orders: a store's own hours (modules/stores), or the default windows above. */
export interface ReceivingHours {
  isInside(method: DeliveryMethod, local: ShopLocal): boolean;
  /** The hours as a customer reads them, the start of every refusal (describeHours). */
  describe(method: DeliveryMethod): Text;
}

/** The default windows, which a store without hours of its own keeps. */
export const DEFAULT_RECEIVING_HOURS: ReceivingHours = {
  isInside: isInsideWindow,
  describe: (method) => {
    const w = RECEIVING_WINDOWS[method];
    return describeHours(method, w.days.map((day) => ({ day, from: clock(w.fromMinute), to: clock(w.toMinute) })));
  },
};

export interface RequestedTimeSettings {
  timeZone: string;
  /** Absent: the default windows. */
  hours?: ReceivingHours | undefined;
  /** How far ahead a customer may schedule (ORDER_MAX_DAYS_AHEAD). */
  maxDaysAhead: number;
}

export type RequestedTime =
  | { ok: true; scheduledFor: string; scheduledAt: string; isAsap: boolean }
  | { ok: false; field: 'scheduledFor'; message: Text };

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
  // Customers read these: shop-time words ("Saturday 28 November at 14:00", "Jakarta time") in their language, never
  // ISO text or field names.
  const zone = { zone: settings.timeZone };
  const receiving = settings.hours ?? DEFAULT_RECEIVING_HOURS;
  const hours = receiving.describe(method);
  const nowLocal = toShopLocal(now, settings.timeZone);
  const fail = (message: Text): RequestedTime => ({ ok: false, field: 'scheduledFor', message });

  if (scheduledFor === null) {
    if (!receiving.isInside(method, nowLocal)) {
      return fail(
        /*i18n*/ {
          id: '{hours} ({zone}). It is now {now}: please choose a time within those hours.',
          values: { hours, zone, now: { shopTime: nowLocal.text } },
        },
      );
    }
    return { ok: true, scheduledFor: nowLocal.text, scheduledAt: shopLocalToInstant(nowLocal, settings.timeZone).toISOString(), isAsap: true };
  }

  const local = parseShopLocal(scheduledFor);
  if (!local) return fail(/*i18n*/ 'That date and time does not exist. Please choose another time.');
  const at = shopLocalToInstant(local, settings.timeZone);
  const startOfThisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (at.getTime() < startOfThisMinute) {
    return fail(
      /*i18n*/ {
        id: '{time} has already passed (it is now {now}, {zone}). Please choose a later time.',
        values: { time: { shopTime: local.text }, now: { shopTime: nowLocal.text }, zone },
      },
    );
  }
  if (at.getTime() > now.getTime() + settings.maxDaysAhead * DAY_MS) {
    const last = toShopLocal(new Date(now.getTime() + settings.maxDaysAhead * DAY_MS), settings.timeZone);
    return fail(
      /*i18n*/ {
        id: 'We take orders at most {days} days ahead, until {last} ({zone}). Please choose an earlier time.',
        values: { days: settings.maxDaysAhead, last: { shopTime: last.text }, zone },
      },
    );
  }
  if (!receiving.isInside(method, local)) return fail(/*i18n*/ { id: '{hours} ({zone}). Please choose another time.', values: { hours, zone } });
  return { ok: true, scheduledFor: local.text, scheduledAt: at.toISOString(), isAsap: false };
}
