import { z } from 'zod';
import { dataOf } from './common.js';

// Reports for the owner (apps/api modules/reports): a date range of the shop's days, per store or all.

/** A day as YYYY-MM-DD; `words` name it, written out so extraction can read them (decision 037). */
const calendarDate = (words: { notADate: string; notReal: string }) =>
  z
    .string({ error: words.notADate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, words.notADate)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01';
    }, words.notReal);

export const REPORT_RANGES = ['day', 'week', 'month', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
/** The longest custom range: a year and a day, so a leap year fits. */
export const MAX_REPORT_DAYS = 367;

export const ReportQuery = z.object({
  range: z.enum(REPORT_RANGES, { error: () => /*i18n*/ 'Choose a day, a week, a month or your own dates' }).default('day').describe('day, week (Monday to Sunday), month, or custom (from and to)'),
  date: calendarDate({ notADate: /*i18n*/ 'The day must be a date written YYYY-MM-DD', notReal: /*i18n*/ 'The day must be a real calendar date' }).optional().describe('A day inside the day, week or month shown (YYYY-MM-DD, shop time); today when absent'),
  from: calendarDate({ notADate: /*i18n*/ 'The first day must be a date written YYYY-MM-DD', notReal: /*i18n*/ 'The first day must be a real calendar date' }).optional().describe('custom: the first day, YYYY-MM-DD, shop time'),
  to: calendarDate({ notADate: /*i18n*/ 'The last day must be a date written YYYY-MM-DD', notReal: /*i18n*/ 'The last day must be a real calendar date' }).optional().describe('custom: the last day (included), YYYY-MM-DD, shop time'),
  storeId: z.coerce
    .number({ error: /*i18n*/ 'Choose a store from the list' })
    .int(/*i18n*/ 'Choose a store from the list')
    .positive(/*i18n*/ 'Choose a store from the list')
    .max(2_147_483_647, /*i18n*/ 'Choose a store from the list')
    .optional()
    .describe('One store; every store when absent'),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

const Figure = z.object({
  orders: z.number().int().describe('Paid orders'),
  salesIdr: z.number().int().describe('Their totals (what customers paid), whole rupiah'),
});

export const ReportTotals = z.object({
  salesIdr: z.number().int().describe('What the paid orders cost the customers: items - discounts + tax + delivery'),
  orders: z.number().int().describe('Paid orders, cancelled ones left out'),
  averageTicketIdr: z.number().int().describe('Sales per paid order, rounded to the rupiah; 0 without orders'),
  itemsSold: z.number().int().describe('Items on the paid orders'),
  itemSalesIdr: z.number().int().describe('The items at their prices, before discounts and tax (the sum of by product)'),
  discountsIdr: z.number().int().describe('Coupon discounts given on paid orders'),
  taxIdr: z.number().int().describe('Tax collected on paid orders'),
  deliveryIdr: z.number().int().describe('Delivery fees on paid orders'),
});

export const ReportTax = z.object({
  label: z.string().describe("The tax's name on the report (TAX_LABEL; PB1 by default)"),
  ratePercent: z.string().describe('The rate now, in percent (TAX_RATE)'),
  basis: z.string().describe('How the tax is computed, in words'),
  collectedIdr: z.number().int().describe('The tax on the paid orders, whole rupiah'),
});

export const Report = z
  .object({
    range: z.enum(REPORT_RANGES).describe('The range asked for'),
    from: z.string().describe('First day, YYYY-MM-DD, shop time'),
    to: z.string().describe('Last day (included), YYYY-MM-DD, shop time'),
    timeZone: z.string().describe('The shop time zone the days and hours are in'),
    storeId: z.number().int().nullable().describe('The store; null for every store'),
    storeName: z.string().nullable().describe("The store's name; null for every store"),
    totals: ReportTotals.describe('The paid orders of the range'),
    tax: ReportTax.describe('The tax collected and how it is computed'),
    refunds: z
      .object({
      orders: z.number().int().describe('Orders paid in the range and cancelled after: money owed or paid back'),
      amountIdr: z.number().int().describe('Their totals, whole rupiah'),
      paidBackOrders: z.number().int().describe('Of them, paid back'),
      paidBackIdr: z.number().int().describe('Totals of those paid back, whole rupiah'),
    })
      .describe('Paid, then cancelled: money owed back or paid back'),
    cancellations: z.object({
      orders: z.number().int().describe('Orders placed in the range and cancelled before they were paid'),
      amountIdr: z.number().int().describe('Their totals, whole rupiah'),
    })
      .describe('Orders that never became sales'),
    byDay: z.array(Figure.extend({ date: z.string().describe('The day, YYYY-MM-DD') })).describe('Every day of the range, first day first'),
    byHour: z.array(Figure.extend({ hour: z.number().int().min(0).max(23).describe('Hour of the day, shop time') })).describe('Hours 0 to 23 of the day, shop time'),
    byWeekday: z.array(Figure.extend({ weekday: z.number().int().min(1).max(7).describe('ISO weekday'), name: z.string().describe('Its name') })).describe('Monday (1) to Sunday (7)'),
    byStore: z.array(Figure.extend({ storeId: z.number().int().nullable().describe('The store; null for orders without one'), name: z.string().describe("The store's name") })).describe('Most sales first'),
    byPaymentMethod: z.array(Figure.extend({ method: z.string().describe('The payment method'), label: z.string().describe('Its name') })).describe('Most sales first'),
    byChannel: z.array(Figure.extend({ channel: z.string().describe('The delivery method'), label: z.string().describe('Its name') })).describe('Pick up, dine in, delivery; most sales first'),
    byProduct: z
      .array(z.object({ productId: z.number().int().describe('The product'), name: z.string().describe('Its name now'), category: z.string().describe('Its category'), quantity: z.number().int().describe('Items sold'), salesIdr: z.number().int().describe('Items at their prices, before discounts and tax') }))
      .describe('Most sales first'),
    byCategory: z.array(z.object({ category: z.string().describe('The category'), quantity: z.number().int().describe('Items sold'), salesIdr: z.number().int().describe('Items at their prices, before discounts and tax') })).describe('Most sales first'),
  })
  .meta({ id: 'Report', description: 'Sales of a date range: paid orders only, refunds and cancellations apart' });
export type Report = z.infer<typeof Report>;

export const ReportResponse = dataOf(Report, 'The report').describe('The report');
export type ReportResponse = z.infer<typeof ReportResponse>;
