import type { Kysely, Transaction } from 'kysely';
import type { PaymentMethod, PaymentStatus } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

/**
 * The orders table's payment columns (part of the order repository): the payment's state and words, its method, the
 * window of an online payment (migration 018) and the refund recorded. Every write is a compare-and-set where two
 * requests could race.
 */
export function createOrderPaymentStateRepository(db: Kysely<Database>) {
  return {
    /** The payment's state and words; `paymentDueAt` when it waits for an online payment (the end of its window). */
    async setPayment(
      orderId: number,
      paymentStatus: PaymentStatus,
      instructions: string | null,
      trx?: Transaction<Database>,
      paymentDueAt: string | null = null,
    ): Promise<void> {
      await (trx ?? db)
        .updateTable('orders')
        .set({ payment_status: paymentStatus, payment_instructions: instructions, payment_due_at: paymentStatus === 'awaiting-payment' ? paymentDueAt : null })
        .where('id', '=', orderId)
        .execute();
    },

    /** Another payment method for an order still pending and awaiting payment (compare-and-set on its method). */
    async changePaymentMethod(
      orderId: number,
      from: PaymentMethod,
      to: PaymentMethod,
      payment: { paymentStatus: PaymentStatus; instructions: string | null; online: boolean },
      nowIso: string,
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('orders')
        // Another online method keeps the order's window; a way paid at hand-over (cash) has none.
        .set({
          payment_method: to,
          payment_status: payment.paymentStatus,
          payment_instructions: payment.instructions,
          updated_at: nowIso,
          ...(payment.online ? {} : { payment_due_at: null }),
        })
        .where('id', '=', orderId)
        .where('payment_method', '=', from)
        .where('status', '=', 'pending')
        .where('payment_status', '=', 'awaiting-payment')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Orders whose payment window ended unpaid (oldest first): the sweep cancels them. */
    async listOverduePayments(nowIso: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'pending')
        .where('payment_status', '=', 'awaiting-payment')
        .where('payment_due_at', 'is not', null)
        .where('payment_due_at', '<=', nowIso)
        .orderBy('payment_due_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Records that a refund owed was paid back; false when none was due any more (someone else just recorded it). */
    async markRefunded(orderId: number, nowIso: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('orders')
        .set({ refund_status: 'refunded', updated_at: nowIso })
        .where('id', '=', orderId)
        .where('refund_status', '=', 'refund-due')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * What a customer paid for orders paid since `sinceIso`, other than `exceptOrderId`: paid and neither cancelled
     * nor refunded (the spend of the points tiers, decision 032).
     */
    async paidSpendSince(userId: number, sinceIso: string, exceptOrderId: number, trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db)
        .selectFrom('orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_idr'), eb.lit(0)).as('spent'))
        .where('user_id', '=', userId)
        .where('payment_status', '=', 'paid')
        .where('status', '!=', 'cancelled')
        .where('refund_status', 'is', null)
        .where('paid_at', '>=', sinceIso)
        .where('id', '!=', exceptOrderId)
        .executeTakeFirstOrThrow();
      return Number(row.spent);
    },
  };
}
