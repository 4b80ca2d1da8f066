import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';

const SALE = `payment_status = 'paid' and status <> 'cancelled' and paid_at is not null`;
const BY_STORE = 'coalesce(store_id, 0)';

/**
 * Empties the sales summary and writes it again from the orders: the migration's backfill, and the bench's after it
 * writes its orders straight into the tables. Store -1 is every store, 0 the orders without one (decision 035).
 */
export const REBUILD_ORDER_SALES: readonly string[] = [
  'delete from order_sales_hours',
  'delete from order_sales_days',
  'delete from order_sales_products',
  ...[BY_STORE, '-1'].map(
    (store) => `insert into order_sales_hours (store_key, hour_utc, order_count, sales_idr, items, discount_idr, tax_idr, delivery_idr)
      select ${store}, substr(paid_at, 1, 13), count(*), sum(total_idr), sum(item_count), sum(discount_idr), sum(tax_and_fees_idr), sum(shipping_idr)
      from orders where ${SALE} group by ${store === '-1' ? '' : `${store}, `}substr(paid_at, 1, 13)`,
  ),
  `insert into order_sales_days (store_key, day_utc, payment_method, delivery_method, order_count, sales_idr)
    select ${BY_STORE}, substr(paid_at, 1, 10), payment_method, delivery_method, count(*), sum(total_idr)
    from orders where ${SALE} group by ${BY_STORE}, substr(paid_at, 1, 10), payment_method, delivery_method`,
  ...[`coalesce(o.store_id, 0)`, '-1'].map(
    (store) => `insert into order_sales_products (store_key, day_utc, product_id, quantity, sales_idr)
      select ${store}, substr(o.paid_at, 1, 10), l.product_id, sum(l.quantity), sum(l.line_total_idr)
      from orders o join order_lines l on l.order_id = o.id
      where o.payment_status = 'paid' and o.status <> 'cancelled' and o.paid_at is not null
      group by ${store === '-1' ? '' : `${store}, `}substr(o.paid_at, 1, 10), l.product_id`,
  ),
];

/**
 * The sales summary the owner's report sums (issue 30, decision 035): paid orders that were not cancelled, added
 * by the order moves in their own transaction. Per UTC hour and store (the report's days, hours and weekdays), per
 * UTC day, store, payment method and channel, and per UTC day, store and product. Two small partial indexes serve
 * the refunds and unpaid cancellations, which the report still reads from the orders.
 */
export function orderSalesMigration(dialect: Dialect): Migration {
  // A year of the whole shop's rupiah passes 2^31.
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_sales_hours')
        .addColumn('store_key', 'integer', (c) => c.notNull())
        .addColumn('hour_utc', 'varchar(13)', (c) => c.notNull())
        .addColumn('order_count', money, (c) => c.notNull())
        .addColumn('sales_idr', money, (c) => c.notNull())
        .addColumn('items', money, (c) => c.notNull())
        .addColumn('discount_idr', money, (c) => c.notNull())
        .addColumn('tax_idr', money, (c) => c.notNull())
        .addColumn('delivery_idr', money, (c) => c.notNull())
        .addPrimaryKeyConstraint('order_sales_hours_pk', ['store_key', 'hour_utc'])
        .execute();
      await db.schema
        .createTable('order_sales_days')
        .addColumn('store_key', 'integer', (c) => c.notNull())
        .addColumn('day_utc', 'varchar(10)', (c) => c.notNull())
        .addColumn('payment_method', 'varchar(32)', (c) => c.notNull())
        .addColumn('delivery_method', 'varchar(32)', (c) => c.notNull())
        .addColumn('order_count', money, (c) => c.notNull())
        .addColumn('sales_idr', money, (c) => c.notNull())
        .addPrimaryKeyConstraint('order_sales_days_pk', ['store_key', 'day_utc', 'payment_method', 'delivery_method'])
        .execute();
      await db.schema
        .createTable('order_sales_products')
        .addColumn('store_key', 'integer', (c) => c.notNull())
        .addColumn('day_utc', 'varchar(10)', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', money, (c) => c.notNull())
        .addColumn('sales_idr', money, (c) => c.notNull())
        .addPrimaryKeyConstraint('order_sales_products_pk', ['store_key', 'day_utc', 'product_id'])
        .execute();
      // The whole shop's split rows are read by day across stores.
      await db.schema.createIndex('order_sales_days_day_idx').on('order_sales_days').columns(['day_utc', 'store_key', 'payment_method', 'delivery_method', 'order_count', 'sales_idr']).execute();
      await db.schema
        .createIndex('orders_refunds_paid_idx')
        .on('orders')
        .columns(['paid_at', 'store_id', 'refund_status', 'total_idr'])
        .where(sql<boolean>`payment_status = 'paid' and status = 'cancelled'`)
        .execute();
      await db.schema
        .createIndex('orders_unpaid_cancelled_idx')
        .on('orders')
        .columns(['placed_at', 'store_id', 'total_idr'])
        .where(sql<boolean>`status = 'cancelled' and payment_status <> 'paid'`)
        .execute();
      for (const statement of REBUILD_ORDER_SALES) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_unpaid_cancelled_idx').execute();
      await db.schema.dropIndex('orders_refunds_paid_idx').execute();
      await db.schema.dropTable('order_sales_products').execute();
      await db.schema.dropTable('order_sales_days').execute();
      await db.schema.dropTable('order_sales_hours').execute();
    },
  };
}
