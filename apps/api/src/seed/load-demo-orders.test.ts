import { SIZE_CODES, priceUnitsToRupiah, type CartResponse, type OrderListResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, SAME_ORIGIN, sessionCookieFrom } from '../test/auth.js';
import { createProduct } from '../test/factories.js';
import { countRows } from '../test/orders.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { DEMO_ACCOUNTS, loadDemoAccounts } from './load-demo-accounts.js';
import { loadDemoOrders } from './load-demo-orders.js';
import { DEMO_MENU } from './menu.js';

// The demo menu's products (without their pictures, which are slow to draw), then the demo accounts.
let ctx: TestContext;
let headers: Record<string, string>;
const now = new Date('2026-11-23T06:30:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  for (const item of DEMO_MENU) {
    const sizes = item.sizes;
    await createProduct(ctx.database, {
      name: item.name,
      category: item.category,
      priceIdr: priceUnitsToRupiah(item.price),
      sizes: sizes ? SIZE_CODES.map((code) => ({ code, priceIdr: priceUnitsToRupiah(sizes[code]) })) : [],
      isSoldOut: item.isSoldOut,
    });
  }
  await loadDemoAccounts(ctx.database, ctx.config);
  const demo = DEMO_ACCOUNTS[0];
  const login = await logIn(ctx.app, demo.email, demo.password);
  headers = { cookie: `coffee_session=${sessionCookieFrom(login.headers['set-cookie']) ?? ''}`, origin: SAME_ORIGIN };
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('loadDemoOrders', () => {
  it('never runs in production', async () => {
    expect(await loadDemoOrders(ctx.database, { ...ctx.config, demoAccounts: false }, undefined, now)).toBeNull();
    expect(await countRows(ctx.database.db, 'orders')).toBe(0);
    expect(await countRows(ctx.database.db, 'cart_items')).toBe(0);
  });

  it('gives the demo customer six delivered past orders and the checkout sample in the cart', async () => {
    expect(await loadDemoOrders(ctx.database, ctx.config, undefined, now)).toEqual({ orders: 6, cartLines: 2 });

    const history = (await ctx.app.inject({ method: 'GET', url: '/api/v1/orders', headers })).json<OrderListResponse>();
    expect(history.meta.total).toBe(6);
    expect(history.data.every((o) => o.status === 'delivered' && o.paymentStatus === 'paid')).toBe(true);
    expect(history.data.map((o) => o.lines[0]?.name)).toEqual([
      'Hazelnut Latte',
      'Creamy Ice Latte',
      'Caramel Macchiato',
      'Nasi Goreng Kampung',
      'Matcha Latte',
      'Butter Croissant',
    ]);
    for (const order of history.data) {
      expect(order.summary.totalIdr).toBe(order.summary.subtotalIdr + order.summary.taxAndFeesIdr + order.summary.shippingIdr);
      expect(Date.parse(order.placedAt)).toBeLessThan(now.getTime());
    }
    // Priced from the menu: Hazelnut Latte Regular is IDR 34.000 there.
    expect(history.data[0]?.lines[0]).toMatchObject({ sizeCode: 'R', unitPriceIdr: 34_000 });

    const cart = (await ctx.app.inject({ method: 'GET', url: '/api/v1/cart', headers })).json<CartResponse>().data;
    expect(cart.lines.map((l) => [l.name, l.sizeLabel, l.quantity])).toEqual([
      ['Hazelnut Latte', 'Regular', 1],
      ['Creamy Ice Latte', 'Regular', 1],
    ]);
  });

  it('does nothing the second time', async () => {
    const orders = await countRows(ctx.database.db, 'orders');
    expect(await loadDemoOrders(ctx.database, ctx.config, undefined, now)).toBeNull();
    expect(await countRows(ctx.database.db, 'orders')).toBe(orders);
    expect(await countRows(ctx.database.db, 'cart_items')).toBe(2);
  });
});
