import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

const OLD_CHECK = "payment_method in ('card', 'bank-account', 'cash-on-delivery')";
const NEW_CHECK = "payment_method in ('card', 'bank-account', 'cash-on-delivery', 'qris')";

/**
 * Payments through a gateway (decision 023):
 * - `orders.payment_method` also admits 'qris'. PostgreSQL swaps the check constraint; SQLite cannot alter one, so
 *   the orders table is rebuilt from its own stored definition with the wider check (the documented 12-step way:
 *   copy, drop, rename, indexes again, foreign keys checked), inside the migrations' one transaction, with foreign
 *   keys off around it (db/migrate.ts): a crash halfway leaves the old table whole.
 * - `payment_charges`: one row per charge attempt at the gateway, written BEFORE the gateway is called (so a retry
 *   reuses its reference and nothing is charged twice), with what the gateway answered and the refund's state.
 */
export function paymentChargesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
        await sql.raw(`alter table orders add constraint orders_payment_method_check check (${NEW_CHECK})`).execute(db);
      } else {
        await rebuildSqliteOrders(db, OLD_CHECK, NEW_CHECK);
      }
      await db.schema
        .createTable('payment_charges')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
        // One charge per attempt: two "try again" taps at once cannot open two QRs for one order.
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('method', 'varchar(20)', (c) => c.notNull())
        .addColumn('bank', 'varchar(10)')
        .addColumn('amount_idr', 'bigint', (c) => c.notNull())
        .addColumn('transaction_id', 'varchar(100)')
        .addColumn('gateway_status', 'varchar(30)', (c) => c.notNull())
        .addColumn('fraud_status', 'varchar(20)')
        .addColumn('qr_string', 'text')
        .addColumn('deep_link', 'text')
        .addColumn('va_number', 'varchar(40)')
        .addColumn('redirect_url', 'text')
        .addColumn('expires_at', 'varchar(32)')
        .addColumn('message', 'text')
        .addColumn('refund_state', 'varchar(20)')
        .addColumn('refund_failure', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('payment_charges_method_check', sql`method in ('qris', 'bank_transfer', 'credit_card')`)
        .addUniqueConstraint('payment_charges_order_attempt_unique', ['order_id', 'attempt'])
        .addCheckConstraint('payment_charges_refund_check', sql`refund_state is null or refund_state in ('requested', 'refunded', 'failed')`)
        .execute();
      await db.schema.createIndex('payment_charges_order_idx').on('payment_charges').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('payment_charges_status_idx').on('payment_charges').columns(['gateway_status']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('payment_charges').execute();
      if (dialect === 'postgres') {
        await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
        await sql.raw(`alter table orders add constraint orders_payment_method_check check (${OLD_CHECK})`).execute(db);
      } else {
        await rebuildSqliteOrders(db, NEW_CHECK, OLD_CHECK);
      }
    },
  };
}

/** SQLite: the orders table again, from its stored definition with one check replaced; rows, ids and indexes kept. */
async function rebuildSqliteOrders(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  await rebuildSqliteTable(db, 'orders', from, to);
}

/**
 * SQLite cannot alter a check: the table again, from its own stored definition with one check replaced; rows, ids
 * and indexes kept. Run in the migrations' transaction, with foreign keys off around it (db/migrate.ts).
 */
export async function rebuildSqliteTable(db: Kysely<unknown>, table: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const definition = rows[0]?.sql;
  if (!definition?.includes(from)) throw new Error(`${table} table: its check is not the expected one`);
  const { rows: indexes } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const rebuiltName = `${table}_rebuilt`;
  const rebuilt = definition.replace(from, to).replace(new RegExp(`^CREATE TABLE\\s+("?)${table}\\1`, 'i'), `create table "${rebuiltName}"`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into ${rebuiltName} select * from ${table}`).execute(db);
  await sql.raw(`drop table ${table}`).execute(db);
  await sql.raw(`alter table ${rebuiltName} rename to ${table}`).execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
  if (broken.length > 0) throw new Error(`${table} rebuild left ${broken.length} broken references`);
}
