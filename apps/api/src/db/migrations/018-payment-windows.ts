import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Paid is the line (issue 28, decision 034): `orders.payment_due_at` (ISO-8601 UTC) is set while an order waits for
 * an online payment (QRIS, virtual account, card through the gateway) and is the end of its payment window. Such an
 * order is neither on the kitchen display nor in the day's sales; when its window ends unpaid the shop cancels it by
 * its own clock (the sweep looks it up by this column, hence the index). Null for every other order.
 */
export function paymentWindowsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('payment_due_at', 'varchar(32)').execute();
      await db.schema.createIndex('orders_payment_due_idx').on('orders').columns(['payment_due_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_payment_due_idx').execute();
      await db.schema.alterTable('orders').dropColumn('payment_due_at').execute();
    },
  };
}
