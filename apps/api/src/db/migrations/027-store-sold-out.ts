import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `store_sold_out` (modules/stores): a product sold out at one store only. A row means sold out there; clearing it
 * deletes the row. `products.is_sold_out` stays the flag for "sold out at every store". Both keys cascade, so a
 * removed store or product leaves no row behind.
 * `payment_charges_made_idx`: the owner's reconciliation reads one shop day's charges by when they were made.
 */
export function storeSoldOutMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('store_sold_out')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('store_sold_out_pk', ['store_id', 'product_id'])
        .execute();
      await db.schema.createIndex('payment_charges_made_idx').on('payment_charges').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('payment_charges_made_idx').execute();
      await db.schema.dropTable('store_sold_out').execute();
    },
  };
}
