import type { OrderResponse, StoreResponse } from '@coffee/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_ORDER_SALES } from '../../db/migrations/029-order-sales.js';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct, newPromotion, storeInput } from '../../test/factories.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionLoader } from '../promotions/promotions.service.js';
import { addToCart, insertTestUser, placeOrder } from '../../test/orders.js';
import { randomInt, seededRandom } from '../../test/random.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createOrderReportRepository, createRawOrderFigures, type ReportWindow } from './order-reports.repository.js';
import { createOrderRepository } from './orders.repository.js';
import { createPastOrderWriter } from './orders.service.js';

// The sales summary (migration 029) against the orders it sums: orders of several stores, days, methods and
// channels moved through the repository's one compare-and-set (paid, cancelled before and after paying, refunded,
// left unpaid), then every figure the report is made of read both ways for windows of every shape.
let ctx: TestContext;
let stores: [number, number];
let products: number[];
let userId: number;
const notRead = () => Promise.reject(new Error('not read here'));

const db = () => ctx.database.db;
const orders = () => createOrderRepository(db(), { customersOf: notRead, placesOf: notRead, pictureAddresses: notRead });
const METHODS = ['cash-on-delivery', 'bank-account', 'card'] as const;
const CHANNELS = ['pick-up', 'dine-in', 'door-delivery'] as const;

async function insertPending(placedAt: string, storeId: number | null, i: number, lines: { productId: number; quantity: number }[]): Promise<number> {
  const items = lines.reduce((s, l) => s + l.quantity * 20_000, 0);
  const discount = i % 4 === 0 ? 5_000 : 0;
  const shipping = CHANNELS[i % 3] === 'door-delivery' ? 15_000 : 0;
  const tax = Math.round((items - discount) / 10);
  const row = await db()
    .insertInto('orders')
    .values({
      user_id: userId, status: 'pending', payment_method: METHODS[(i >> 1) % 3]!, payment_status: 'awaiting-payment', delivery_method: CHANNELS[i % 3]!,
      is_asap: 0, scheduled_for: placedAt.slice(0, 16), scheduled_at: placedAt, subtotal_idr: items - discount, discount_idr: discount, tax_and_fees_idr: tax,
      shipping_idr: shipping, total_idr: items - discount + tax + shipping, tax_rate_bp: 1000, item_count: lines.reduce((s, l) => s + l.quantity, 0),
      placed_at: placedAt, updated_at: placedAt, paid_at: null, store_id: storeId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('order_lines')
    .values(lines.map((l) => ({ order_id: row.id, product_id: l.productId, product_name: 'Sales test', quantity: l.quantity, unit_price_idr: 20_000, line_total_idr: l.quantity * 20_000, options: '[]', barista_note: '' })))
    .execute();
  return row.id;
}

const pay = (id: number, at: string) => orders().changeState(id, { status: 'pending', paymentStatus: 'awaiting-payment' }, { status: 'paid', paymentStatus: 'paid', paidAt: at, updatedAt: at });
const cancelPaid = (id: number, paidAt: string, at: string) =>
  orders().changeState(id, { status: 'paid', paymentStatus: 'paid' }, { status: 'cancelled', paymentStatus: 'paid', paidAt, updatedAt: at, refundStatus: 'refund-due' });

const byKey = <T>(rows: readonly T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/** Every figure of the report from the summary and from the orders alone. */
async function bothWays(w: ReportWindow) {
  const summed = createOrderReportRepository(db());
  const raw = createRawOrderFigures(db());
  const read = async (figures: typeof raw) => ({
    hours: byKey(await figures.salesByHour(w), (r) => r.hourUtc),
    splits: byKey(await figures.salesBySplit(w), (r) => `${r.storeId ?? 0} ${r.paymentMethod} ${r.deliveryMethod}`),
    products: byKey(await figures.salesByProduct(w), (r) => String(r.productId).padStart(9, '0')),
  });
  return { summed: await read(summed), raw: await read(raw) };
}

/** The summary's rows with any figure other than 0, in one order. */
async function summaryRows() {
  const kept = <T extends object>(rows: T[]) => rows.filter((r) => Object.entries(r).some(([k, v]) => !['store_key', 'product_id'].includes(k) && typeof v === 'number' && v !== 0));
  return {
    hours: kept(await db().selectFrom('order_sales_hours').selectAll().orderBy('store_key').orderBy('hour_utc').execute()),
    days: kept(await db().selectFrom('order_sales_days').selectAll().orderBy('store_key').orderBy('day_utc').orderBy('payment_method').orderBy('delivery_method').execute()),
    products: kept(await db().selectFrom('order_sales_products').selectAll().orderBy('store_key').orderBy('day_utc').orderBy('product_id').execute()),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await signUpAndSignIn(ctx, { role: 'staff' });
  const made: number[] = [];
  for (const name of ['Sales North', 'Sales South']) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: owner.headers, payload: storeInput(name) });
    expect(res.statusCode, res.body).toBe(201);
    made.push(res.json<StoreResponse>().data.id);
  }
  stores = [made[0]!, made[1]!];
  products = [];
  for (const name of ['Sales Latte', 'Sales Tea', 'Sales Bagel']) products.push((await createProduct(ctx.database, { name, priceIdr: 20_000 })).id);
  userId = (await insertTestUser(db())).id;
});

