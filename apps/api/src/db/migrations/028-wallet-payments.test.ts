import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-app.js';
import { migrateToLatest } from '../migrate.js';

let test: TestDatabase | undefined;
afterAll(async () => {
  await test?.drop();
});

const at = '2026-11-20T03:00:00.000Z';
const insertOrder = (method: string) =>
  sql`insert into orders (user_id, status, payment_method, payment_status, delivery_method, scheduled_for, scheduled_at, subtotal_idr, tax_and_fees_idr, shipping_idr, total_idr, tax_rate_bp, item_count, placed_at, updated_at)
    values (1, 'pending', ${method}, 'awaiting-payment', 'pick-up', '2026-11-20T10:00', ${at}, 20000, 2000, 0, 22000, 1000, 1, ${at}, ${at}) returning id`;
const insertCharge = (orderId: number, attempt: number, method: string) =>
  sql`insert into payment_charges (order_id, reference, attempt, method, amount_idr, gateway_status, created_at, updated_at)
    values (${orderId}, ${`${orderId}-${attempt}-${method}`}, ${attempt}, ${method}, 22000, 'pending', ${at}, ${at})`;

describe('migration 028: GoPay and ShopeePay as payment methods', () => {
  it(`keeps every order and charge, and admits the two wallets and nothing else (${testDialect})`, async () => {
    test = await createTestDatabase({ upTo: '025-refund-accounts' });
    const db = test.database.db;
    await sql`insert into users (email, password_hash, role, created_at, updated_at) values ('kept@example.com', null, 'customer', ${at}, ${at})`.execute(db);
    const { rows } = await insertOrder('qris').execute(db);
    const kept = (rows[0] as { id: number }).id;
    await insertCharge(kept, 1, 'qris').execute(db);
    // Before 028 the wallets are refused.
    await expect(insertOrder('gopay').execute(db)).rejects.toThrow();

    expect(await migrateToLatest(test.database)).toContain('028-wallet-payments');
    const orders = await sql<{ id: number; payment_method: string }>`select id, payment_method from orders`.execute(db);
    expect(orders.rows).toEqual([{ id: kept, payment_method: 'qris' }]);
    const charges = await sql<{ reference: string }>`select reference from payment_charges`.execute(db);
    expect(charges.rows).toEqual([{ reference: `${kept}-1-qris` }]);

    for (const method of ['gopay', 'shopeepay']) {
      const { rows: placed } = await insertOrder(method).execute(db);
      await insertCharge((placed[0] as { id: number }).id, 1, method).execute(db);
    }
    await expect(insertOrder('gold-bars').execute(db)).rejects.toThrow();
    await expect(insertCharge(kept, 2, 'gold_bars').execute(db)).rejects.toThrow();
    // The order's charges still lead to it, one per attempt, and SQLite's rebuilt tables keep their indexes.
    await expect(insertCharge(kept, 1, 'gopay').execute(db)).rejects.toThrow();
    if (testDialect === 'sqlite') {
      const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('orders', 'payment_charges') and sql is not null`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['payment_charges_order_idx', 'payment_charges_status_idx', 'orders_payment_due_idx']));
    }
  }, 60_000);
});
