import fs from 'node:fs';
import path from 'node:path';
import type { ErrorResponse, OrderResponse, StaffOrderListResponse, StaffOrderResponse } from '@coffee/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const clock = testClock();
let ctx: TestContext;
let staff: SignedInUser;
let latte: { id: number };

beforeAll(async () => {
  ctx = await createTestApp(
    { BANK_ACCOUNT: 'BCA 123-456-7890 a.n. Coffee Shop', PUBLIC_URL: 'https://shop.example.test' },
    { now: clock.now },
  );
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  latte = await createProduct(ctx.database, { name: 'Hazelnut Latte', priceIdr: 25_000 });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(() => {
  clock.set('2026-11-23T06:30:00Z'); // Monday 13:30 in Jakarta
});

const get = (user: SignedInUser, url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.headers });
const post = (user: SignedInUser, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: payload ? 'PATCH' : 'POST', url: `/api/v1${url}`, headers: user.headers, ...(payload ? { payload } : {}) });

async function orderBy(customer: SignedInUser, body: Record<string, unknown> = { paymentMethod: 'bank-account', deliveryMethod: 'pick-up' }) {
  await addToCart(ctx, customer, { productId: latte.id, quantity: 1 });
  const res = await placeOrder(ctx, customer, body);
  expect(res.statusCode).toBe(201);
  return res.json<OrderResponse>().data;
}

describe('who may open an order', () => {
  it('shows the owner their order, and answers 404 to another customer as if it did not exist', async () => {
    const owner = await signUpAndSignIn(ctx);
    const other = await signUpAndSignIn(ctx);
    const order = await orderBy(owner);

    const mine = await get(owner, `/orders/${order.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<OrderResponse>().data).toMatchObject({ id: order.id, lines: [{ name: 'Hazelnut Latte', quantity: 1 }] });

    const theirs = await get(other, `/orders/${order.id}`);
    const missing = await get(other, '/orders/999999');
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    // The same answer as for an order that does not exist: nothing tells that the number is taken.
    expect(theirs.json<ErrorResponse>().message).toBe(`You have no order ${order.id}`);

    // Nor can they cancel it or reach the staff page.
    expect((await post(other, `/orders/${order.id}/cancel`)).statusCode).toBe(404);
    expect((await get(other, `/staff/orders/${order.id}`)).statusCode).toBe(403);
    expect((await get(owner, `/orders/${order.id}`)).json<OrderResponse>().data.status).toBe('pending');
  });

  it('gives staff the same order with the customer\'s name and phone to call', async () => {
    const owner = await signUpAndSignIn(ctx);
    const named = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: owner.headers,
      payload: { firstName: 'Siti', lastName: 'Rahma' },
    });
    expect(named.statusCode).toBe(200);
    const order = await orderBy(owner);

    const res = await get(staff, `/staff/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffOrderResponse>().data.customer).toEqual({
      id: owner.userId,
      email: owner.email,
      name: 'Siti Rahma',
      phone: '+62 812 0000 0002',
    });
    // Every card of the staff list carries them too.
    const list = (await get(staff, '/staff/orders?limit=100')).json<StaffOrderListResponse>().data;
    expect(list.find((o) => o.id === order.id)?.customer).toMatchObject({ name: 'Siti Rahma', phone: '+62 812 0000 0002' });
  });
});

