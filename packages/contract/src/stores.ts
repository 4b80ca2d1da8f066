import { z } from 'zod';
import { DeliveryMethod, ShopLocalDateTime } from './cart.js';
import { dataOf } from './common.js';

/** 'HH:mm' on the store's clock, 24-hour. */
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, /*i18n*/ 'must be a time as HH:mm (24-hour)');

/** Hours on one weekday, both ends included; a weekday not listed is closed. */
export const DayHours = z
  .object({
    day: z.number().int().min(1, /*i18n*/ 'must be a weekday from 1 (Monday) to 7 (Sunday)').max(7, /*i18n*/ 'must be a weekday from 1 (Monday) to 7 (Sunday)').describe('ISO weekday: 1 Monday ... 7 Sunday'),
    from: ClockTime.describe("Opening time, 'HH:mm' on the store's clock, included"),
    to: ClockTime.describe("Closing time, 'HH:mm' on the store's clock, included"),
  })
  .refine((h) => h.from < h.to, { message: /*i18n*/ 'must close after it opens', path: ['to'] })
  .describe('The hours of one weekday, both ends included');
export type DayHours = z.infer<typeof DayHours>;

const WeeklyHours = z
  .array(DayHours)
  .max(7, /*i18n*/ 'must list each weekday at most once')
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, /*i18n*/ 'must list each weekday at most once');

const SlotCapacity = z.number().int(/*i18n*/ 'must be a whole number of orders').min(1, /*i18n*/ 'must be at least 1 order').max(500, /*i18n*/ 'must be at most 500 orders');

/** Orders one slot takes, per delivery method. */
export const CapacityPerSlot = z
  .object({
    'dine-in': SlotCapacity.describe('Dine in orders per slot'),
    'door-delivery': SlotCapacity.describe('Door Delivery orders per slot'),
    'pick-up': SlotCapacity.describe('Pick up orders per slot'),
  })
  .describe('How many orders one slot takes, per delivery method');
export type CapacityPerSlot = z.infer<typeof CapacityPerSlot>;

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'must be a date as YYYY-MM-DD');

/** Whether the runtime knows the zone (Node and browsers both ship the IANA names). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What staff set for a store; a store as read has these and more. */
const storeFields = {
    name: z.string().trim().min(1, /*i18n*/ 'must not be empty').max(80, /*i18n*/ 'must be at most 80 characters').describe("The store's name"),
    address: z.string().trim().min(1, /*i18n*/ 'must not be empty').max(300, /*i18n*/ 'must be at most 300 characters').describe('Street address'),
    latitude: z.number().min(-90).max(90).describe('Latitude in degrees'),
    longitude: z.number().min(-180).max(180).describe('Longitude in degrees'),
    phone: z.string().trim().max(30, /*i18n*/ 'must be at most 30 characters').describe('Phone number for customers, may be empty'),
    deliveryMethods: z
      .array(DeliveryMethod)
      .min(1, /*i18n*/ 'must offer at least one way to receive an order')
      .refine((m) => new Set(m).size === m.length, /*i18n*/ 'must list each method once')
      .describe('How customers can receive orders from this store'),
    openingHours: WeeklyHours.describe('When the store is open (Dine in and Pick up), per weekday; weekdays not listed are closed'),
    deliveryHours: WeeklyHours.describe('When the store delivers (Door Delivery), per weekday; weekdays not listed have no delivery'),
    closedDates: z.array(LocalDate).max(366).describe("Dates the store is closed all day, 'YYYY-MM-DD' on its clock"),
    slotMinutes: z.number().int().min(5, /*i18n*/ 'must be at least 5 minutes').max(120, /*i18n*/ 'must be at most 120 minutes').describe('Length of one pickup/delivery slot in minutes'),
    capacityPerSlot: CapacityPerSlot,
    leadMinutes: z.number().int().min(0, /*i18n*/ 'must be 0 or more minutes').max(240, /*i18n*/ 'must be at most 240 minutes').describe('Minutes from ordering to the earliest slot'),
    timeZone: z
      .string()
      .max(64, /*i18n*/ 'must be a time zone such as Asia/Jakarta')
      .refine(isTimeZone, /*i18n*/ 'must be a time zone such as Asia/Jakarta')
      .nullable()
      .optional()
      .describe("IANA zone of the store's clock (e.g. Asia/Makassar); null or absent: the shop's clock"),
};

export const StoreInput = z.object(storeFields).meta({ id: 'StoreSettings', description: "A store's settings, as staff set them" });
export type StoreInput = z.infer<typeof StoreInput>;

