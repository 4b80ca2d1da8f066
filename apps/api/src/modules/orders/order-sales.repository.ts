import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** `store_key` of the rows that hold every store together; 0 is an order without a store. */
export const ALL_STORES = -1;
export const storeKeyOf = (storeId: number | null): number => storeId ?? 0;

/** What the report counts as a sale (decision 034): paid and not cancelled. */
export const isSale = (state: { status: string; paymentStatus: string }): boolean => state.paymentStatus === 'paid' && state.status !== 'cancelled';

/** Adds the summed figures of the incoming row to the stored one: two moves at once both count (no read, then write). */
const added = <C extends string>(table: string, columns: readonly C[]) =>
  Object.fromEntries(columns.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`])) as Record<C, RawBuilder<number>>;

/**
 * The sales summary (migration 029) the report sums: written only here, by the order moves, in the transaction that
 * makes an order a sale (+1) or takes it back (-1). Each row is an upsert that adds, so simultaneous moves never
 * overwrite each other; rows are written in one order (every store first, then the store, products by id), so two
 * moves waiting on each other's rows cannot deadlock on PostgreSQL.
 */
export function createOrderSalesRepository() {
  return {
    async record(orderId: number, sign: 1 | -1, trx: Transaction<Database> | Kysely<Database>): Promise<void> {
      const order = await trx
        .selectFrom('orders')
        .select(['store_id', 'paid_at', 'payment_method', 'delivery_method', 'total_idr', 'item_count', 'discount_idr', 'tax_and_fees_idr', 'shipping_idr'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      // No payment time: the report counts it nowhere (it ranges on paid_at), so neither does the summary.
      if (!order?.paid_at) return;
      const lines = await trx
        .selectFrom('order_lines')
        .select((eb) => ['product_id', eb.fn.sum<number | string>('quantity').as('quantity'), eb.fn.sum<number | string>('line_total_idr').as('sales')])
        .where('order_id', '=', orderId)
        .groupBy('product_id')
        .orderBy('product_id')
        .execute();
      const store = storeKeyOf(order.store_id);
      const hour = order.paid_at.slice(0, 13);
      const day = order.paid_at.slice(0, 10);
      const figures = {
        order_count: sign,
        sales_idr: sign * order.total_idr,
        items: sign * order.item_count,
        discount_idr: sign * order.discount_idr,
        tax_idr: sign * order.tax_and_fees_idr,
        delivery_idr: sign * order.shipping_idr,
      };
      await trx
        .insertInto('order_sales_hours')
        .values([ALL_STORES, store].map((store_key) => ({ store_key, hour_utc: hour, ...figures })))
        .onConflict((oc) => oc.columns(['store_key', 'hour_utc']).doUpdateSet(added('order_sales_hours', ['order_count', 'sales_idr', 'items', 'discount_idr', 'tax_idr', 'delivery_idr'])))
        .execute();
      await trx
        .insertInto('order_sales_days')
        .values({ store_key: store, day_utc: day, payment_method: order.payment_method, delivery_method: order.delivery_method, order_count: sign, sales_idr: sign * order.total_idr })
        .onConflict((oc) => oc.columns(['store_key', 'day_utc', 'payment_method', 'delivery_method']).doUpdateSet(added('order_sales_days', ['order_count', 'sales_idr'])))
        .execute();
      if (lines.length === 0) return;
      await trx
        .insertInto('order_sales_products')
        .values(
          [ALL_STORES, store].flatMap((store_key) =>
            lines.map((l) => ({ store_key, day_utc: day, product_id: l.product_id, quantity: sign * Number(l.quantity), sales_idr: sign * Number(l.sales) })),
          ),
        )
        .onConflict((oc) => oc.columns(['store_key', 'day_utc', 'product_id']).doUpdateSet(added('order_sales_products', ['quantity', 'sales_idr'])))
        .execute();
    },
  };
}

export type OrderSalesRepository = ReturnType<typeof createOrderSalesRepository>;