describe('the order page', () => {
  it('keeps the payment instructions, bank account and reference on the order, not only on the confirmation', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderBy(customer);
    for (let visit = 0; visit < 2; visit += 1) {
      const data = (await get(customer, `/orders/${order.id}`)).json<OrderResponse>().data;
      expect(data.paymentStatus).toBe('awaiting-payment');
      expect(data.paymentInstructions).toContain('BCA 123-456-7890 a.n. Coffee Shop');
      expect(data.paymentInstructions).toContain(`"Order ${order.id}" as the reference`);
    }
  });

  it('tells each step of the order with its time on the shop\'s clock', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderBy(customer);
    expect(order.history).toEqual([{ kind: 'placed', at: '2026-11-23T06:30:00.000Z', atShopTime: '2026-11-23T13:30', by: 'customer' }]);

    clock.set('2026-11-23T06:40:00Z');
    expect((await post(staff, `/staff/orders/${order.id}/mark-paid`)).statusCode).toBe(200);
    clock.set('2026-11-23T06:45:00Z');
    expect((await post(staff, `/staff/orders/${order.id}/status`, { status: 'preparing' })).statusCode).toBe(200);
    clock.set('2026-11-23T06:55:00Z');
    expect((await post(staff, `/staff/orders/${order.id}/status`, { status: 'ready' })).statusCode).toBe(200);
    clock.set('2026-11-23T07:02:00Z');
    const done = await post(staff, `/staff/orders/${order.id}/status`, { status: 'delivered' });
    expect(done.statusCode).toBe(200);

    const data = (await get(customer, `/orders/${order.id}`)).json<OrderResponse>().data;
    expect(data.history.map((e) => [e.kind, e.atShopTime, e.by])).toEqual([
      ['placed', '2026-11-23T13:30', 'customer'],
      ['paid', '2026-11-23T13:40', 'staff'],
      ['preparing', '2026-11-23T13:45', 'staff'],
      ['ready', '2026-11-23T13:55', 'staff'],
      ['delivered', '2026-11-23T14:02', 'staff'],
    ]);
    expect(data.cancellable).toBe(false);
  });

  it('records the cash taken at hand-over as a payment step', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderBy(customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in' });
    for (const status of ['preparing', 'ready', 'delivered']) {
      expect((await post(staff, `/staff/orders/${order.id}/status`, { status })).statusCode).toBe(200);
    }
    const data = (await get(customer, `/orders/${order.id}`)).json<OrderResponse>().data;
    expect(data.history.map((e) => e.kind)).toEqual(['placed', 'preparing', 'ready', 'paid', 'delivered']);
    expect(data.paymentStatus).toBe('paid');
  });

  it('links the confirmation email to the order\'s own page at the public address', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderBy(customer);
    await ctx.app.mailer.idle();
    const dir = ctx.config.mail.outboxDir;
    const mail = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      // Quoted-printable wraps long lines with a trailing '='.
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((m) => m.includes(`Your Coffee Shop order #${order.id}`));
    expect(mail).toContain(`https://shop.example.test/history/${order.id}`);
  });
});

describe('refunds', () => {
  it('marks a paid order that staff cancel as refund due, until staff record the refund', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderBy(customer);
    expect((await post(staff, `/staff/orders/${order.id}/mark-paid`)).statusCode).toBe(200);
    expect((await post(staff, `/staff/orders/${order.id}/status`, { status: 'preparing' })).statusCode).toBe(200);

    const cancelled = await post(staff, `/staff/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<StaffOrderResponse>().data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refund-due' });
    expect((await get(customer, `/orders/${order.id}`)).json<OrderResponse>().data.refundStatus).toBe('refund-due');

    const refunded = await post(staff, `/staff/orders/${order.id}/mark-refunded`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<StaffOrderResponse>().data.refundStatus).toBe('refunded');
    expect(refunded.json<StaffOrderResponse>().data.history.at(-1)).toMatchObject({ kind: 'refunded', by: 'staff' });

    const again = await post(staff, `/staff/orders/${order.id}/mark-refunded`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toBe(`Order #${order.id} is already refunded`);
  });

  it('owes nothing for an unpaid order that is cancelled', async () => {
    const customer = await signUpAndSignIn(ctx);
    const order = await orderBy(customer);
    const cancelled = await post(staff, `/staff/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancelled.json<StaffOrderResponse>().data.refundStatus).toBeNull();
    const refund = await post(staff, `/staff/orders/${order.id}/mark-refunded`);
    expect(refund.statusCode).toBe(409);
    expect(refund.json<ErrorResponse>().message).toBe(`Order #${order.id} has no refund due`);
  });
});
