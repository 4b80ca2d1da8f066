import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * Stores and their pickup/delivery slots. The shop's former fixed windows become the settings of a first store
 * (Dine in and Pick up every day 09:00-18:00, Door Delivery Monday to Friday 13:00-19:00), which every order
 * placed before belongs to and which orders naming no store go to. `slot_counters` holds one row per slot that
 * has orders: placing an order raises `taken` only while it is below the slot's capacity, in the order's own
 * transaction, so two processes can never both take a slot's last place.
 */
export function storesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stores')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('address', 'varchar(300)', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        // JSON text: [{ day, from, to }] per ISO weekday; a weekday not listed is closed.
        .addColumn('opening_hours', 'text', (c) => c.notNull())
        .addColumn('delivery_hours', 'text', (c) => c.notNull())
        // JSON text: ['YYYY-MM-DD', ...] on the store's clock.
        .addColumn('closed_dates', 'text', (c) => c.notNull().defaultTo('[]'))
        // JSON text: the delivery methods offered.
        .addColumn('delivery_methods', 'text', (c) => c.notNull())
        // Null: the shop's clock (SHOP_TIMEZONE).
        .addColumn('time_zone', 'varchar(64)')
        .addColumn('slot_minutes', 'integer', (c) => c.notNull().defaultTo(15))
        // JSON text: { 'dine-in': n, 'door-delivery': n, 'pick-up': n } orders per slot.
        .addColumn('capacity_per_slot', 'text', (c) => c.notNull())
        .addColumn('lead_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        // ISO-8601 UTC; null with paused = 1: until staff resume.
        .addColumn('paused_until', 'varchar(32)')
        .addColumn('extra_prep_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('stores_slot_minutes_check', sql`slot_minutes >= 5 and slot_minutes <= 120`)
        .addCheckConstraint('stores_minutes_check', sql`lead_minutes >= 0 and extra_prep_minutes >= 0`)
        .execute();

      await db.schema
        .createTable('slot_counters')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('delivery_method', 'varchar(20)', (c) => c.notNull())
        // The slot's start, ISO-8601 UTC.
        .addColumn('slot_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('taken', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('slot_counters_pk', ['store_id', 'delivery_method', 'slot_at'])
        .addCheckConstraint('slot_counters_taken_check', sql`taken >= 0`)
        .execute();

      // Null only for an order whose store was removed; slot_at null for orders placed before slots existed.
      await db.schema.alterTable('orders').addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('set null')).execute();
      await db.schema.alterTable('orders').addColumn('slot_at', 'varchar(32)').execute();
      await db.schema.createIndex('orders_store_idx').on('orders').columns(['store_id', 'placed_at']).execute();

      const at = new Date().toISOString();
      const hours = (days: number[], from: string, to: string) => JSON.stringify(days.map((day) => ({ day, from, to })));
      await sql`insert into stores (name, address, latitude, longitude, phone, opening_hours, delivery_hours, closed_dates,
          delivery_methods, time_zone, slot_minutes, capacity_per_slot, lead_minutes, paused, paused_until, extra_prep_minutes,
          created_at, updated_at)
        values ('Coffee Shop', 'Jl. M.H. Thamrin No. 1, Jakarta Pusat', -6.1944, 106.8229, '', ${hours(EVERY_DAY, '09:00', '18:00')},
          ${hours([1, 2, 3, 4, 5], '13:00', '19:00')}, '[]', ${JSON.stringify(['dine-in', 'door-delivery', 'pick-up'])}, null, 15,
          ${JSON.stringify({ 'dine-in': 30, 'door-delivery': 30, 'pick-up': 30 })}, 0, 0, null, 0, ${at}, ${at})`.execute(db);
      await sql`update orders set store_id = (select min(id) from stores)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_store_idx').execute();
      await db.schema.alterTable('orders').dropColumn('slot_at').execute();
      await db.schema.alterTable('orders').dropColumn('store_id').execute();
      await db.schema.dropTable('slot_counters').execute();
      await db.schema.dropTable('stores').execute();
    },
  };
}
