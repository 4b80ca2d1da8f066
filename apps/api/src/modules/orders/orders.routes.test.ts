import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  CartChangeResponse,
  CartResponse,
  ErrorResponse,
  Order,
  OrderListResponse,
  OrderResponse,
  StaffOrder,
  StaffOrderListResponse,
  StaffOrderResponse,
} from '@coffee/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, countRows, getCart, placeOrder, testClock } from '../../test/orders.js';
import { createTestApp, useTestApp } from '../../test/test-app.js';

const clock = testClock();
const ctx = useTestApp({ BANK_ACCOUNT: 'BCA 123-456-7890 a.n. Coffee Shop' }, { now: clock.now });
let staff: SignedInUser;
let latte: { id: number };
let iceLatte: { id: number };
let croissant: { id: number };

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  latte = await createProduct(ctx.database, {
    name: 'Hazelnut Latte',
    sizes: [
      { code: 'R', priceIdr: 25_000 },
      { code: 'L', priceIdr: 30_000 },
    ],
  });
  iceLatte = await createProduct(ctx.database, { name: 'Creamy Ice Latte', sizes: [{ code: 'R', priceIdr: 27_000 }] });
  croissant = await createProduct(ctx.database, { name: 'Butter Croissant', category: 'foods', priceIdr: 18_500 });
});
beforeEach(() => {
  clock.set('2026-11-23T06:30:00Z'); // Monday 13:30 in Jakarta
});

const orderOf = (res: { json: () => unknown }) => (res.json() as OrderResponse).data;

/** A signed-in customer with the checkout sample in the cart: Hazelnut Latte x1 R, Creamy Ice Latte x1 R. */
async function customerWithSampleCart(): Promise<SignedInUser> {
  const customer = await signUpAndSignIn(ctx);
  await addToCart(ctx, customer, { productId: latte.id, size: 'R', quantity: 1 });
  await addToCart(ctx, customer, { productId: iceLatte.id, size: 'R', quantity: 1 });
  return customer;
}

async function staffMove(orderId: number, status: string) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: staff.headers, payload: { status } });
}

