import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * An order's history (placed, paid, preparing, ready..., cancelled, refunded), one row per step with its time and
 * who took it, so the customer and staff can read when each step happened; and the refund owed on a paid order
 * that was cancelled.
 */
export function orderEventsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_events')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        // Null for steps nobody took by hand (orders loaded before this history existed).
        .addColumn('actor', 'varchar(20)')
        .addCheckConstraint(
          'order_events_kind_check',
          sql`kind in ('placed', 'paid', 'preparing', 'ready', 'on-delivery', 'delivered', 'cancelled', 'refunded')`,
        )
        .addCheckConstraint('order_events_actor_check', sql`actor is null or actor in ('customer', 'staff')`)
        .execute();
      await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

      // Null: nothing owed. A paid order that is cancelled owes the customer its total until staff mark it refunded.
      await db.schema
        .alterTable('orders')
        .addColumn('refund_status', 'varchar(20)', (c) => c.check(sql`refund_status is null or refund_status in ('refund-due', 'refunded')`))
        .execute();

      // Orders placed before: what their columns still tell (placed, paid, and where they are now).
      await sql`insert into order_events (order_id, kind, at, actor) select id, 'placed', placed_at, null from orders`.execute(db);
      await sql`insert into order_events (order_id, kind, at, actor) select id, 'paid', paid_at, null from orders where paid_at is not null`.execute(db);
      await sql`insert into order_events (order_id, kind, at, actor)
        select id, status, updated_at, null from orders where status not in ('pending', 'paid')`.execute(db);
      await sql`update orders set refund_status = 'refund-due' where status = 'cancelled' and payment_status = 'paid'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('refund_status').execute();
      await db.schema.dropTable('order_events').execute();
    },
  };
}
