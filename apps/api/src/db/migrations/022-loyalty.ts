import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Points and rewards (modules/loyalty, decision 032):
 * - `loyalty_settings`: one row (id 1), the owner's earn rate and expiry; absent: the defaults of the module.
 * - `loyalty_accounts`: a customer's balance, and the points a cancel could not take back (spent already) as
 *   `shortfall`, for the owner. Its row is also the lock that puts one customer's point moves in line.
 * - `loyalty_entries`: every move of points. One earn, one take-back, one spend and one return per order at most
 *   (the unique index), which is what makes "paid" seen twice earn once.
 * - `loyalty_rewards`: what points buy.
 */
export function loyaltyMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('loyalty_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('idr_per_point', 'integer', (c) => c.notNull())
        .addColumn('expiry_days', 'integer')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('loyalty_accounts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('balance', 'integer', (c) => c.notNull())
        .addColumn('shortfall', 'integer', (c) => c.notNull())
        .addColumn('last_earned_at', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('loyalty_entries')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_id', 'integer')
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('shortfall', 'integer', (c) => c.notNull())
        .addColumn('label', 'varchar(200)', (c) => c.notNull())
        .addColumn('reward_id', 'integer')
        .addColumn('discount_idr', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('loyalty_entries_order_kind_idx').on('loyalty_entries').columns(['order_id', 'kind']).unique().execute();
      await db.schema.createIndex('loyalty_entries_user_idx').on('loyalty_entries').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('loyalty_rewards')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('points_cost', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('option_name', 'varchar(80)')
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['loyalty_rewards', 'loyalty_entries', 'loyalty_accounts', 'loyalty_settings']) await db.schema.dropTable(table).execute();
    },
  };
}
