import type { CartResponse, OrderResponse, OrderStatusConflict, PlaceOrderConflict, StaffOrderResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, countRows, getCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let otherStaff: SignedInUser;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  otherStaff = await signUpAndSignIn(ctx, { role: 'staff' });
});

/** A pending cash order (ready to be prepared or cancelled at once). */
async function pendingCashOrder(): Promise<number> {
  const customer = await signUpAndSignIn(ctx);
  const product = await createProduct(ctx.database, { priceIdr: 20_000 });
  await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
  const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' });
  expect(res.statusCode).toBe(201);
  return res.json<OrderResponse>().data.id;
}

const move = (by: SignedInUser, orderId: number, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: by.headers, payload: body });

const statusOf = async (orderId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/orders/${orderId}`, headers: staff.headers })).json<StaffOrderResponse>().data
    .status;

describe('staff moving one order at the same time', () => {
  it('exactly one of four moves chosen on the same screen wins; the others learn where the order is now', async () => {
    // Several rounds: a lost race shows up in some interleavings only.
    for (let round = 0; round < 5; round += 1) {
      const orderId = await pendingCashOrder();
      const answers = await Promise.all([
        move(staff, orderId, { status: 'preparing', expectedStatus: 'pending' }),
        move(otherStaff, orderId, { status: 'cancelled', expectedStatus: 'pending' }),
        move(staff, orderId, { status: 'preparing', expectedStatus: 'pending' }),
        move(otherStaff, orderId, { status: 'cancelled', expectedStatus: 'pending' }),
      ]);

      const won = answers.filter((a) => a.statusCode === 200);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const final = won[0]!.json<StaffOrderResponse>().data.status;
      expect(await statusOf(orderId)).toBe(final);
      for (const lost of answers.filter((a) => a.statusCode === 409)) {
        const body = lost.json<OrderStatusConflict>();
        expect(body).toMatchObject({ field: 'status', currentStatus: final });
        expect(body.nextStatuses).toEqual(final === 'preparing' ? ['ready', 'cancelled'] : []);
        expect(body.message).toContain(`Order #${orderId}`);
      }
    }
  });

  it('refuses a move chosen on a stale screen instead of applying it to what the order became', async () => {
    const orderId = await pendingCashOrder();
    expect((await move(staff, orderId, { status: 'preparing', expectedStatus: 'pending' })).statusCode).toBe(200);

    // The other staff member still sees it pending and cancels it: they would have been told it is being prepared.
    const stale = await move(otherStaff, orderId, { status: 'cancelled', expectedStatus: 'pending' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<OrderStatusConflict>()).toEqual({
      message: `Order #${orderId} is Preparing now, no longer Pending: someone changed it just now. Check it and choose again`,
      field: 'status',
      currentStatus: 'preparing',
      nextStatuses: ['ready', 'cancelled'],
    });
    expect(await statusOf(orderId)).toBe('preparing');

    // Chosen again from what the order is now, the same move goes through.
    const fresh = await move(otherStaff, orderId, { status: 'cancelled', expectedStatus: 'preparing' });
    expect(fresh.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('cancelled');
  });

  it('lets only one of two identical moves through even without expectedStatus', async () => {
    const orderId = await pendingCashOrder();
    const answers = await Promise.all([
      move(staff, orderId, { status: 'preparing' }),
      move(otherStaff, orderId, { status: 'preparing' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json<OrderStatusConflict>().currentStatus).toBe('preparing');
  });

  it('says where the order is when a payment is recorded twice', async () => {
    const orderId = await pendingCashOrder();
    const pay = () => ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${orderId}/mark-paid`, headers: staff.headers });
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json<OrderStatusConflict>()).toMatchObject({ currentStatus: 'paid' });
  });
});

describe('a price changed between the cart and the confirmation', () => {
  it('is never charged without the customer seeing it: 409 with the new figures, nothing written', async () => {
    const customer = await signUpAndSignIn(ctx);
    const product = await createProduct(ctx.database, { name: 'Kopi Susu', priceIdr: 25_000 });
    await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
    const shown = (await getCart(ctx, customer)).json<CartResponse>().data;
    expect(shown.summary.totalIdr).toBe(27_500);

    const raised = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/products/${product.id}`, headers: staff.headers, payload: { price: 30 } });
    expect(raised.statusCode).toBe(200);

    const before = { orders: await countRows(ctx.database.db, 'orders'), keys: await countRows(ctx.database.db, 'order_idempotency_keys') };
    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', expectedTotalIdr: shown.summary.totalIdr });
    expect(res.statusCode).toBe(409);
    expect(res.json<PlaceOrderConflict>()).toEqual({
      message: 'Prices changed since you opened your cart: the total is now IDR 33.000, not IDR 27.500. Check the new figures and confirm again',
      field: 'expectedTotalIdr',
      summary: {
        subtotal: 30,
        subtotalIdr: 30_000,
        discount: 0,
        discountIdr: 0,
        discountLabel: null,
        taxAndFees: 3,
        taxAndFeesIdr: 3_000,
        shipping: 0,
        shippingIdr: 0,
        total: 33,
        totalIdr: 33_000,
        taxRate: 0.1,
      },
    });
    expect(await countRows(ctx.database.db, 'orders')).toBe(before.orders);
    expect(await countRows(ctx.database.db, 'order_idempotency_keys')).toBe(before.keys);
    expect((await getCart(ctx, customer)).json<CartResponse>().data.lines).toHaveLength(1);

    // Confirmed again with the figure now shown, the order goes through at it.
    const again = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', expectedTotalIdr: 33_000 });
    expect(again.statusCode).toBe(201);
    expect(again.json<OrderResponse>().data.summary.totalIdr).toBe(33_000);
  });

  it('also refuses a total lower than the one shown, and takes the shipping of the chosen method into account', async () => {
    const customer = await signUpAndSignIn(ctx);
    const product = await createProduct(ctx.database, { priceIdr: 25_000 });
    await addToCart(ctx, customer, { productId: product.id, quantity: 2 });
    // 50.000 + 5.000 tax: the dine-in total. Door Delivery adds its shipping fee, so the same figure no longer matches.
    const dineIn = 55_000;
    const door = await placeOrder(ctx, customer, {
      paymentMethod: 'cash-on-delivery',
      deliveryMethod: 'door-delivery',
      address: 'Jl. Sudirman 1',
      expectedTotalIdr: dineIn,
    });
    expect(door.statusCode).toBe(409);
    const summary = door.json<PlaceOrderConflict>().summary;
    expect(summary?.totalIdr).toBeGreaterThan(dineIn);

    const lower = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in', expectedTotalIdr: dineIn + 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json<PlaceOrderConflict>().summary?.totalIdr).toBe(dineIn);

    const ok = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in', expectedTotalIdr: dineIn });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an expected total that is not whole rupiah', async () => {
    const customer = await signUpAndSignIn(ctx);
    const product = await createProduct(ctx.database, { priceIdr: 25_000 });
    await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', expectedTotalIdr: '27.500' });
    expect(res.statusCode).toBe(400);
    expect(res.json<PlaceOrderConflict>().field).toBe('expectedTotalIdr');
  });
});
