import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, PaymentChargeTable } from '../../db/schema.js';

export type ChargeMethod = 'qris' | 'bank_transfer' | 'credit_card' | 'gopay' | 'shopeepay';

export interface ChargeRecord {
  id: number;
  orderId: number;
  /** 1, 2...: unique per order. */
  attempt: number;
  reference: string;
  method: ChargeMethod;
  bank: string | null;
  amountIdr: number;
  transactionId: string | null;
  gatewayStatus: string;
  fraudStatus: string | null;
  qrString: string | null;
  deepLink: string | null;
  vaNumber: string | null;
  redirectUrl: string | null;
  expiresAt: string | null;
  message: string | null;
  refundState: 'requested' | 'refunded' | 'failed' | null;
  refundFailure: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ChargeAnswer {
  transactionId?: string | null | undefined;
  gatewayStatus: string;
  fraudStatus?: string | null | undefined;
  qrString?: string | null | undefined;
  deepLink?: string | null | undefined;
  vaNumber?: string | null | undefined;
  redirectUrl?: string | null | undefined;
  expiresAt?: string | null | undefined;
  message?: string | null | undefined;
}

const toRecord = (r: Selectable<PaymentChargeTable>): ChargeRecord => ({
  id: r.id,
  orderId: r.order_id,
  attempt: r.attempt,
  reference: r.reference,
  method: r.method as ChargeMethod,
  bank: r.bank,
  amountIdr: Number(r.amount_idr),
  transactionId: r.transaction_id,
  gatewayStatus: r.gateway_status,
  fraudStatus: r.fraud_status,
  qrString: r.qr_string,
  deepLink: r.deep_link,
  vaNumber: r.va_number,
  redirectUrl: r.redirect_url,
  expiresAt: r.expires_at,
  message: r.message,
  refundState: r.refund_state === 'requested' || r.refund_state === 'refunded' || r.refund_state === 'failed' ? r.refund_state : null,
  refundFailure: r.refund_failure,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The refund columns of payment_charges: claimed by one caller (compare-and-set), finished once. */
function createRefundClaims(q: (trx?: Transaction<Database>) => Kysely<Database> | Transaction<Database>) {
  return {
    /**
     * Takes the refund of a charge for one caller (compare-and-set): of a customer's cancel and a staff refund at the
     * same moment exactly one gets true and calls the gateway. A failed refund may be claimed again.
     */
    async claimRefund(id: number, nowIso: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await q(trx)
        .updateTable('payment_charges')
        .set({ refund_state: 'requested', refund_failure: null, updated_at: nowIso })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('refund_state', 'is', null), eb('refund_state', '=', 'failed')]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Staff paid it back themselves: the refund is taken as done (compare-and-set, like claimRefund), so a gateway
     * refund racing it finds it taken and never calls the gateway. False while a gateway refund is running.
     */
    async claimRefundByHand(id: number, nowIso: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await q(trx)
        .updateTable('payment_charges')
        .set({ refund_state: 'refunded', refund_failure: null, updated_at: nowIso })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('refund_state', 'is', null), eb('refund_state', '=', 'failed')]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finishRefund(id: number, outcome: { refunded: true } | { refunded: false; failure: string }, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await q(trx)
        .updateTable('payment_charges')
        .set(
          outcome.refunded
            ? { refund_state: 'refunded', refund_failure: null, gateway_status: 'refund', updated_at: nowIso }
            : { refund_state: 'failed', refund_failure: outcome.failure, updated_at: nowIso },
        )
        .where('id', '=', id)
        .where('refund_state', '=', 'requested')
        .execute();
    },
  };
}

/** The payment_charges table (migration 014); only the payments service uses it. */
export function createPaymentRepository(db: Kysely<Database>) {
  const q = (trx?: Transaction<Database>) => trx ?? db;
  return {
    async insertCharge(
      c: { orderId: number; attempt: number; reference: string; method: ChargeMethod; bank: string | null; amountIdr: number; nowIso: string },
      trx?: Transaction<Database>,
    ): Promise<ChargeRecord> {
      const row = await q(trx)
        .insertInto('payment_charges')
        .values({
          order_id: c.orderId,
          attempt: c.attempt,
          reference: c.reference,
          method: c.method,
          bank: c.bank,
          amount_idr: c.amountIdr,
          gateway_status: 'creating',
          created_at: c.nowIso,
          updated_at: c.nowIso,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async countForOrder(orderId: number, trx?: Transaction<Database>): Promise<number> {
      const row = await q(trx)
        .selectFrom('payment_charges')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async findByReference(reference: string, trx?: Transaction<Database>): Promise<ChargeRecord | undefined> {
      const row = await q(trx).selectFrom('payment_charges').selectAll().where('reference', '=', reference).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The newest charge of each order (the one the customer pays with now). */
    async latestOf(orderIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, ChargeRecord>> {
      const byOrder = new Map<number, ChargeRecord>();
      if (orderIds.length === 0) return byOrder;
      const rows = await q(trx)
        .selectFrom('payment_charges')
        .selectAll()
        .where('order_id', 'in', [...orderIds])
        .orderBy('order_id')
        .orderBy('id')
        .execute();
      for (const r of rows) byOrder.set(r.order_id, toRecord(r));
      return byOrder;
    },

    /** The charge an order was paid with, if any (a later attempt never replaces a settled one). */
    async paidChargeOf(orderId: number, trx?: Transaction<Database>): Promise<ChargeRecord | undefined> {
      const row = await q(trx)
        .selectFrom('payment_charges')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('gateway_status', 'in', ['settlement', 'capture', 'refund'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Charges whose outcome we may not know yet, whose refund call may have been cut short, or whose refund was refused
     * for the hour: the start-up check and the periodic one. A charge being made is left alone until `since.quiet`
     * (another process may be making it right now); 'unavailable' ones created since `since.unavailable` (a charge the
     * gateway made after the shop stopped waiting is found and shown, or closed).
     */
    async listUnsettled(
      since: { quiet: string; pendingQuiet: string; unavailable: string },
      trx?: Transaction<Database>,
    ): Promise<ChargeRecord[]> {
      const rows = await q(trx)
        .selectFrom('payment_charges')
        .selectAll()
        .where((eb) =>
          eb.or([
            // Being made: left to the process making it for a while (it may be waiting for the gateway right now).
            eb.and([eb('gateway_status', '=', 'creating'), eb('updated_at', '<=', since.quiet)]),
            eb.and([eb('gateway_status', '=', 'unavailable'), eb('created_at', '>=', since.unavailable), eb('updated_at', '<=', since.quiet)]),
            // Open, or a refund cut short: asked at most once per `pendingQuiet` (each answer writes updated_at).
            eb.and([eb('gateway_status', '=', 'pending'), eb('updated_at', '<=', since.pendingQuiet)]),
            eb.and([eb('refund_state', '=', 'requested'), eb('updated_at', '<=', since.pendingQuiet)]),
            eb.and([eb('refund_state', '=', 'failed'), eb('refund_failure', 'like', '%06:00 Jakarta time'), eb('updated_at', '<=', since.pendingQuiet)]),
          ]),
        )
        .orderBy('id')
        .limit(200)
        .execute();
      return rows.map(toRecord);
    },

    /** The customer's words on a charge (why the order ended). */
    async setMessage(id: number, message: string, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await q(trx).updateTable('payment_charges').set({ message, updated_at: nowIso }).where('id', '=', id).execute();
    },

    // The refund's claims (one refund per charge, whoever asks).
    ...createRefundClaims(q),

    async recordAnswer(id: number, answer: ChargeAnswer, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      const set: Updateable<PaymentChargeTable> = { gateway_status: answer.gatewayStatus, updated_at: nowIso };
      if (answer.transactionId !== undefined) set.transaction_id = answer.transactionId;
      if (answer.fraudStatus !== undefined) set.fraud_status = answer.fraudStatus;
      if (answer.qrString !== undefined) set.qr_string = answer.qrString;
      if (answer.deepLink !== undefined) set.deep_link = answer.deepLink;
      if (answer.vaNumber !== undefined) set.va_number = answer.vaNumber;
      if (answer.redirectUrl !== undefined) set.redirect_url = answer.redirectUrl;
      if (answer.expiresAt !== undefined) set.expires_at = answer.expiresAt;
      if (answer.message !== undefined) set.message = answer.message;
      await q(trx).updateTable('payment_charges').set(set).where('id', '=', id).execute();
    },

    /** Moves a charge's status only from the one given (compare-and-set); false when it was no longer in it. */
    async swapStatus(id: number, from: string, to: string, nowIso: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await q(trx)
        .updateTable('payment_charges')
        .set({ gateway_status: to, updated_at: nowIso })
        .where('id', '=', id)
        .where('gateway_status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
