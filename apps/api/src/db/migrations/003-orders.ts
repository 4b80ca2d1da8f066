import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Carts, orders and their lines. Conventions of schema.ts: ISO text timestamps, 0/1 flags,
 * integer rupiah (bigint for order money, so a large order can never overflow PostgreSQL's int4).
 */
export function ordersMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One cart per account, kept on the server so it follows the customer between devices.
      await db.schema
        .createTable('carts')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('delivery_method', 'varchar(20)', (c) => c.notNull().defaultTo('dine-in'))
        // Shop-local 'YYYY-MM-DDTHH:mm'; null = as soon as possible.
        .addColumn('scheduled_for', 'varchar(16)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('carts_delivery_method_check', sqlDeliveryMethodCheck)
        .execute();

      await db.schema
        .createTable('cart_items')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        // '' for a one-size product rather than NULL: NULLs are distinct in a unique index on both
        // databases, and the unique index below is what makes "same product and size add up" hold.
        .addColumn('size_code', 'varchar(4)', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('cart_items_line_uq', ['cart_id', 'product_id', 'size_code'])
        .addCheckConstraint('cart_items_size_check', sql`size_code in ('', 'R', 'L', 'XL')`)
        .addCheckConstraint('cart_items_quantity_check', sql`quantity >= 1`)
        .execute();

      // Orders are never deleted: a customer hides one from the history, the shop keeps it.
      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('payment_method', 'varchar(20)', (c) => c.notNull())
        .addColumn('payment_status', 'varchar(20)', (c) => c.notNull())
        .addColumn('payment_instructions', 'text')
        .addColumn('delivery_method', 'varchar(20)', (c) => c.notNull())
        .addColumn('scheduled_for', 'varchar(16)', (c) => c.notNull())
        .addColumn('scheduled_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('is_asap', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('address', 'varchar(300)')
        .addColumn('subtotal_idr', 'bigint', (c) => c.notNull())
        .addColumn('tax_and_fees_idr', 'bigint', (c) => c.notNull())
        .addColumn('shipping_idr', 'bigint', (c) => c.notNull())
        .addColumn('total_idr', 'bigint', (c) => c.notNull())
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('placed_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(32)')
        .addColumn('hidden_by_customer_at', 'varchar(32)')
        .addCheckConstraint(
          'orders_status_check',
          sql`status in ('pending', 'paid', 'preparing', 'ready', 'on-delivery', 'delivered', 'cancelled')`,
        )
        .addCheckConstraint('orders_payment_method_check', sql`payment_method in ('card', 'bank-account', 'cash-on-delivery')`)
        .addCheckConstraint('orders_payment_status_check', sql`payment_status in ('awaiting-payment', 'cash-on-delivery', 'paid')`)
        .addCheckConstraint('orders_delivery_method_check', sqlDeliveryMethodCheck)
        .addCheckConstraint(
          'orders_money_check',
          sql`subtotal_idr >= 0 and tax_and_fees_idr >= 0 and shipping_idr >= 0 and total_idr = subtotal_idr + tax_and_fees_idr + shipping_idr`,
        )
        .execute();
      await db.schema.createIndex('orders_user_placed_idx').on('orders').columns(['user_id', 'placed_at']).execute();
      await db.schema.createIndex('orders_status_placed_idx').on('orders').columns(['status', 'placed_at']).execute();

      // A snapshot of what was bought: name, size and price as they were at the moment of ordering.
      await db.schema
        .createTable('order_lines')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_name', 'varchar(120)', (c) => c.notNull())
        .addColumn('size_code', 'varchar(4)')
        .addColumn('size_label', 'varchar(20)')
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_idr', 'bigint', (c) => c.notNull())
        .addColumn('line_total_idr', 'bigint', (c) => c.notNull())
        .addCheckConstraint('order_lines_quantity_check', sql`quantity >= 1`)
        .addCheckConstraint(
          'order_lines_money_check',
          sql`unit_price_idr >= 0 and line_total_idr = unit_price_idr * quantity`,
        )
        .execute();
      await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

      // Idempotency-Key of each placement: the primary key makes a repeated request find the first order
      // instead of placing a second one, even when two copies race.
      await db.schema
        .createTable('order_idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        // SHA-256 of the validated request, so a key reused for a different request is refused.
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_idempotency_keys_pk', ['user_id', 'idempotency_key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_idempotency_keys').execute();
      await db.schema.dropTable('order_lines').execute();
      await db.schema.dropTable('orders').execute();
      await db.schema.dropTable('cart_items').execute();
      await db.schema.dropTable('carts').execute();
    },
  };
}

const sqlDeliveryMethodCheck = sql`delivery_method in ('dine-in', 'door-delivery', 'pick-up')`;
