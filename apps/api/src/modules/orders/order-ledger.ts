import type { Kysely } from 'kysely';
import { OrderStatus, PaymentStatus, RefundStatus } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

/** An order as the owner's reconciliation sets it beside its charges. */
export interface LedgerOrder {
  id: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  refundStatus: RefundStatus | null;
  totalIdr: number;
  storeId: number | null;
}

/** Read-only: orders by id, in one query, for the reconciliation (modules/reconciliation). */
export function createOrderLedger(db: Kysely<Database>) {
  return {
    async ordersByIds(ids: readonly number[]): Promise<Map<number, LedgerOrder>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'status', 'payment_status', 'refund_status', 'total_idr', 'store_id'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            status: OrderStatus.parse(r.status),
            paymentStatus: PaymentStatus.parse(r.payment_status),
            refundStatus: r.refund_status === null ? null : RefundStatus.parse(r.refund_status),
            totalIdr: Number(r.total_idr),
            storeId: r.store_id,
          },
        ]),
      );
    },
  };
}

export type OrderLedger = ReturnType<typeof createOrderLedger>;