/** Staff rush control: pause online ordering, or add preparation minutes to every new order. */
export const StoreRushInput = z
  .object({
    paused: z.boolean().describe('True: the store takes no online orders (until `pausedUntil`, or until staff resume)'),
    pausedUntil: ShopLocalDateTime.nullable()
      .default(null)
      .describe("With `paused`: when ordering opens again, 'YYYY-MM-DDTHH:mm' on the store's clock; null: until staff resume"),
    extraPrepMinutes: z.number().int().min(0, /*i18n*/ 'must be 0 or more minutes').max(240, /*i18n*/ 'must be at most 240 minutes').describe('Minutes added to every new order now (0: none)'),
  })
  .meta({ id: 'StoreRushInput', description: 'Pause online ordering or add preparation time' });
export type StoreRushInput = z.infer<typeof StoreRushInput>;
export type StoreRushInputBody = z.input<typeof StoreRushInput>;

export const Store = z.object({
  ...storeFields,
  id: z.number().int().describe('The store id, to send as `storeId` when ordering'),
  timeZone: z.string().describe("IANA zone of the store's clock; hours and slots are in it"),
  isDefault: z.boolean().describe('The store an order goes to when it names none'),
  paused: z.boolean().describe('True while the store takes no online orders'),
  pausedUntil: z.string().nullable().describe("When a pause ends, 'YYYY-MM-DDTHH:mm' on the store's clock; null: none or until staff resume"),
  extraPrepMinutes: z.number().int().describe('Minutes added to every new order now because the store is busy'),
  today: z
    .object({
      date: z.string().describe("Today on the store's clock, 'YYYY-MM-DD'"),
      hours: z
        .object({ from: z.string().describe("Opening time, 'HH:mm'"), to: z.string().describe("Closing time, 'HH:mm'") })
        .nullable()
        .describe("Today's opening hours ('HH:mm'), or null when closed today"),
      openNow: z.boolean().describe('True when the store is open right now'),
    })
    .describe("Today's hours"),
  notice: z
    .string()
    .nullable()
    .describe('A sentence for customers when the store is paused or busy (e.g. "This store is very busy: the next pickup is 09:10"), else null'),
}).meta({ id: 'Store', description: 'A store customers can order from' });
export type Store = z.infer<typeof Store>;

export const StoreResponse = dataOf(Store, 'The store').describe('The store');
export type StoreResponse = z.infer<typeof StoreResponse>;
export const StoreListResponse = z
  .object({ data: z.array(Store).describe('Every store, the default first') })
  .describe('The stores');
export type StoreListResponse = z.infer<typeof StoreListResponse>;

export const SlotsQuery = z.object({
  method: DeliveryMethod.default('pick-up').describe('The delivery method the slots are for'),
  date: LocalDate.optional().describe("The day, 'YYYY-MM-DD' on the store's clock; absent: today"),
});
export type SlotsQuery = z.infer<typeof SlotsQuery>;

export const Slot = z
  .object({
    startsAt: z.string().describe("When the slot starts, 'YYYY-MM-DDTHH:mm' on the store's clock: send it as `scheduledFor`"),
    time: z.string().describe("The same time as 'HH:mm', to show"),
    capacity: z.number().int().describe('Orders the slot takes'),
    taken: z.number().int().describe('Orders already in it'),
    orderable: z.boolean().describe('True when an order can still be placed for it (not past, not full, store not paused)'),
  })
  .meta({ id: 'Slot', description: 'One pickup/delivery slot and how full it is' });
export type Slot = z.infer<typeof Slot>;

export const StoreSlots = z
  .object({
    storeId: z.number().int().describe('The store'),
    method: DeliveryMethod,
    date: z.string().describe("The day, 'YYYY-MM-DD' on the store's clock"),
    asap: Slot.nullable().describe('The slot "as soon as possible" would get now (lead time and rush included), or null when none is left today'),
    notice: z.string().nullable().describe('A sentence for the customer when the store is paused or busy, else null'),
    slots: z.array(Slot).describe("The day's slots from now on, earliest first"),
  })
  .meta({ id: 'StoreSlots', description: "A store's slots for one day and method" });
export type StoreSlots = z.infer<typeof StoreSlots>;
export const StoreSlotsResponse = dataOf(StoreSlots, 'The slots').describe('The slots');
export type StoreSlotsResponse = z.infer<typeof StoreSlotsResponse>;

/** A refused placement because the slot is full or the store is paused: the next slot that has room, if any. */
export const SlotConflictDetails = z.object({
  nextSlot: Slot.nullable()
    .optional()
    .describe('When the slot was full or the store is busy: the next slot with room (send its `startsAt` as `scheduledFor`), or null when none is left today'),
});

/** The store an order goes to, as an order shows it. */
export const OrderStore = z
  .object({
    id: z.number().int().describe('The store id'),
    name: z.string().describe("The store's name"),
    address: z.string().describe("The store's address"),
  })
  .meta({ id: 'OrderStore', description: 'The store that prepares the order' });
export type OrderStore = z.infer<typeof OrderStore>;
