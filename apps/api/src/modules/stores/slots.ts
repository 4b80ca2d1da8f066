import type { DayHours, DeliveryMethod, Slot } from '@coffee/contract';
import { describeHours, type ReceivingHours } from '../checkout/checkout.service.js';
import { parseShopLocal, shopLocalToInstant, toShopLocal, type ShopLocal } from '../../lib/shop-time.js';
import type { Text } from '../../lib/i18n.js';
import type { StoreRecord } from './stores.repository.js';

/**
 * A store's day cut into slots: from opening, every `slotMinutes`, up to closing (both ends included, like the
 * hours themselves). Door Delivery follows the delivery hours, Dine in and Pick up the opening hours. Pure
 * functions of the store, the clock and the counts; no database.
 */

const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export interface DayWindow {
  fromMinute: number;
  toMinute: number;
}

const weeklyHours = (store: StoreRecord, method: DeliveryMethod): DayHours[] =>
  method === 'door-delivery' ? store.deliveryHours : store.openingHours;

/** The hours `method` is served on a local date ('YYYY-MM-DD'), or null: closed, a closure date, or not offered. */
export function windowOn(store: StoreRecord, method: DeliveryMethod, date: string): DayWindow | null {
  if (!store.deliveryMethods.includes(method) || store.closedDates.includes(date)) return null;
  const day = parseShopLocal(`${date}T00:00`);
  if (!day) return null;
  const hours = weeklyHours(store, method).find((h) => h.day === day.isoWeekday);
  return hours ? { fromMinute: minuteOf(hours.from), toMinute: minuteOf(hours.to) } : null;
}

/** The store's hours for the checkout rules: its own week, closure dates and methods. */
export function receivingHoursOf(store: StoreRecord): ReceivingHours {
  return {
    isInside(method: DeliveryMethod, local: ShopLocal) {
      const w = windowOn(store, method, local.text.slice(0, 10));
      return w !== null && local.minuteOfDay >= w.fromMinute && local.minuteOfDay <= w.toMinute;
    },
    // The same words as the shop's default windows: the customer has just chosen the store, so it goes unnamed.
    describe: (method: DeliveryMethod) => describeHours(method, weeklyHours(store, method)),
  };
}

export interface SlotTime {
  /** 'YYYY-MM-DDTHH:mm' on the store's clock. */
  local: string;
  /** ISO-8601 UTC: the slot counter's key. */
  at: string;
}

/** Every slot start of a date. */
export function slotTimes(store: StoreRecord, method: DeliveryMethod, date: string, timeZone: string): SlotTime[] {
  const w = windowOn(store, method, date);
  if (!w) return [];
  const times: SlotTime[] = [];
  for (let m = w.fromMinute; m <= w.toMinute; m += store.slotMinutes) {
    const local = parseShopLocal(`${date}T${clock(m)}`);
    if (local) times.push({ local: local.text, at: shopLocalToInstant(local, timeZone).toISOString() });
  }
  return times;
}

/** The slot a chosen time falls in: the last slot start at or before it. */
export function slotContaining(store: StoreRecord, method: DeliveryMethod, local: ShopLocal, timeZone: string): SlotTime | null {
  const times = slotTimes(store, method, local.text.slice(0, 10), timeZone);
  return times.filter((t) => t.local <= local.text).pop() ?? null;
}

/** True while the store takes no online orders. */
export const isPaused = (store: StoreRecord, now: Date): boolean =>
  store.paused && (store.pausedUntil === null || now.getTime() < Date.parse(store.pausedUntil));

/** The earliest an order placed now can be ready: this minute plus lead time plus the rush's extra minutes. */
export function earliestReady(store: StoreRecord, now: Date): Date {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(minute + (store.leadMinutes + store.extraPrepMinutes) * 60_000);
}

export function toSlot(store: StoreRecord, method: DeliveryMethod, time: SlotTime, taken: number, now: Date): Slot {
  const capacity = store.capacityPerSlot[method];
  return {
    startsAt: time.local,
    time: time.local.slice(11, 16),
    capacity,
    taken,
    orderable: !isPaused(store, now) && Date.parse(time.at) >= earliestReady(store, now).getTime() && taken < capacity,
  };
}

/** A delivery method as a key an ICU `select` can read (its keys cannot hold the hyphens of the method's code). */
export type MethodKey = 'pickup' | 'delivery' | 'dinein';
export const methodKey = (method: DeliveryMethod): MethodKey =>
  method === 'pick-up' ? 'pickup' : method === 'door-delivery' ? 'delivery' : 'dinein';

/** The refusal of a method the store does not offer, the method named in the reader's language. */
export const notOffered = (store: string, method: DeliveryMethod): Text => (/*i18n*/ {
  id: '{store} does not offer {way, select, pickup {Pick up} delivery {Door Delivery} other {Dine in}}. Please choose another store or another way to get your order.',
  values: { store, way: methodKey(method) },
});

/** No slot of this method is left today (the method's word for one order: pickup, delivery, Dine in table). */
export const noneLeftToday = (way: MethodKey, store: string): Text => (/*i18n*/ {
  id: 'No {way, select, pickup {pickup} delivery {delivery} other {Dine in table}} is left today at {store}. Please choose a time on another day.',
  values: { way, store },
});

/** What a customer must know before choosing this store: paused, or busy (extra preparation minutes). */
export function noticeOf(store: StoreRecord, method: DeliveryMethod, now: Date, timeZone: string, next: Slot | null): Text | null {
  if (isPaused(store, now)) {
    if (store.pausedUntil === null) return /*i18n*/ 'This store is not taking online orders right now. Please choose another store or try again later.';
    const until = toShopLocal(new Date(store.pausedUntil), timeZone);
    const today = toShopLocal(now, timeZone).text.slice(0, 10);
    // The weekday by its ISO number, so each language names it; none when it is today.
    const day = until.text.startsWith(today) ? 'today' : String(until.isoWeekday);
    return /*i18n*/ {
      id: 'This store is not taking online orders until {day, select, 1 {Monday {time}} 2 {Tuesday {time}} 3 {Wednesday {time}} 4 {Thursday {time}} 5 {Friday {time}} 6 {Saturday {time}} 7 {Sunday {time}} other {{time}}}.',
      values: { day, time: until.text.slice(11) },
    };
  }
  if (store.extraPrepMinutes > 0) {
    const way = methodKey(method);
    return next
      ? /*i18n*/ {
          id: 'This store is very busy: the next {way, select, pickup {pickup} delivery {delivery} other {Dine in table}} is {time}.',
          values: { way, time: next.time },
        }
      : /*i18n*/ { id: 'This store is very busy: no {way, select, pickup {pickup} delivery {delivery} other {Dine in table}} is left today.', values: { way } };
  }
  return null;
}
