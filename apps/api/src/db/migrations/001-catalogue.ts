import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

export function catalogueMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'varchar(20)', (c) => c.notNull())
        .addColumn('price_idr', 'integer', (c) => c.notNull())
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_promo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_sold_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .addCheckConstraint('products_category_check', sqlCategoryCheck)
        .addCheckConstraint('products_price_check', sqlPriceCheck)
        .execute();
      await db.schema.createIndex('products_category_idx').on('products').columns(['category', 'deleted_at']).execute();

      await db.schema
        .createTable('product_sizes')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('code', 'varchar(4)', (c) => c.notNull())
        .addColumn('price_idr', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_sizes_pk', ['product_id', 'code'])
        .addCheckConstraint('product_sizes_code_check', sqlSizeCheck)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_sizes').execute();
      await db.schema.dropTable('products').execute();
    },
  };
}

const sqlCategoryCheck = sql`category in ('coffee', 'non-coffee', 'foods', 'add-on')`;
const sqlPriceCheck = sql`price_idr >= 0`;
const sqlSizeCheck = sql`code in ('R', 'L', 'XL') and price_idr >= 0`;