async function outboxMails(): Promise<string[]> {
  await ctx.app.mailer.idle();
  const dir = ctx.config.mail.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

describe('placing an order', () => {
  it('turns the cart into an order, priced by the server, and empties the cart', async () => {
    const customer = await customerWithSampleCart();
    const res = await placeOrder(ctx, customer, {
      paymentMethod: 'cash-on-delivery',
      deliveryMethod: 'pick-up',
      scheduledFor: '2026-11-23T15:00',
      // None of these may count: the server prices from the menu.
      price: 1,
      total: 1,
      totalIdr: 1,
      lines: [{ productId: latte.id, quantity: 100, unitPriceIdr: 1 }],
      summary: { totalIdr: 1 },
      status: 'delivered',
      paymentStatus: 'paid',
    });
    expect(res.statusCode).toBe(201);
    const order = orderOf(res);
    expect(res.headers.location).toBe(`/api/v1/orders/${order.id}`);
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'cash-on-delivery',
      paymentStatus: 'cash-on-delivery',
      deliveryMethod: 'pick-up',
      scheduledFor: '2026-11-23T15:00',
      scheduledAt: '2026-11-23T08:00:00.000Z',
      isAsap: false,
      address: null,
      itemCount: 2,
      placedAt: '2026-11-23T06:30:00.000Z',
      paidAt: null,
      // The original checkout's sample, adding up: 52.000 + 5.200 (10 %) + 0 shipping for Pick up.
      summary: { subtotalIdr: 52_000, taxAndFeesIdr: 5_200, shippingIdr: 0, totalIdr: 57_200, subtotal: 52, total: 57.2 },
    });
    expect(order.paymentInstructions).toBe('Please have IDR 57.200 in cash ready when you receive order #' + order.id + '.');
    expect(order.lines.map((l) => [l.name, l.sizeCode, l.sizeLabel, l.quantity, l.unitPriceIdr, l.lineTotalIdr])).toEqual([
      ['Hazelnut Latte', 'R', 'Regular', 1, 25_000, 25_000],
      ['Creamy Ice Latte', 'R', 'Regular', 1, 27_000, 27_000],
    ]);

    const cart = (await getCart(ctx, customer)).json<CartResponse>().data;
    expect(cart).toMatchObject({ lines: [], itemCount: 0, deliveryMethod: 'dine-in', scheduledFor: null });
  });

  it('keeps what was ordered when the menu changes afterwards', async () => {
    const customer = await signUpAndSignIn(ctx);
    const special = await createProduct(ctx.database, { name: 'Daily Special', priceIdr: 40_000 });
    await addToCart(ctx, customer, { productId: special.id, quantity: 2 });
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }));
    await ctx.database.db
      .updateTable('products')
      .set({ name: 'Renamed Special', price_idr: 99_000 })
      .where('id', '=', special.id)
      .execute();
    const again = orderOf(await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers }));
    expect(again.lines).toMatchObject([{ name: 'Daily Special', unitPriceIdr: 40_000, lineTotalIdr: 80_000 }]);
    expect(again.summary.totalIdr).toBe(88_000);
  });

  it('takes "as soon as possible" as now, on the shop clock', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in' }));
    expect(order).toMatchObject({ isAsap: true, scheduledFor: '2026-11-23T13:30', scheduledAt: '2026-11-23T06:30:00.000Z' });
  });

  it('uses the delivery method and time saved in the cart when the body names none', async () => {
    const customer = await customerWithSampleCart();
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/delivery',
      headers: customer.headers,
      payload: { deliveryMethod: 'door-delivery', scheduledFor: '2026-11-24T16:00' },
    });
    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', address: 'Jl. Sudirman 1, Jakarta' });
    expect(res.statusCode).toBe(201);
    expect(orderOf(res)).toMatchObject({
      deliveryMethod: 'door-delivery',
      scheduledFor: '2026-11-24T16:00',
      address: 'Jl. Sudirman 1, Jakarta',
      summary: { subtotalIdr: 52_000, taxAndFeesIdr: 5_200, shippingIdr: 15_000, totalIdr: 72_200 },
    });
    // The method stays the customer's preference; the time is used up.
    expect((await getCart(ctx, customer)).json<CartResponse>().data).toMatchObject({ deliveryMethod: 'door-delivery', scheduledFor: null });
  });

  it('refuses an empty cart', async () => {
    const customer = await signUpAndSignIn(ctx);
    const res = await placeOrder(ctx, customer, { paymentMethod: 'card' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorResponse>()).toEqual({ message: 'Your cart is empty: add something before placing an order', field: 'cart' });
  });

  it('refuses a cart with a product that sold out since it was added, and leaves the cart as it was', async () => {
    const customer = await signUpAndSignIn(ctx);
    const muffin = await createProduct(ctx.database, { name: 'Blueberry Muffin', category: 'foods', priceIdr: 15_000 });
    await addToCart(ctx, customer, { productId: muffin.id, quantity: 2 });
    await addToCart(ctx, customer, { productId: croissant.id, quantity: 1 });
    await ctx.database.db.updateTable('products').set({ is_sold_out: 1 }).where('id', '=', muffin.id).execute();
    const before = await countRows(ctx.database.db, 'orders');

    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorResponse>()).toEqual({
      message: 'Blueberry Muffin is sold out: remove it from your cart to order',
      field: 'cart',
      // Named apart too, for a client to mark the line.
      productIds: [muffin.id],
    });
    expect(await countRows(ctx.database.db, 'orders')).toBe(before);
    expect((await getCart(ctx, customer)).json<CartResponse>().data.itemCount).toBe(3);
  });

  describe('Door Delivery hours (Monday to Friday, 13:00-19:00 Jakarta)', () => {
    it.each([
      ['Saturday', '2026-11-28T03:00:00Z', null],
      ['a weekday at 12:59', '2026-11-23T05:59:00Z', null],
      ['a weekday at 19:01', '2026-11-23T12:01:00Z', null],
      ['Friday 23:30 UTC, which is Saturday in Jakarta', '2026-11-27T23:30:00Z', null],
      ['a chosen Saturday time', '2026-11-23T06:30:00Z', '2026-11-28T14:00'],
    ])('refuses %s', async (_label, now, scheduledFor) => {
      const customer = await customerWithSampleCart();
      clock.set(now);
      const res = await placeOrder(ctx, customer, {
        paymentMethod: 'cash-on-delivery',
        deliveryMethod: 'door-delivery',
        scheduledFor,
        address: 'Jl. Sudirman 1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().field).toBe('scheduledFor');
      expect(res.json<ErrorResponse>().message).toContain('We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time).');
      expect((await getCart(ctx, customer)).json<CartResponse>().data.itemCount).toBe(2);
    });

    it.each([
      ['at 13:00 sharp', '2026-11-23T06:00:00Z'],
      ['at 19:00 sharp', '2026-11-23T12:00:00Z'],
      ['06:30 UTC, which is 13:30 in Jakarta', '2026-11-23T06:30:00Z'],
    ])('accepts as soon as possible %s', async (_label, now) => {
      const customer = await customerWithSampleCart();
      clock.set(now);
      const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', address: 'Jl. Sudirman 1' });
      expect(res.statusCode).toBe(201);
      expect(orderOf(res).summary.shippingIdr).toBe(15_000);
    });

    it('accepts a later weekday time chosen on a Saturday', async () => {
      const customer = await customerWithSampleCart();
      clock.set('2026-11-28T03:00:00Z');
      const res = await placeOrder(ctx, customer, {
        paymentMethod: 'cash-on-delivery',
        deliveryMethod: 'door-delivery',
        scheduledFor: '2026-11-30T13:00',
        address: 'Jl. Sudirman 1',
      });
      expect(res.statusCode).toBe(201);
    });
  });

  it('refuses Dine in and Pick up outside 09:00-18:00', async () => {
    const customer = await customerWithSampleCart();
    clock.set('2026-11-23T11:01:00Z'); // 18:01
    const res = await placeOrder(ctx, customer, { paymentMethod: 'card', deliveryMethod: 'pick-up' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'scheduledFor' });
    expect(res.json<ErrorResponse>().message).toContain('Pick up is open every day between 09:00 and 18:00 (Jakarta time).');
  });

  it('needs an address for Door Delivery, taking the profile\'s by default', async () => {
    const customer = await customerWithSampleCart();
    const missing = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>()).toEqual({
      message: 'Door Delivery needs an address: enter one, or add it to your profile.',
      field: 'address',
    });
    const blank = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', address: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ErrorResponse>().field).toBe('address');

    await ctx.database.db.updateTable('users').set({ delivery_address: 'Jl. Kemang Raya 5, Jakarta' }).where('id', '=', customer.userId).execute();
    const fromProfile = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery' });
    expect(fromProfile.statusCode).toBe(201);
    expect(orderOf(fromProfile).address).toBe('Jl. Kemang Raya 5, Jakarta');
  });

  it('leaves Card and Bank Account orders awaiting payment, with instructions', async () => {
    const bank = await customerWithSampleCart();
    const byBank = orderOf(await placeOrder(ctx, bank, { paymentMethod: 'bank-account' }));
    expect(byBank).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment', paidAt: null });
    expect(byBank.paymentInstructions).toBe(
      `Transfer IDR 57.200 to BCA 123-456-7890 a.n. Coffee Shop with "Order ${byBank.id}" as the reference. We start preparing your order once the payment has arrived.`,
    );
    const card = await customerWithSampleCart();
    const byCard = orderOf(await placeOrder(ctx, card, { paymentMethod: 'card' }));
    expect(byCard).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment' });
    expect(byCard.paymentInstructions).toContain(`Pay IDR 57.200 by card at our counter, quoting order #${byCard.id}`);
  });

  it('refuses an unknown payment method, naming the field', async () => {
    const customer = await customerWithSampleCart();
    const res = await placeOrder(ctx, customer, { paymentMethod: 'bitcoin' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'paymentMethod' });
  });

  it('emails the customer a confirmation', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'bank-account' }));
    const mail = (await outboxMails()).find((m) => m.includes(`Your Coffee Shop order #${order.id}`));
    expect(mail).toBeDefined();
    expect(mail).toContain(`To: ${customer.email}`);
    expect(mail).toContain('IDR 57.200');
    expect(mail).toContain('BCA 123-456-7890');
  });

  it('still places the order when the mail cannot be sent', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' }, { now: clock.now });
    try {
      const product = await createProduct(broken.database, { priceIdr: 10_000 });
      const customer = await signUpAndSignIn(broken);
      await addToCart(broken, customer, { productId: product.id, quantity: 1 });
      const res = await placeOrder(broken, customer, { paymentMethod: 'cash-on-delivery' });
      expect(res.statusCode).toBe(201);
      await broken.app.mailer.idle();
      const list = await broken.app.inject({ method: 'GET', url: '/api/v1/orders', headers: customer.headers });
      expect(list.json<OrderListResponse>().meta.total).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('is required, as a UUID', async () => {
    const customer = await customerWithSampleCart();
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/orders', headers: customer.headers, payload: { paymentMethod: 'card' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>().field).toBe('idempotency-key');
    const wrong = await placeOrder(ctx, customer, { paymentMethod: 'card' }, 'click-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorResponse>().message).toContain('must be a UUID');
    expect((await getCart(ctx, customer)).json<CartResponse>().data.itemCount).toBe(2);
  });

  it('makes a repeated request answer the first order instead of placing a second', async () => {
    const customer = await customerWithSampleCart();
    const key = randomUUID();
    const first = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }, key);
    // The cart is empty now: a second order would fail, a replay must not.
    const second = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders', headers: customer.headers });
    expect(list.json<OrderListResponse>().meta.total).toBe(1);
  });

  it('places one order when the same request arrives twice at once', async () => {
    const customer = await customerWithSampleCart();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => placeOrder(ctx, customer, { paymentMethod: 'card' }, key)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => orderOf(a).id));
    expect(ids.size).toBe(1);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders', headers: customer.headers });
    expect(list.json<OrderListResponse>().meta.total).toBe(1);
  });

  it('places one order on a double click that sent two keys: the second finds the cart empty', async () => {
    const customer = await customerWithSampleCart();
    const answers = await Promise.all([placeOrder(ctx, customer, { paymentMethod: 'card' }), placeOrder(ctx, customer, { paymentMethod: 'card' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a key reused for a different request', async () => {
    const customer = await customerWithSampleCart();
    const key = randomUUID();
    await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }, key);
    const other = await placeOrder(ctx, customer, { paymentMethod: 'card' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json<ErrorResponse>().field).toBe('idempotency-key');
  });

  it('is per customer: another customer\'s key does not reveal their order', async () => {
    const alice = await customerWithSampleCart();
    const bob = await customerWithSampleCart();
    const key = randomUUID();
    const aliceOrder = orderOf(await placeOrder(ctx, alice, { paymentMethod: 'cash-on-delivery' }, key));
    const bobRes = await placeOrder(ctx, bob, { paymentMethod: 'cash-on-delivery' }, key);
    expect(bobRes.statusCode).toBe(201);
    expect(orderOf(bobRes).id).not.toBe(aliceOrder.id);
  });
});

describe('my orders', () => {
  it('lists mine only, newest first, a page at a time', async () => {
    const customer = await signUpAndSignIn(ctx);
    const other = await customerWithSampleCart();
    await placeOrder(ctx, other, { paymentMethod: 'card' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.set(new Date(Date.parse('2026-11-23T06:30:00Z') + i * 60_000));
      await addToCart(ctx, customer, { productId: croissant.id, quantity: i + 1 });
      ids.push(orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' })).id);
    }
    const first = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders?limit=2', headers: customer.headers });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<OrderListResponse>();
    expect(page1.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(page1.data.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const page2 = (await ctx.app.inject({ method: 'GET', url: '/api/v1/orders?limit=2&page=2', headers: customer.headers })).json<OrderListResponse>();
    expect(page2.data.map((o) => o.id)).toEqual([ids[0]]);
    expect(page2.data[0]?.lines).toMatchObject([{ name: 'Butter Croissant', quantity: 1 }]);
  });

  it('keeps other customers\' orders out of reach: 404, not 403', async () => {
    const alice = await customerWithSampleCart();
    const mallory = await signUpAndSignIn(ctx);
    const order = orderOf(await placeOrder(ctx, alice, { paymentMethod: 'cash-on-delivery' }));
    for (const req of [
      { method: 'GET' as const, url: `/api/v1/orders/${order.id}` },
      { method: 'DELETE' as const, url: `/api/v1/orders/${order.id}` },
      { method: 'POST' as const, url: `/api/v1/orders/${order.id}/reorder` },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: mallory.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorResponse>().message).toBe(`You have no order ${order.id}`);
    }
    expect((await getCart(ctx, mallory)).json<CartResponse>().data.lines).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: alice.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/orders/abc', headers: alice.headers })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/orders/1' })).statusCode).toBe(401);
    const place = await ctx.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { origin: 'http://localhost' }, payload: {} });
    expect(place.statusCode).toBe(401);
  });

  it('removes a finished order from my history only, and keeps it for the shop', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }));
    const early = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(early.statusCode).toBe(409);

    for (const status of ['preparing', 'ready', 'delivered']) expect((await staffMove(order.id, status)).statusCode).toBe(200);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(removed.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers })).statusCode).toBe(404);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/orders', headers: customer.headers })).json<OrderListResponse>();
    expect(mine.data.map((o) => o.id)).not.toContain(order.id);
    const shop = await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/orders/${order.id}`, headers: staff.headers });
    expect(shop.statusCode).toBe(200);
    expect(shop.json<StaffOrderResponse>().data).toMatchObject({ status: 'delivered', customer: { email: customer.email } });
  });

  it('orders again at today\'s prices, skipping what cannot be ordered', async () => {
    const customer = await signUpAndSignIn(ctx);
    const tart = await createProduct(ctx.database, { name: 'Lemon Tart', category: 'foods', priceIdr: 21_000 });
    await addToCart(ctx, customer, { productId: tart.id, quantity: 1 });
    await addToCart(ctx, customer, { productId: latte.id, size: 'L', quantity: 2 });
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }));

    await ctx.database.db.updateTable('products').set({ is_sold_out: 1 }).where('id', '=', tart.id).execute();
    await ctx.database.db.updateTable('product_sizes').set({ price_idr: 31_000 }).where('product_id', '=', latte.id).where('code', '=', 'L').execute();
    try {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/reorder`, headers: customer.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json<CartChangeResponse>();
      expect(body.notes).toEqual(['Lemon Tart is sold out']);
      expect(body.data.lines).toMatchObject([{ name: 'Hazelnut Latte', sizeCode: 'L', quantity: 2, unitPriceIdr: 31_000 }]);
    } finally {
      await ctx.database.db.updateTable('product_sizes').set({ price_idr: 30_000 }).where('product_id', '=', latte.id).where('code', '=', 'L').execute();
    }
  });
});

