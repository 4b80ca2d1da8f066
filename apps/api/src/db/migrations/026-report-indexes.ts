import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The figures a report sums, after the columns it filters and groups by: both databases answer from the index alone
// (PostgreSQL by an index-only scan) without reading the order rows.
// `id` last: the products' figures join the lines by it, and take the window's first and last id from here.
const SALE_FIGURES = ['payment_method', 'delivery_method', 'total_idr', 'discount_idr', 'tax_and_fees_idr', 'shipping_idr', 'item_count', 'id'];

/**
 * Reports (modules/reports, decision 035). Sales are the paid orders that were not cancelled, by the time they were
 * paid: two partial indexes hold only those, one for the whole shop and one per store. The orders' export and the
 * cancellations read orders by when they were placed; the products' figures read each order's lines.
 */
export function reportIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const sales = sql<boolean>`payment_status = 'paid' and status <> 'cancelled'`;
      await db.schema.createIndex('orders_sales_paid_idx').on('orders').columns(['paid_at', 'store_id', ...SALE_FIGURES]).where(sales).execute();
      await db.schema.createIndex('orders_sales_store_paid_idx').on('orders').columns(['store_id', 'paid_at', ...SALE_FIGURES]).where(sales).execute();
      await db.schema.createIndex('orders_placed_idx').on('orders').columns(['placed_at', 'id']).execute();
      await db.schema.createIndex('order_lines_report_idx').on('order_lines').columns(['order_id', 'product_id', 'quantity', 'line_total_idr']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('order_lines_report_idx').execute();
      await db.schema.dropIndex('orders_placed_idx').execute();
      await db.schema.dropIndex('orders_sales_store_paid_idx').execute();
      await db.schema.dropIndex('orders_sales_paid_idx').execute();
    },
  };
}
