import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Refunds by bank transfer (issue 28): the gateway cannot pay a bank transfer back, so the customer gives the account
 * to send it to. One row per order owed a refund; it is deleted as soon as the refund is recorded, so the shop keeps
 * nobody's account number longer than it needs it.
 */
export function refundAccountsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('refund_accounts')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('bank', 'varchar(60)', (c) => c.notNull())
        .addColumn('account_number', 'varchar(20)', (c) => c.notNull())
        .addColumn('given_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('refund_accounts').execute();
    },
  };
}
