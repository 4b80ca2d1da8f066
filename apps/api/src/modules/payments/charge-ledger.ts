import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A charge as the reconciliation reads it: read-only, nothing here changes a payment. */
export interface LedgerCharge {
  orderId: number;
  attempt: number;
  reference: string;
  method: string;
  bank: string | null;
  amountIdr: number;
  gatewayStatus: string;
  fraudStatus: string | null;
  refundState: 'requested' | 'refunded' | 'failed' | null;
  createdAt: string;
}

/** The charges made in a span of time (ISO-8601 UTC, `from` included, `to` not), oldest first. */
export function createChargeLedger(db: Kysely<Database>) {
  return {
    async chargesMadeBetween(fromIso: string, toIso: string): Promise<LedgerCharge[]> {
      const rows = await db
        .selectFrom('payment_charges')
        .select(['order_id', 'attempt', 'reference', 'method', 'bank', 'amount_idr', 'gateway_status', 'fraud_status', 'refund_state', 'created_at'])
        .where('created_at', '>=', fromIso)
        .where('created_at', '<', toIso)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        orderId: r.order_id,
        attempt: r.attempt,
        reference: r.reference,
        method: r.method,
        bank: r.bank,
        amountIdr: Number(r.amount_idr),
        gatewayStatus: r.gateway_status,
        fraudStatus: r.fraud_status,
        refundState: r.refund_state === 'requested' || r.refund_state === 'refunded' || r.refund_state === 'failed' ? r.refund_state : null,
        createdAt: r.created_at,
      }));
    },
  };
}

export type ChargeLedger = ReturnType<typeof createChargeLedger>;
