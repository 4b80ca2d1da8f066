import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `carts.store_id`: the store the customer chose, so the cart judges the chosen time by that store's hours and the
 * checkout opens on it. Null (every existing cart) means the default store, as before stores could be chosen.
 */
export function cartStoreMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('carts')
        .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('carts').dropColumn('store_id').execute();
    },
  };
}
