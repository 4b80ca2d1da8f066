import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `order_lines.done_at`: the kitchen display's per-line tick (a barista marks each drink made as it leaves the bar),
 * kept in the database so a second screen or a reload shows the same ticks. Null: still to make.
 * The index on (status, scheduled_at) serves the kitchen display, which reads the open orders by due time.
 */
export function kitchenLinesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_lines').addColumn('done_at', 'varchar(32)').execute();
      await db.schema.createIndex('orders_status_due_idx').on('orders').columns(['status', 'scheduled_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_status_due_idx').execute();
      await db.schema.alterTable('order_lines').dropColumn('done_at').execute();
    },
  };
}
