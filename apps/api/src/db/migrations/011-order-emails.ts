import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `users.order_emails`: whether the customer wants a mail when an order is ready, on its way or cancelled by the
 * shop. On (1) for everyone, existing accounts included: they asked for the order, so its news is expected.
 */
export function orderEmailsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('order_emails', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('order_emails').execute();
    },
  };
}
