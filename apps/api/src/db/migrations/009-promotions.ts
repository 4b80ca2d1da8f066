import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Promotions (coupons), the one coupon a cart holds, the redemptions that spend them, and member cards.
 * A redemption is written in the order's own transaction; its unique keys (user, shop date) and (user, promotion,
 * period) are what keep two checkouts at the same moment from both spending a coupon on one day, or a once-ever
 * (period 'ever') coupon twice. Orders keep the discount and the coupon's name as they were when placed.
 */
export function promotionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('promotions')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        // A key of the web app's coupon pictures (mothers-day, sunday-coffee, halloween, birthday).
        .addColumn('picture', 'varchar(40)', (c) => c.notNull())
        // Upper case; null: applied by itself, no code to enter.
        .addColumn('code', 'varchar(40)', (c) => c.unique())
        // Shop dates 'YYYY-MM-DD', both ends included; null: open-ended.
        .addColumn('starts_on', 'varchar(10)')
        .addColumn('ends_on', 'varchar(10)')
        // 'MM-DD': only on that day every year (Mother's Day 12-22); null: any day.
        .addColumn('yearly_on', 'varchar(5)')
        // 1: only on the customer's birthday.
        .addColumn('on_birthday', 'integer', (c) => c.notNull().defaultTo(0))
        // JSON text: ISO weekdays [1..7]; [] = every day.
        .addColumn('weekdays', 'text', (c) => c.notNull().defaultTo('[]'))
        // 'HH:mm' on the shop's clock, both ends included; null: all day.
        .addColumn('from_time', 'varchar(5)')
        .addColumn('to_time', 'varchar(5)')
        // JSON text: the delivery methods it is for; [] = all.
        .addColumn('delivery_methods', 'text', (c) => c.notNull().defaultTo('[]'))
        // everyone | new-customers | members
        .addColumn('audience', 'varchar(20)', (c) => c.notNull())
        // daily | once | unlimited
        .addColumn('frequency', 'varchar(20)', (c) => c.notNull())
        // percent-off | amount-off | free-item | buy-one-get-one
        .addColumn('benefit', 'varchar(20)', (c) => c.notNull())
        // Percent (1..100) for percent-off, whole rupiah for amount-off, unused otherwise.
        .addColumn('benefit_value', 'integer', (c) => c.notNull().defaultTo(0))
        // The qualifying items of free-item and buy-one-get-one: a product, a category, or (both null) any item.
        .addColumn('target_product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('target_category', 'varchar(40)')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('promotions_benefit_value_check', sql`benefit_value >= 0`)
        .execute();

      await db.schema
        .createTable('cart_coupons')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
        .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('promotion_redemptions')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        // The shop date of the order: 'YYYY-MM-DD'.
        .addColumn('shop_date', 'varchar(10)', (c) => c.notNull())
        // The frequency's key: the shop date (daily), 'ever' (once), 'order-<id>' (unlimited).
        .addColumn('period', 'varchar(20)', (c) => c.notNull())
        .addColumn('discount_idr', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('promotion_redemptions_once_idx')
        .unique()
        .on('promotion_redemptions')
        .columns(['user_id', 'promotion_id', 'period'])
        .execute();
      // The shop's term "one coupon per customer per day", whatever the coupon.
      await db.schema
        .createIndex('promotion_redemptions_day_idx')
        .unique()
        .on('promotion_redemptions')
        .columns(['user_id', 'shop_date'])
        .execute();

      await db.schema
        .createTable('member_cards')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
        // 'threshold' (delivered orders reached the amount) or 'staff' (issued at the counter).
        .addColumn('issued_by', 'varchar(20)', (c) => c.notNull())
        .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      // SQLite cannot change the orders' money check (total = subtotal + tax + shipping), so subtotal_idr keeps meaning
      // "what the lines are charged": the subtotal after the discount. The lines' sum is subtotal_idr + discount_idr.
      await db.schema
        .alterTable('orders')
        .addColumn('discount_idr', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_idr >= 0`))
        .execute();
      await db.schema.alterTable('orders').addColumn('coupon_name', 'varchar(80)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('coupon_name').execute();
      await db.schema.alterTable('orders').dropColumn('discount_idr').execute();
      await db.schema.dropTable('member_cards').execute();
      await db.schema.dropTable('promotion_redemptions').execute();
      await db.schema.dropTable('cart_coupons').execute();
      await db.schema.dropTable('promotions').execute();
    },
  };
}
