import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Kept here, not imported, so this migration stays what it was when applied: the repository's rule may change later
 * only together with a new migration that rewrites the column.
 */
const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * 1. `products.name_key`: the name as staff mean it (case, spacing and look-alike characters ignored). A unique index
 *    over live products makes two "Iced Latte"s impossible even when two staff save at the same moment; a deleted
 *    product frees its name. Rows that already share a name keep working: the later ones get their id appended, so
 *    the index can be built and staff can rename them.
 * 2. `questions`: what customers ask from a product page ("Ask a Staff") while the shop has no chat link; staff read
 *    and answer them from the orders screen.
 */
export function questionsAndProductNamesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('name_key', 'varchar(140)').execute();
      const rows = await sql<{ id: number; name: string; deleted_at: string | null }>`select id, name, deleted_at from products order by id`.execute(db);
      const taken = new Set<string>();
      for (const row of rows.rows) {
        let key = nameKey(row.name);
        if (row.deleted_at === null) {
          if (taken.has(key)) key = `${key} #${row.id}`;
          taken.add(key);
        }
        await sql`update products set name_key = ${key} where id = ${row.id}`.execute(db);
      }
      await sql`create unique index products_live_name_key_idx on products (name_key) where deleted_at is null`.execute(db);

      await db.schema
        .createTable('questions')
        .addColumn('id', 'integer', idColumn(dialect))
        // Null when asked from no product, or when the product was removed since: the question stays readable.
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('product_name', 'varchar(120)')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('contact', 'varchar(120)', (c) => c.notNull())
        .addColumn('message', 'varchar(1000)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('answered_at', 'varchar(32)')
        .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('questions_open_idx').on('questions').columns(['answered_at', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('questions').execute();
      await sql`drop index products_live_name_key_idx`.execute(db);
      await db.schema.alterTable('products').dropColumn('name_key').execute();
    },
  };
}
