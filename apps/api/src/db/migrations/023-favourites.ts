import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * `favourite_drinks` (modules/favourites): a drink as the customer configured it, saved with the heart. The size is ''
 * for a one-size product and the options are their ids sorted and comma-joined, so the same drink saved twice is one
 * row (the unique index).
 */
export function favouritesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favourite_drinks')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('size_code', 'varchar(4)', (c) => c.notNull())
        .addColumn('option_ids', 'varchar(400)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('favourite_drinks_same_idx')
        .on('favourite_drinks')
        .columns(['user_id', 'product_id', 'size_code', 'option_ids'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('favourite_drinks').execute();
    },
  };
}
