import type { Order, OrderResponse, Report, ReportResponse, StoreResponse } from '@coffee/contract';
import { toShopLocal } from '@coffee/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_ORDER_SALES } from '../../db/migrations/029-order-sales.js';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, newPromotion, storeInput } from '../../test/factories.js';
import { addToCart, insertTestUser, placeOrder, testClock } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionLoader } from '../promotions/promotions.service.js';

// A month of orders placed and paid through the real API on the test clock, in two stores: the November report must
// equal the sum of its paid orders by every breakdown, and leave out what is not a sale.
const clock = testClock();
let ctx: TestContext;
let owner: SignedInUser;
let products: { latte: number; tea: number; bagel: number };
let secondStore: number;

interface Placed {
  order: Order;
  paidAt: string | null;
  sale: boolean;
}
const placed: Placed[] = [];

const staffPost = (url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, headers: owner.headers, ...(payload ? { payload } : {}) });
const report = (query: string, as: SignedInUser = owner) => ctx.app.inject({ method: 'GET', url: `/api/v1/staff/reports${query}`, headers: as.headers });

async function order(
  at: string,
  lines: [number, number][],
  opts: { payment?: 'cash-on-delivery' | 'bank-account'; delivery?: 'pick-up' | 'dine-in' | 'door-delivery'; store?: number; coupon?: boolean } = {},
): Promise<Order> {
  clock.set(at);
  const customer = await signUpAndSignIn(ctx);
  for (const [productId, quantity] of lines) expect((await addToCart(ctx, customer, { productId, quantity })).statusCode).toBe(200);
  const delivery = opts.delivery ?? 'pick-up';
  if (opts.store) {
    const chosen = await ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: delivery, scheduledFor: null, storeId: opts.store } });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
  if (opts.coupon) expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/coupon', headers: customer.headers, payload: { code: 'FIVE' } })).statusCode).toBe(200);
  const res = await placeOrder(ctx, customer, {
    ...(opts.store ? { storeId: opts.store } : {}),
    paymentMethod: opts.payment ?? 'cash-on-delivery',
    deliveryMethod: delivery,
    ...(delivery === 'door-delivery' ? { address: 'Jl. Kemang Raya 10, Jakarta' } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderResponse>().data;
}

async function markPaid(o: Order, at: string): Promise<string> {
  clock.set(at);
  const res = await staffPost(`/api/v1/staff/orders/${o.id}/mark-paid`);
  expect(res.statusCode, res.body).toBe(200);
  return at;
}

async function cancel(o: Order, at: string) {
  clock.set(at);
  const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${o.id}/status`, headers: owner.headers, payload: { status: 'cancelled' } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: clock.now });
  owner = await signUpAndSignIn(ctx, { role: 'staff' });
  const db = ctx.database;
  products = {
    latte: (await createProduct(db, { name: 'Report Latte', category: 'coffee', priceIdr: 32_000 })).id,
    tea: (await createProduct(db, { name: '=Tea "special"', category: 'non-coffee', priceIdr: 21_500 })).id,
    bagel: (await createProduct(db, { name: 'Report Bagel', category: 'foods', priceIdr: 27_000 })).id,
  };
  await createPromotionLoader(db.db, createProductService({ db: db.db })).storePromotion({ ...newPromotion({ name: 'Five off', benefit: 'amount-off', benefitValue: 5_000 }), code: 'FIVE' });
  const store = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: owner.headers, payload: storeInput('Kopi Report', { deliveryMethods: ['pick-up', 'dine-in'] }) });
  expect(store.statusCode, store.body).toBe(201);
  secondStore = store.json<StoreResponse>().data.id;

  const { latte, tea, bagel } = products;
  // Sales: paid in November, shop time, and not cancelled.
  const a = await order('2026-11-23T06:30:00Z', [[latte, 2], [bagel, 1]]);
  placed.push({ order: a, paidAt: await markPaid(a, '2026-11-23T06:35:00Z'), sale: true });
  const b = await order('2026-11-24T03:15:00Z', [[tea, 3]], { payment: 'bank-account', delivery: 'dine-in', coupon: true });
  placed.push({ order: b, paidAt: await markPaid(b, '2026-11-24T03:20:00Z'), sale: true });
  const c = await order('2026-11-25T08:40:00Z', [[latte, 1], [tea, 1]], { store: secondStore });
  placed.push({ order: c, paidAt: await markPaid(c, '2026-11-25T08:41:00Z'), sale: true });
  const d = await order('2026-11-27T07:00:00Z', [[bagel, 2]], { delivery: 'door-delivery' });
  placed.push({ order: d, paidAt: await markPaid(d, '2026-11-27T10:00:00Z'), sale: true });
  // Not sales: never paid; cancelled before payment; paid then cancelled (refund due) and paid back; paid on
  // 1 December in Jakarta although it is still 30 November in UTC.
  placed.push({ order: await order('2026-11-26T04:00:00Z', [[latte, 5]], { payment: 'bank-account' }), paidAt: null, sale: false });
  const e = await order('2026-11-26T05:00:00Z', [[bagel, 4]]);
  await cancel(e, '2026-11-26T05:05:00Z');
  placed.push({ order: e, paidAt: null, sale: false });
  const f = await order('2026-11-28T04:00:00Z', [[latte, 3]]);
  placed.push({ order: f, paidAt: await markPaid(f, '2026-11-28T04:01:00Z'), sale: false });
  await cancel(f, '2026-11-28T04:10:00Z');
  const g = await order('2026-11-28T05:00:00Z', [[tea, 2]], { payment: 'bank-account' });
  placed.push({ order: g, paidAt: await markPaid(g, '2026-11-28T05:01:00Z'), sale: false });
  await cancel(g, '2026-11-28T05:10:00Z');
  expect((await staffPost(`/api/v1/staff/orders/${g.id}/mark-refunded`)).statusCode).toBe(200);
  const h = await order('2026-11-30T08:00:00Z', [[latte, 1]]);
  placed.push({ order: h, paidAt: await markPaid(h, '2026-11-30T17:30:00Z'), sale: false });
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const local = (iso: string) => toShopLocal(new Date(iso), 'Asia/Jakarta');
function sumBy<K>(key: (p: Placed) => K) {
  const out = new Map<K, { orders: number; salesIdr: number }>();
  for (const p of placed.filter((x) => x.sale)) {
    const f = out.get(key(p)) ?? { orders: 0, salesIdr: 0 };
    f.orders += 1;
    f.salesIdr += p.order.summary.totalIdr;
    out.set(key(p), f);
  }
  return out;
}
const nonZero = <T extends { orders: number }>(rows: T[]) => rows.filter((r) => r.orders > 0);

describe('GET /staff/reports', () => {
  let month: Report;
  beforeAll(async () => {
    const res = await report('?range=month&date=2026-11-15');
    expect(res.statusCode, res.body).toBe(200);
    month = res.json<ReportResponse>().data;
  });

  it("a month's totals are the sum of its paid orders, unpaid, cancelled, refunded and next month's left out", () => {
    const sales = placed.filter((p) => p.sale).map((p) => p.order);
    const total = sales.reduce((s, o) => s + o.summary.totalIdr, 0);
    expect(month).toMatchObject({ range: 'month', from: '2026-11-01', to: '2026-11-30', timeZone: 'Asia/Jakarta', storeId: null });
    expect(month.totals).toEqual({
      salesIdr: total,
      orders: 4,
      averageTicketIdr: Math.round(total / 4),
      itemsSold: 3 + 3 + 2 + 2,
      itemSalesIdr: sales.reduce((s, o) => s + o.summary.subtotalIdr, 0),
      discountsIdr: 5_000,
      taxIdr: sales.reduce((s, o) => s + o.summary.taxAndFeesIdr, 0),
      deliveryIdr: sales.reduce((s, o) => s + o.summary.shippingIdr, 0),
    });
    expect(month.totals.deliveryIdr).toBeGreaterThan(0);
    expect(month.tax).toMatchObject({ label: 'PB1', ratePercent: '10', collectedIdr: month.totals.taxIdr });
    const [f, g] = [placed[6]!.order, placed[7]!.order];
    expect(month.refunds).toEqual({ orders: 2, amountIdr: f.summary.totalIdr + g.summary.totalIdr, paidBackOrders: 1, paidBackIdr: g.summary.totalIdr });
    expect(month.cancellations).toEqual({ orders: 1, amountIdr: placed[5]!.order.summary.totalIdr });
  });

  it('every breakdown adds up to the same paid orders', () => {
    const figures = (m: Map<string | number, { orders: number; salesIdr: number }>) => [...m.values()].sort((a, b) => b.salesIdr - a.salesIdr);
    expect(nonZero(month.byDay).map(({ date, orders, salesIdr }) => [date, { orders, salesIdr }])).toEqual([...sumBy((p) => local(p.paidAt!).text.slice(0, 10))].sort());
    expect(month.byDay).toHaveLength(30);
    expect(nonZero(month.byHour).map(({ hour, orders, salesIdr }) => [hour, { orders, salesIdr }])).toEqual(
      [...sumBy((p) => Math.floor(local(p.paidAt!).minuteOfDay / 60))].sort((a, b) => a[0] - b[0]),
    );
    expect(nonZero(month.byWeekday).map(({ weekday, orders, salesIdr }) => [weekday, { orders, salesIdr }])).toEqual(
      [...sumBy((p) => local(p.paidAt!).isoWeekday)].sort((a, b) => a[0] - b[0]),
    );
    expect(month.byWeekday.map((w) => w.name)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(month.byPaymentMethod.map(({ orders, salesIdr }) => ({ orders, salesIdr }))).toEqual(figures(sumBy((p) => p.order.paymentMethod)));
    expect(month.byPaymentMethod.map((m) => m.label).sort()).toEqual(['Bank Account', 'Cash on Delivery']);
    expect(month.byChannel.map(({ orders, salesIdr }) => ({ orders, salesIdr }))).toEqual(figures(sumBy((p) => p.order.deliveryMethod)));
    expect(month.byChannel.map((c) => c.label).sort()).toEqual(['Dine in', 'Door Delivery', 'Pick up']);
    expect(month.byStore.map(({ storeId, orders, salesIdr }) => [storeId, { orders, salesIdr }])).toEqual([...sumBy((p) => p.order.store?.id ?? null)].sort((a, b) => b[1].salesIdr - a[1].salesIdr));
    expect(month.byStore.find((s) => s.storeId === secondStore)?.name).toBe('Kopi Report');

    const lines = placed.filter((p) => p.sale).flatMap((p) => p.order.lines);
    const byProduct = new Map<number, { quantity: number; salesIdr: number }>();
    for (const l of lines) {
      const id = Number(l.productId);
      const p = byProduct.get(id) ?? { quantity: 0, salesIdr: 0 };
      p.quantity += l.quantity;
      p.salesIdr += l.lineTotalIdr;
      byProduct.set(id, p);
    }
    expect(month.byProduct.map(({ productId, quantity, salesIdr }) => [productId, { quantity, salesIdr }]).sort()).toEqual([...byProduct].sort());
    expect(month.byProduct.reduce((s, p) => s + p.salesIdr, 0)).toBe(month.totals.itemSalesIdr);
    expect(month.byCategory.map((c) => c.category).sort()).toEqual(['coffee', 'foods', 'non-coffee']);
    expect(month.byCategory.reduce((s, c) => s + c.salesIdr, 0)).toBe(month.totals.itemSalesIdr);
  });

  it('narrows to one store, a day, a week and chosen days', async () => {
    const one = (await report(`?range=month&date=2026-11-01&storeId=${secondStore}`)).json<ReportResponse>().data;
    expect(one).toMatchObject({ storeId: secondStore, storeName: 'Kopi Report', totals: { orders: 1, salesIdr: placed[2]!.order.summary.totalIdr } });
    const day = (await report('?range=day&date=2026-11-24')).json<ReportResponse>().data;
    expect(day).toMatchObject({ from: '2026-11-24', to: '2026-11-24', totals: { orders: 1, salesIdr: placed[1]!.order.summary.totalIdr } });
    const week = (await report('?range=week&date=2026-11-26')).json<ReportResponse>().data;
    expect(week).toMatchObject({ from: '2026-11-23', to: '2026-11-29', totals: { orders: 4 } });
    const december = (await report('?range=custom&from=2026-12-01&to=2026-12-01')).json<ReportResponse>().data;
    expect(december.totals).toMatchObject({ orders: 1, salesIdr: placed[8]!.order.summary.totalIdr });
    clock.set('2026-11-24T10:00:00Z');
    expect((await report('')).json<ReportResponse>().data).toMatchObject({ range: 'day', from: '2026-11-24' });
  });

  it('refuses ranges and stores that make no report with words a person acts on', async () => {
    const backwards = await report('?range=custom&from=2026-11-10&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: 'The last day comes before the first day: swap them', field: 'to' });
    const long = await report('?range=custom&from=2025-01-01&to=2026-11-01');
    expect(long.json()).toMatchObject({ field: 'to', message: 'A report covers at most 367 days: choose a shorter range' });
    expect((await report('?range=custom&from=2026-11-01')).json()).toMatchObject({ field: 'to' });
    const notADay = (await report('?range=month&date=2026-02-30')).json<{ message: string; field: string }>();
    expect(notADay.field).toBe('date');
    expect(notADay.message).not.toMatch(/YYYY|ISO|range|undefined/);
    expect((await report('?range=year')).statusCode).toBe(400);
    const unknown = await report('?storeId=999999');
    expect(unknown.statusCode).toBe(404);
  });

  it('is for the owner only: a manager, a barista and a customer get 403, a visitor 401', async () => {
    for (const staffRole of ['manager', 'barista'] as const) {
      const member = await signUpAndSignIn(ctx, { role: 'staff', staffRole });
      for (const path of ['', '/report.csv', '/orders.csv']) expect((await report(`${path}?range=month`, member)).statusCode).toBe(403);
    }
    expect((await report('', await signUpAndSignIn(ctx))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/reports/orders.csv' })).statusCode).toBe(401);
  });
});

/** RFC 4180 as a spreadsheet reads it: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  expect(cell).toBe('');
  return rows;
}

describe('the CSV exports', () => {
  const download = async (path: string) => {
    const res = await report(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/\n/);
    return parseCsv(res.body.slice(1));
  };

  it("the report's CSV reads back to the report's figures, every section adding up to the sales", async () => {
    const month = (await report('?range=month&date=2026-11-15')).json<ReportResponse>().data;
    const rows = await download('/report.csv?range=month&date=2026-11-15');
    expect(rows[0]).toEqual(['Section', 'Line', 'Orders', 'Quantity', 'Amount (IDR)']);
    const amount = (section: string, line?: string) =>
      rows.filter((r) => r[0] === section && (line === undefined || r[1] === line)).reduce((s, r) => s + Number(r[4]), 0);
    const orders = (section: string) => rows.filter((r) => r[0] === section).reduce((s, r) => s + Number(r[2]), 0);
    expect(amount('Totals', 'Sales')).toBe(month.totals.salesIdr);
    expect(amount('Totals', 'Tax collected (PB1 10 %)')).toBe(month.totals.taxIdr);
    for (const section of ['By day', 'By hour', 'By weekday', 'By store', 'By payment method', 'By channel']) {
      expect(amount(section), section).toBe(month.totals.salesIdr);
      expect(orders(section), section).toBe(month.totals.orders);
    }
    expect(amount('By product')).toBe(month.totals.itemSalesIdr);
    expect(amount('By category')).toBe(month.totals.itemSalesIdr);
    // Numbers are plain integers; a name a spreadsheet would run as a formula starts with an apostrophe.
    expect(rows.filter((r) => r[0] === 'By day').every((r) => /^\d+$/.test(r[4]!))).toBe(true);
    expect(rows.find((r) => r[0] === 'By product' && r[1]!.includes('Tea'))?.[1]).toBe('\'=Tea "special"');
  });

  it("the orders' CSV lists every order placed in the range, and its sales add up to the report's", async () => {
    const rows = await download('/orders.csv?range=custom&from=2026-11-01&to=2026-11-30');
    const [head, ...body] = rows;
    expect(head).toContain('PB1 (IDR)');
    const col = (name: string) => head!.indexOf(name);
    expect(body.map((r) => Number(r[col('Order')]))).toEqual(placed.map((p) => p.order).sort((a, b) => a.placedAt.localeCompare(b.placedAt)).map((o) => o.id));
    const sales = body.filter((r) => r[col('Counted as sale')] === 'yes');
    // Every sale of November was also placed in November here; the order paid on 1 December is not a sale of it.
    const month = (await report('?range=month&date=2026-11-15')).json<ReportResponse>().data;
    expect(sales).toHaveLength(month.totals.orders + 1);
    const decemberPaid = placed[8]!.order;
    const novemberSales = sales.filter((r) => Number(r[col('Order')]) !== decemberPaid.id);
    expect(novemberSales.reduce((s, r) => s + Number(r[col('Total (IDR)')]), 0)).toBe(month.totals.salesIdr);
    expect(novemberSales.reduce((s, r) => s + Number(r[col('PB1 (IDR)')]), 0)).toBe(month.totals.taxIdr);
    expect(novemberSales.reduce((s, r) => s + Number(r[col('Discount (IDR)')]), 0)).toBe(month.totals.discountsIdr);
    expect(body.find((r) => Number(r[col('Order')]) === decemberPaid.id)?.[col('Paid (shop time)')]).toBe('2026-12-01 00:30');
  });

  it('streams a long export a page at a time, in order, without repeating or losing an order', async () => {
    // Written straight into the table: the export's pages (1,000 orders) and orders placed in the same millisecond.
    const { id: userId } = await insertTestUser(ctx.database.db);
    const at = (i: number) => new Date(Date.UTC(2026, 9, 10, 3, 0, 0, Math.floor(i / 3))).toISOString();
    const many = Array.from({ length: 1_201 }, (_, i) => ({
      user_id: userId, status: 'delivered', payment_method: 'cash-on-delivery', payment_status: 'paid', delivery_method: 'pick-up', is_asap: 0,
      scheduled_for: '2026-10-10T10:00', scheduled_at: '2026-10-10T03:00:00.000Z', subtotal_idr: 10_000, tax_and_fees_idr: 1_000,
      shipping_idr: 0, total_idr: 11_000, tax_rate_bp: 1000, item_count: 1, placed_at: at(i), updated_at: at(i), paid_at: at(i),
    }));
    for (let i = 0; i < many.length; i += 200) await ctx.database.db.insertInto('orders').values(many.slice(i, i + 200)).execute();
    // Written around the order moves, so into the sales summary the way the migration fills it.
    for (const statement of REBUILD_ORDER_SALES) await sql.raw(statement).execute(ctx.database.db);
    const rows = (await download('/orders.csv?range=month&date=2026-10-01')).slice(1);
    const ids = rows.map((r) => Number(r[0]));
    expect(ids).toHaveLength(1_201);
    expect(new Set(ids).size).toBe(1_201);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const october = (await report('?range=month&date=2026-10-01')).json<ReportResponse>().data;
    expect(october.totals).toMatchObject({ orders: 1_201, salesIdr: 1_201 * 11_000, taxIdr: 1_201 * 1_000 });
  });
});
