import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * `push_subscriptions`: the devices on which a customer asked to be told about their orders (modules/push). One row
 * per push endpoint (a browser profile on a device): the endpoint is unique, so a device turned on again, or by
 * another account, takes its row over rather than getting two. Removed with the account, or when the push service
 * answers 404/410 (the browser dropped it).
 */
export function pushSubscriptionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
        .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
        .addColumn('auth', 'varchar(100)', (c) => c.notNull())
        .addColumn('device', 'varchar(80)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_sent_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