describe('staff', () => {
  it('are the only ones who see every order and move them on', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders', headers: customer.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders' })).statusCode).toBe(401);
    expect((await staffMoveAs(customer, order.id, 'preparing')).statusCode).toBe(403);
    const pay = await ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${order.id}/mark-paid`, headers: customer.headers });
    expect(pay.statusCode).toBe(403);
    expect(orderOf(await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers })).status).toBe('pending');
  });

  it('list every order, filtered by status', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'bank-account' }));
    const pending = (await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?status=pending&limit=100', headers: staff.headers })).json<StaffOrderListResponse>();
    const mine = pending.data.find((o) => o.id === order.id);
    expect(mine).toMatchObject({ customer: { id: customer.userId, email: customer.email }, nextStatuses: ['cancelled'] });
    expect(pending.data.every((o) => o.status === 'pending')).toBe(true);
    const delivered = (await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?status=delivered', headers: staff.headers })).json<StaffOrderListResponse>();
    expect(delivered.data.map((o) => o.id)).not.toContain(order.id);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?status=lost', headers: staff.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('take a bank transfer order through payment, preparation and pick-up', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up' }));

    const tooEarly = await staffMove(order.id, 'preparing');
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json<ErrorResponse>()).toEqual({
      message: `Order #${order.id} is awaiting payment: mark it paid before preparing it`,
      field: 'status',
      currentStatus: 'pending',
      nextStatuses: ['cancelled'],
    });

    clock.set('2026-11-23T07:00:00Z');
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${order.id}/mark-paid`, headers: staff.headers });
    expect(paid.statusCode).toBe(200);
    expect(paid.json<StaffOrderResponse>().data).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAt: '2026-11-23T07:00:00.000Z', nextStatuses: ['preparing', 'cancelled'] });
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${order.id}/mark-paid`, headers: staff.headers });
    expect(twice.statusCode).toBe(409);

    expect((await staffMove(order.id, 'preparing')).statusCode).toBe(200);
    const onDelivery = await staffMove(order.id, 'on-delivery');
    expect(onDelivery.statusCode).toBe(409);
    expect(onDelivery.json<ErrorResponse>().message).toContain('not for Door Delivery');
    expect((await staffMove(order.id, 'ready')).statusCode).toBe(200);
    const done = await staffMove(order.id, 'delivered');
    expect(done.json<StaffOrderResponse>().data).toMatchObject({ status: 'delivered', nextStatuses: [] });

    const back = await staffMove(order.id, 'pending');
    expect(back.statusCode).toBe(400); // not a status staff can set at all
    const cancel = await staffMove(order.id, 'cancelled');
    expect(cancel.statusCode).toBe(409);
    // A Pick up order is finished when it is picked up: the words follow the delivery method.
    expect(cancel.json<ErrorResponse>().message).toBe(`Order #${order.id} is Picked up and cannot become Cancelled`);

    const seen: Order = orderOf(await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers }));
    expect(seen).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('deliver a cash order to the door and record the cash as paid', async () => {
    const customer = await customerWithSampleCart();
    const order = orderOf(await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', address: 'Jl. Sudirman 1' }));
    expect((await staffMove(order.id, 'preparing')).statusCode).toBe(200);
    expect((await staffMove(order.id, 'ready')).statusCode).toBe(409);
    expect((await staffMove(order.id, 'on-delivery')).statusCode).toBe(200);
    clock.set('2026-11-23T08:00:00Z');
    const delivered: StaffOrder = (await staffMove(order.id, 'delivered')).json<StaffOrderResponse>().data;
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'paid', paidAt: '2026-11-23T08:00:00.000Z' });
  });

  it('get a 404 for an order that does not exist', async () => {
    expect((await staffMove(999_999, 'preparing')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders/nope', headers: staff.headers })).statusCode).toBe(404);
  });
});

