import { z } from 'zod';
import { dataOf } from './common.js';
import { OrderStatus, PaymentStatus, RefundStatus } from './orders.js';

export const ReconciliationQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'must be a date as YYYY-MM-DD')
    .optional()
    .describe("The shop day whose charges to list, 'YYYY-MM-DD' on the shop's clock; absent: today"),
});
export type ReconciliationQuery = z.infer<typeof ReconciliationQuery>;

/** Why a charge and its order disagree; null when they agree. */
export const RECONCILIATION_PROBLEMS = ['paid-not-in-shop', 'cancelled-in-shop', 'not-settled', 'amount'] as const;
export type ReconciliationProblem = (typeof RECONCILIATION_PROBLEMS)[number];

export const ReconciliationLine = z
  .object({
    reference: z.string().describe("The charge's reference at the payment service (its order_id there)"),
    orderId: z.number().int().describe('The shop order'),
    storeName: z.string().nullable().describe("The order's store (null: none recorded)"),
    method: z.string().describe('How it was paid, in words: QRIS, Virtual account (BNI), Card'),
    amountIdr: z.number().int().describe('What the charge asked for, whole rupiah'),
    orderTotalIdr: z.number().int().describe("The order's total, whole rupiah"),
    gatewayStatus: z.string().describe("The charge's state at the payment service as the shop last saw it (settlement, pending, expire...)"),
    gatewayRefund: z.enum(['requested', 'refunded', 'failed']).nullable().describe('A refund through the payment service, if any'),
    orderStatus: OrderStatus,
    paymentStatus: PaymentStatus,
    refundStatus: RefundStatus.nullable(),
    createdAt: z.string().describe('When the charge was made (ISO-8601 UTC)'),
    problem: z.enum(RECONCILIATION_PROBLEMS).nullable().describe('How the two disagree; null: they agree'),
    problemText: z.string().nullable().describe('The disagreement in words, for the owner'),
  })
  .meta({ id: 'ReconciliationLine', description: 'One charge at the payment service beside its order' });
export type ReconciliationLine = z.infer<typeof ReconciliationLine>;

export const Reconciliation = z
  .object({
    date: z.string().describe("The shop day, 'YYYY-MM-DD'"),
    timeZone: z.string().describe("The shop's clock the day is read on"),
    disagreements: z.number().int().describe('How many lines disagree (they come first)'),
    lines: z.array(ReconciliationLine).describe('Disagreements first, then by when the charge was made'),
  })
  .meta({ id: 'Reconciliation', description: "A day's charges at the payment service beside the shop's orders" });
export type Reconciliation = z.infer<typeof Reconciliation>;

export const ReconciliationResponse = dataOf(Reconciliation, "The day's charges beside their orders").meta({
  id: 'ReconciliationResponse',
  description: "A day's charges beside their orders",
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponse>;
