import type { OrderStatus, StaffOrder } from '@coffee/contract';

/** Minutes beyond a store's lead time that still count as "now": the barista starts a little ahead of the lead. */
export const NOW_MARGIN_MINUTES = 15;

/** Statuses in which the kitchen still has something to make: past the due time they are late. */
const TO_MAKE: readonly OrderStatus[] = ['pending', 'paid', 'preparing'];

export interface KitchenLanes {
  /** Due within the lead time plus the margin (late ones too), soonest first. */
  now: StaffOrder[];
  /** Due later today, soonest first. */
  laterToday: StaffOrder[];
  /** Other days, each with its orders, soonest day first. */
  laterDays: { day: string; orders: StaffOrder[] }[];
}

const dueMs = (order: StaffOrder) => Date.parse(order.scheduledAt);

/** Soonest due first; the order number breaks ties so the screen never reshuffles. */
export const byDue = (a: StaffOrder, b: StaffOrder) => dueMs(a) - dueMs(b) || a.id - b.id;

/**
 * Splits the open orders into the lanes of the kitchen display. `leadOf` gives the lead minutes of an order's
 * store; `today` is the shop's date ('YYYY-MM-DD'), against which `scheduledFor` (shop wall-clock) is compared.
 */
export function kitchenLanes(orders: readonly StaffOrder[], now: Date, today: string, leadOf: (order: StaffOrder) => number): KitchenLanes {
  const lanes: KitchenLanes = { now: [], laterToday: [], laterDays: [] };
  const days = new Map<string, StaffOrder[]>();
  for (const order of [...orders].sort(byDue)) {
    const horizon = now.getTime() + (leadOf(order) + NOW_MARGIN_MINUTES) * 60_000;
    const day = order.scheduledFor.slice(0, 10);
    if (dueMs(order) <= horizon) lanes.now.push(order);
    else if (day <= today) lanes.laterToday.push(order);
    else days.set(day, [...(days.get(day) ?? []), order]);
  }
  lanes.laterDays = [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => ({ day, orders: list }));
  return lanes;
}

/** Minutes an order is past its due time while still to make; 0 when it is not late. */
export function minutesLate(order: StaffOrder, now: Date): number {
  if (!TO_MAKE.includes(order.status)) return 0;
  const late = Math.floor((now.getTime() - dueMs(order)) / 60_000);
  return late > 0 ? late : 0;
}
