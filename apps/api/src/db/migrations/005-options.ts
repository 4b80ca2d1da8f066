import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Drink options: staff-defined groups (Milk, Sugar, Ice, Extra shot, Syrup) of options with a price delta in
 * whole rupiah, attached to products; the chosen options and a note to the barista on cart and order lines.
 */
export function optionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('option_groups')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        // Choose-one is 1..1, an on/off extra 0..1, choose-many 0..n.
        .addColumn('min_choices', 'integer', (c) => c.notNull())
        .addColumn('max_choices', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('option_groups_choices_check', sql`min_choices >= 0 and max_choices >= 1 and min_choices <= max_choices`)
        .execute();

      await db.schema
        .createTable('options')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('option_groups.id').onDelete('cascade'))
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('price_delta_idr', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addCheckConstraint('options_price_delta_check', sql`price_delta_idr >= 0`)
        .execute();
      await db.schema.createIndex('options_group_idx').on('options').columns(['group_id', 'position']).execute();

      await db.schema
        .createTable('product_option_groups')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('option_groups.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_option_groups_pk', ['product_id', 'group_id'])
        .execute();
      await db.schema.createIndex('product_option_groups_group_idx').on('product_option_groups').column('group_id').execute();

      // A cart line is now a product, a size, a set of options and a note: the old unique (cart, product, size)
      // cannot be dropped on SQLite (it is part of the table), so the table is rebuilt with the wider key.
      await db.schema
        .createTable('cart_items_v2')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('size_code', 'varchar(4)', (c) => c.notNull().defaultTo(''))
        // The chosen option ids, ascending, comma-separated ('' for none): one text so the unique key can hold it.
        .addColumn('option_ids', 'varchar(400)', (c) => c.notNull().defaultTo(''))
        .addColumn('barista_note', 'varchar(140)', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('cart_items_line_v2_uq', ['cart_id', 'product_id', 'size_code', 'option_ids', 'barista_note'])
        .addCheckConstraint('cart_items_v2_size_check', sql`size_code in ('', 'R', 'L', 'XL')`)
        .addCheckConstraint('cart_items_v2_quantity_check', sql`quantity >= 1`)
        .execute();
      await sql`insert into cart_items_v2 (id, cart_id, product_id, size_code, option_ids, barista_note, quantity, created_at, updated_at)
        select id, cart_id, product_id, size_code, '', '', quantity, created_at, updated_at from cart_items`.execute(db);
      await db.schema.dropTable('cart_items').execute();
      await db.schema.alterTable('cart_items_v2').renameTo('cart_items').execute();
      if (dialect === 'postgres') {
        // The copied ids were given explicitly: move the identity past them.
        await sql`select setval(pg_get_serial_sequence('cart_items', 'id'), coalesce((select max(id) from cart_items), 0) + 1, false)`.execute(db);
      }

      // What was chosen, as ordered: [{ optionId, groupId, group, name, priceDeltaIdr }] as JSON text, so a later
      // change to the menu's options never rewrites a past order.
      await db.schema.alterTable('order_lines').addColumn('options', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      await db.schema.alterTable('order_lines').addColumn('barista_note', 'varchar(140)', (c) => c.notNull().defaultTo('')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('order_lines').dropColumn('barista_note').execute();
      await db.schema.alterTable('order_lines').dropColumn('options').execute();
      await db.schema.dropTable('product_option_groups').execute();
      await db.schema.dropTable('options').execute();
      await db.schema.dropTable('option_groups').execute();
    },
  };
}
