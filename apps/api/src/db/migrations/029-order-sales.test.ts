import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-app.js';
import { migrateToLatest } from '../migrate.js';

let test: TestDatabase | undefined;
afterAll(async () => {
  await test?.drop();
});

const insertOrder = (state: { status: string; payment: string; paidAt: string | null; total: number }) =>
  sql`insert into orders (user_id, status, payment_method, payment_status, delivery_method, scheduled_for, scheduled_at, subtotal_idr, tax_and_fees_idr, shipping_idr, total_idr, tax_rate_bp, item_count, placed_at, updated_at, paid_at)
    values (1, ${state.status}, 'card', ${state.payment}, 'pick-up', '2026-11-20T10:00', '2026-11-20T03:00:00.000Z', ${state.total - 2000}, 2000, 0, ${state.total}, 1000, 2,
      '2026-11-20T02:00:00.000Z', '2026-11-20T02:00:00.000Z', ${state.paidAt}) returning id`;

describe('migration 029: the sales summary', () => {
  it(`is filled from the orders already there, sales only (${testDialect})`, async () => {
    test = await createTestDatabase({ upTo: '028-wallet-payments' });
    const db = test.database.db;
    const at = '2026-11-20T02:00:00.000Z';
    await sql`insert into users (email, password_hash, role, created_at, updated_at) values ('kept@example.com', null, 'customer', ${at}, ${at})`.execute(db);
    const product = (await createProduct(test.database, { name: 'Kept latte' })).id;
    const fates = [
      { status: 'delivered', payment: 'paid', paidAt: '2026-11-20T02:15:00.000Z', total: 22_000 },
      { status: 'preparing', payment: 'paid', paidAt: '2026-11-20T02:40:00.000Z', total: 33_000 },
      { status: 'cancelled', payment: 'paid', paidAt: '2026-11-20T02:20:00.000Z', total: 44_000 },
      { status: 'cancelled', payment: 'awaiting-payment', paidAt: null, total: 55_000 },
      { status: 'pending', payment: 'awaiting-payment', paidAt: null, total: 66_000 },
    ];
    for (const fate of fates) {
      const id = ((await insertOrder(fate).execute(db)).rows[0] as { id: number }).id;
      await sql`insert into order_lines (order_id, product_id, product_name, quantity, unit_price_idr, line_total_idr, options, barista_note)
        values (${id}, ${product}, 'Kept latte', 2, 10000, 20000, '[]', '')`.execute(db);
    }

    expect(await migrateToLatest(test.database)).toContain('029-order-sales');
    const hours = await sql<{ store_key: number; hour_utc: string; order_count: number; sales_idr: number }>`
      select store_key, hour_utc, order_count, sales_idr from order_sales_hours order by store_key`.execute(db);
    expect(hours.rows.map((r) => ({ ...r, order_count: Number(r.order_count), sales_idr: Number(r.sales_idr) }))).toEqual([
      { store_key: -1, hour_utc: '2026-11-20T02', order_count: 2, sales_idr: 55_000 },
      { store_key: 0, hour_utc: '2026-11-20T02', order_count: 2, sales_idr: 55_000 },
    ]);
    const products = await sql<{ store_key: number; quantity: number }>`select store_key, quantity from order_sales_products order by store_key`.execute(db);
    expect(products.rows.map((r) => [r.store_key, Number(r.quantity)])).toEqual([[-1, 4], [0, 4]]);
    const days = await sql<{ order_count: number }>`select order_count from order_sales_days`.execute(db);
    expect(days.rows.map((r) => Number(r.order_count))).toEqual([2]);
  }, 60_000);
});
