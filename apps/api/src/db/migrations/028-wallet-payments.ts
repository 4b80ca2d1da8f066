import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { rebuildSqliteTable } from './014-payment-charges.js';

const ORDERS_OLD = "payment_method in ('card', 'bank-account', 'cash-on-delivery', 'qris')";
const ORDERS_NEW = "payment_method in ('card', 'bank-account', 'cash-on-delivery', 'qris', 'gopay', 'shopeepay')";
const CHARGES_OLD = "method in ('qris', 'bank_transfer', 'credit_card')";
const CHARGES_NEW = "method in ('qris', 'bank_transfer', 'credit_card', 'gopay', 'shopeepay')";

/**
 * GoPay and ShopeePay as their own methods (issue 28, decision 034): a phone opens the wallet app through the
 * gateway's deep link. Only the checks of `orders.payment_method` and `payment_charges.method` widen; PostgreSQL swaps
 * each constraint, SQLite rebuilds each table from its stored definition (as migration 014 did).
 */
export function walletPaymentsMigration(dialect: Dialect): Migration {
  async function swap(db: Kysely<unknown>, table: string, constraint: string, from: string, to: string) {
    if (dialect === 'postgres') {
      await sql.raw(`alter table ${table} drop constraint ${constraint}`).execute(db);
      await sql.raw(`alter table ${table} add constraint ${constraint} check (${to})`).execute(db);
    } else {
      await rebuildSqliteTable(db, table, from, to);
    }
  }
  return {
    async up(db: Kysely<unknown>) {
      await swap(db, 'orders', 'orders_payment_method_check', ORDERS_OLD, ORDERS_NEW);
      await swap(db, 'payment_charges', 'payment_charges_method_check', CHARGES_OLD, CHARGES_NEW);
    },
    async down(db: Kysely<unknown>) {
      await swap(db, 'payment_charges', 'payment_charges_method_check', CHARGES_NEW, CHARGES_OLD);
      await swap(db, 'orders', 'orders_payment_method_check', ORDERS_NEW, ORDERS_OLD);
    },
  };
}
