import { z } from 'zod';
import { dataOf } from './common.js';
import { OrderEventKind, OrderStatus } from './orders.js';

/** The `event:` name of every order message on the live order streams. */
export const ORDER_STREAM_EVENT = 'order';
/** The first message of a stream: its `id:` is where the stream starts, so a reconnect resumes from there. */
export const ORDER_STREAM_READY_EVENT = 'ready';

/** The `data:` of one `event: order` message; its `id:` is the same `eventId`. */
export const OrderStreamEvent = z
  .object({
    eventId: z.number().int().describe('The step\'s number: increasing, and the SSE `id:` a reconnect resumes after'),
    orderId: z.number().int().describe('The order that moved'),
    kind: OrderEventKind,
    status: OrderStatus.describe('Where the order is now (a later step may already have moved it on)'),
    at: z.string().describe('When the step was taken (ISO-8601 UTC timestamp)'),
  })
  .meta({ id: 'OrderStreamEvent', description: 'One step of an order, as sent on the live order streams' });
export type OrderStreamEvent = z.infer<typeof OrderStreamEvent>;

export const OrderStreamQuery = z.object({
  since: z.coerce
    .number({ error: /*i18n*/ 'must be a whole number' })
    .int(/*i18n*/ 'must be a whole number')
    .min(0, /*i18n*/ 'must be 0 or more')
    .optional()
    .describe('Resume after this event id (as the `Last-Event-ID` header does; the header wins when both are sent)'),
});
export type OrderStreamQuery = z.infer<typeof OrderStreamQuery>;

export const OrderStreamHeaders = z.looseObject({
  'last-event-id': z
    .string()
    .optional()
    .describe('The id of the last message received: the steps taken since are sent first (browsers send it on reconnect)'),
});

/** YYYY-MM-DD, a shop day. */
export const StaffStatsQuery = z.object({
  date: z
    .string({ error: /*i18n*/ 'must be a date written YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'must be a date written YYYY-MM-DD')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, /*i18n*/ 'must be a real calendar date')
    .optional()
    .describe('The shop day (YYYY-MM-DD, shop time); today when absent'),
});
export type StaffStatsQuery = z.infer<typeof StaffStatsQuery>;

export const SlotCount = z
  .object({
    time: z.string().describe('Start of the hour, shop time, HH:mm'),
    orders: z.number().int().describe('Orders the customers get in that hour'),
  })
  .meta({ id: 'SlotCount', description: 'Orders for one hour of the day' });
export type SlotCount = z.infer<typeof SlotCount>;

export const StoreDayStats = z
  .object({
    storeId: z.number().int().nullable().describe('The store; null for orders placed before stores existed'),
    storeName: z.string().describe('The store\'s name ("No store" for orders placed before stores existed)'),
    orders: z.number().int().describe('Orders for the day, cancelled ones left out'),
    salesIdr: z.number().int().describe('Their totals added up, whole rupiah'),
  })
  .meta({ id: 'StoreDayStats', description: 'One store\'s day' });
export type StoreDayStats = z.infer<typeof StoreDayStats>;

export const StaffDayStats = z
  .object({
    date: z.string().describe('The shop day, YYYY-MM-DD'),
    orders: z.number().int().describe('Orders the customers get that day, cancelled ones left out'),
    cancelled: z.number().int().describe('Orders for that day that were cancelled'),
    salesIdr: z.number().int().describe('The totals of the orders counted, whole rupiah'),
    slots: z.array(SlotCount).describe('Orders per hour of the day, earliest first, hours without orders left out'),
    busiestSlots: z.array(SlotCount).describe('The (at most three) hours with the most orders, busiest first'),
    stores: z.array(StoreDayStats).describe('The day per store, most orders first'),
  })
  .meta({ id: 'StaffDayStats', description: 'A shop day at a glance' });
export type StaffDayStats = z.infer<typeof StaffDayStats>;

export const StaffDayStatsResponse = dataOf(StaffDayStats, 'The day at a glance').describe('The day at a glance');
export type StaffDayStatsResponse = z.infer<typeof StaffDayStatsResponse>;