afterAll(async () => {
  await ctx.close();
});

describe('the sales summary', () => {
  const sales: { id: number; paidAt: string; storeId: number | null }[] = [];

  it('gives every figure of the report exactly as the orders alone do, for a month, a year, one store and windows cut mid-day', async () => {
    const random = seededRandom(29);
    const start = Date.parse('2026-01-20T00:00:00.000Z');
    for (let i = 0; i < 140; i++) {
      // Spread over three months at uneven steps; a few at the very edge of a Jakarta shop day (17:00 UTC).
      // Sales taken back share their hour and day with one kept, so a row that kept a trace of them would show.
      const fate = i % 10;
      const last = sales.at(-1);
      const placed =
        fate >= 8 && last ? Date.parse(last.paidAt) : i % 17 === 0 ? Date.parse(`2026-03-${String(1 + (i % 28)).padStart(2, '0')}T16:59:59.000Z`) : start + randomInt(random, 0, 90 * 24 * 60) * 60_000;
      const placedAt = new Date(placed).toISOString();
      const storeId = fate >= 8 && last ? last.storeId : i % 7 === 6 ? null : stores[i % 2]!;
      const lines = Array.from({ length: randomInt(random, 1, 3) }, () => ({ productId: products[randomInt(random, 0, 2)]!, quantity: randomInt(random, 1, 3) }));
      const id = await insertPending(placedAt, storeId, i, lines);
      const paidAt = fate >= 8 && last ? last.paidAt : new Date(placed + (i % 17 === 0 ? 1_000 : randomInt(random, 1, 90) * 60_000)).toISOString();
      if (fate === 6) continue; // never paid
      if (fate === 7) {
        expect(await orders().changeState(id, { status: 'pending', paymentStatus: 'awaiting-payment' }, { status: 'cancelled', paymentStatus: 'awaiting-payment', paidAt: null, updatedAt: paidAt, refundStatus: null })).toBe(true);
        continue;
      }
      expect(await pay(id, paidAt)).toBe(true);
      if (fate >= 8) {
        expect(await cancelPaid(id, paidAt, paidAt)).toBe(true);
        if (fate === 9) expect(await orders().markRefunded(id, paidAt)).toBe(true);
        continue;
      }
      // Moves that keep it a sale change nothing in the summary.
      expect(await orders().changeState(id, { status: 'paid', paymentStatus: 'paid' }, { status: 'preparing', paymentStatus: 'paid', paidAt, updatedAt: paidAt })).toBe(true);
      sales.push({ id, paidAt, storeId });
    }

    // Past orders of the demo data are written paid: sales from the start, one of them in the hour of a sale above.
    for (const paidAt of [sales[3]!.paidAt, '2026-02-02T02:02:02.000Z']) {
      const line = { productId: products[2]!, name: 'Sales Bagel', sizeCode: null, sizeLabel: null, options: [], baristaNote: '', quantity: 2, unitPriceIdr: 20_000, lineTotalIdr: 40_000 };
      const past = {
        userId, status: 'delivered' as const, paymentMethod: 'card' as const, paymentStatus: 'paid' as const, paymentInstructions: null, deliveryMethod: 'dine-in' as const,
        scheduledFor: paidAt.slice(0, 16), scheduledAt: paidAt, isAsap: true, address: null, storeId: stores[0], subtotalIdr: 40_000, taxAndFeesIdr: 4_000,
        shippingIdr: 0, totalIdr: 44_000, taxRateBasisPoints: 1000, itemCount: 2, placedAt: paidAt, paidAt,
      };
      const id = await db().transaction().execute((trx) => createPastOrderWriter(db()).write(past, [line], trx));
      sales.push({ id, paidAt, storeId: stores[0] });
    }

    const windows: ReportWindow[] = [
      { fromIso: '2026-02-28T17:00:00.000Z', toIso: '2026-03-31T17:00:00.000Z', storeId: null }, // March, Jakarta
      { fromIso: '2025-12-31T17:00:00.000Z', toIso: '2026-12-31T17:00:00.000Z', storeId: null }, // 2026, Jakarta
      { fromIso: '2025-12-31T17:00:00.000Z', toIso: '2026-12-31T17:00:00.000Z', storeId: stores[1] }, // one store's year
      { fromIso: '2026-02-09T18:30:00.000Z', toIso: '2026-03-20T18:30:00.000Z', storeId: null }, // a half-hour zone's days
      { fromIso: '2026-03-05T10:10:00.000Z', toIso: '2026-03-05T10:50:00.000Z', storeId: stores[0] }, // inside one hour
    ];
    for (const w of windows) {
      const { summed, raw } = await bothWays(w);
      expect(summed, JSON.stringify(w)).toEqual(raw);
    }
    // Only sales count: the year's orders are the ones paid and kept, whatever else happened around them.
    const { summed } = await bothWays(windows[1]!);
    expect(summed.hours.reduce((s, h) => s + h.orders, 0)).toBe(sales.length);
    expect(summed.splits.reduce((s, h) => s + h.orders, 0)).toBe(sales.length);
    expect(summed.hours.length).toBeGreaterThan(50);
  });

  it("the migration's backfill writes the same summary the moves kept", async () => {
    const kept = await summaryRows();
    expect(kept.hours.length).toBeGreaterThan(0);
    for (const statement of REBUILD_ORDER_SALES) await sql.raw(statement).execute(db());
    expect(await summaryRows()).toEqual(kept);
  });

  it('counts every one of many moves made at the same moment in the same store and hour', async () => {
    const hour = '2026-05-04T09';
    const placedAt = `${hour}:00:00.000Z`;
    const line = [{ productId: products[0]!, quantity: 1 }];
    const ids = await Promise.all(Array.from({ length: 36 }, (_, i) => insertPending(placedAt, stores[0], i * 2, line)));
    const paidAt = (i: number) => `${hour}:${String(10 + (i % 40)).padStart(2, '0')}:00.000Z`;
    expect(await Promise.all(ids.slice(0, 24).map((id, i) => pay(id, paidAt(i))))).toEqual(ids.slice(0, 24).map(() => true));
    // Cancelling a third of those while the rest are paid: adds and takes away on the same rows at once.
    const moves = [...ids.slice(0, 8).map((id, i) => cancelPaid(id, paidAt(i), paidAt(i))), ...ids.slice(24).map((id, i) => pay(id, paidAt(24 + i)))];
    expect(await Promise.all(moves)).toEqual(moves.map(() => true));

    // The whole UTC day: hours, splits and products all from the summary.
    for (const storeId of [null, stores[0]]) {
      const { summed, raw } = await bothWays({ fromIso: '2026-05-04T00:00:00.000Z', toIso: '2026-05-05T00:00:00.000Z', storeId });
      expect(summed).toEqual(raw);
      expect(summed.hours).toEqual([expect.objectContaining({ hourUtc: hour, orders: 28 })]);
      expect(summed.splits.reduce((s, r) => s + r.orders, 0)).toBe(28);
      expect(summed.products).toEqual([{ productId: products[0], quantity: 28, salesIdr: 28 * 20_000 }]);
    }
  });

  it('counts an order a coupon paid in full, from the transaction that placed it', async () => {
    await createPromotionLoader(db(), createProductService({ db: db() })).storePromotion({ ...newPromotion({ name: 'All free', benefitValue: 100 }), code: 'ALLFREE' });
    const customer = await signUpAndSignIn(ctx);
    expect((await addToCart(ctx, customer, { productId: products[1]!, quantity: 2 })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/coupon', headers: customer.headers, payload: { code: 'ALLFREE' } })).statusCode).toBe(200);
    // For tomorrow at 10:00 in the shop: within Pick up's hours whatever the hour this test runs at.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + 86_400_000);
    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: `${tomorrow}T10:00` });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<OrderResponse>().data;
    expect(placed).toMatchObject({ paymentStatus: 'paid', summary: { totalIdr: 0 } });
    const day = Date.parse(`${placed.placedAt.slice(0, 10)}T00:00:00.000Z`);
    const w: ReportWindow = { fromIso: new Date(day).toISOString(), toIso: new Date(day + 86_400_000).toISOString(), storeId: null };
    const { summed, raw } = await bothWays(w);
    expect(summed).toEqual(raw);
    expect(summed.products.map((p) => [p.productId, p.quantity])).toEqual([[products[1], 2]]);
  });
});