function staffMoveAs(user: SignedInUser, orderId: number, status: string) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: user.headers, payload: { status } });
}

// The cart is left alone when placing is refused: checked here once more with the whole body, not just the count.
describe('a refused order', () => {
  it('leaves the cart exactly as it was', async () => {
    const customer = await customerWithSampleCart();
    const before = (await getCart(ctx, customer)).json<CartResponse>();
    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', scheduledFor: '2026-11-28T14:00' });
    expect(res.statusCode).toBe(400);
    expect((await getCart(ctx, customer)).json<CartResponse>()).toEqual(before);
  });
});

describe('the API documentation', () => {
  it('lists the cart and order endpoints under their tags, with the required Idempotency-Key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[]; parameters?: { in: string; name: string; required?: boolean }[] }>> }>();
    const tagOf = (p: string, method: string) => doc.paths[p]?.[method]?.tags;
    expect(tagOf('/api/v1/cart', 'get')).toEqual(['Cart']);
    expect(tagOf('/api/v1/cart/merge', 'post')).toEqual(['Cart']);
    expect(tagOf('/api/v1/orders', 'post')).toEqual(['Orders']);
    expect(tagOf('/api/v1/orders/{id}/reorder', 'post')).toEqual(['Orders']);
    expect(tagOf('/api/v1/staff/orders/{id}/status', 'patch')).toEqual(['Orders (staff)']);
    expect(doc.paths['/api/v1/orders']?.post?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
  });
});
