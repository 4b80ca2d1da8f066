import type { CartResponse, MemberCardResponse, OrderResponse, PromotionListResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, newPromotion } from '../../test/factories.js';
import { addToCart, getCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { createDoors } from '../../test/doors.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionRepository } from './promotions.repository.js';
import { createPromotionLoader, createPromotionService, type NewPromotion } from './promotions.service.js';

// Monday 2026-11-23 13:30 in Jakarta.
const clock = testClock();
const ctx = useTestApp({ MEMBER_CARD_THRESHOLD: '50000' }, { now: clock.now });
let staff: SignedInUser;

const BASE: NewPromotion = newPromotion();

let codes = 0;
async function promotion(overrides: Partial<NewPromotion>): Promise<{ id: number; code: string }> {
  codes += 1;
  const code = overrides.code ?? `TEST${codes}`;
  const id = await createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db })).storePromotion({ ...BASE, ...overrides, code });
  return { id, code };
}

const applyCoupon = (user: SignedInUser, code: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/coupon', headers: user.headers, payload: { code } });
const setDelivery = (user: SignedInUser, deliveryMethod: string, scheduledFor: string | null = null) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/delivery', headers: user.headers, payload: { deliveryMethod, scheduledFor } });
const cartOf = async (user: SignedInUser) => (await getCart(ctx, user)).json<CartResponse>().data;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
});

describe('a coupon on the cart', () => {
  it('is its own line; tax is taken after it and TOTAL includes it, on the cart and on the placed order', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 25_005 });
    const { code } = await promotion({ name: 'Ten percent', benefit: 'percent-off', benefitValue: 10 });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 2 });

    const applied = await applyCoupon(customer, code.toLowerCase());
    expect(applied.statusCode).toBe(200);
    const cart = applied.json<CartResponse>().data;
    // 50.010 - 10 % (5.001) = 45.009; tax 10 % of that = 4.500,9 -> 4.501.
    expect(cart.coupon).toMatchObject({ name: 'Ten percent', discountIdr: 5_001, problem: null });
    expect(cart.summary).toMatchObject({ subtotalIdr: 50_010, discountIdr: 5_001, discountLabel: 'Ten percent', taxAndFeesIdr: 4_501, totalIdr: 49_510 });

    const placed = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', expectedTotalIdr: 49_510 });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<OrderResponse>().data.summary).toMatchObject({ discountIdr: 5_001, discountLabel: 'Ten percent', totalIdr: 49_510 });
    // Spent: the cart is empty and holds no coupon any more.
    expect((await cartOf(customer)).coupon).toBeNull();
  });

  it('refuses, in plain words, a coupon for another delivery method or another time', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
    await setDelivery(customer, 'pick-up');
    const dineIn = await promotion({ deliveryMethods: ['dine-in'] });
    const sunday = await promotion({ weekdays: [7], fromTime: '07:00', toTime: '09:00' });

    const wrongMethod = await applyCoupon(customer, dineIn.code);
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json()).toEqual({ message: 'This coupon is for Dine in orders', field: 'code' });
    const wrongDay = await applyCoupon(customer, sunday.code);
    expect(wrongDay.json()).toEqual({ message: 'Available on Sundays 07:00-09:00', field: 'code' });
    expect((await applyCoupon(customer, 'NO-SUCH-CODE')).statusCode).toBe(404);

    // A Dine in order received on Sunday at 09:00 qualifies: the rule reads when the customer gets the order.
    expect((await setDelivery(customer, 'dine-in', '2026-11-29T09:00')).statusCode).toBe(200);
    expect((await applyCoupon(customer, sunday.code)).statusCode).toBe(200);
    expect((await cartOf(customer)).summary.discountIdr).toBe(2_000);
    // Moved to Monday: the coupon stays on the cart but says why it gives nothing, and the order is refused with that reason.
    await setDelivery(customer, 'dine-in', '2026-11-30T10:00');
    const cart = await cartOf(customer);
    expect(cart.coupon?.problem).toBe('Available on Sundays 07:00-09:00');
    expect(cart.summary.discountIdr).toBe(0);
    const refused = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'coupon', message: expect.stringContaining('Available on Sundays 07:00-09:00') as unknown });
  });

  it('makes the cheapest qualifying item free, and is taken off with a word when that item leaves the cart', async () => {
    const customer = await signUpAndSignIn(ctx);
    const wings = await createProduct(ctx.database, { name: 'Spicy Chicken Wings', category: 'foods', priceIdr: 38_000 });
    const latte = await createProduct(ctx.database, { priceIdr: 30_000 });
    const { code } = await promotion({ name: 'Halloween Wings', benefit: 'free-item', targetProductId: wings.id });
    await addToCart(ctx, customer, { productId: latte.id, quantity: 1 });

    // Not yet in the cart: the coupon is taken and says what to add.
    const waiting = (await applyCoupon(customer, code)).json<CartResponse>().data;
    expect(waiting.coupon?.problem).toBe('Add Spicy Chicken Wings to use this coupon');
    expect(waiting.summary.discountIdr).toBe(0);

    const added = (await addToCart(ctx, customer, { productId: wings.id, quantity: 2 })).json<CartResponse>().data;
    expect(added.summary).toMatchObject({ subtotalIdr: 106_000, discountIdr: 38_000 });
    const wingsLine = added.lines.find((l) => l.productId === wings.id)!;

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${wingsLine.id}`, headers: customer.headers });
    const after = removed.json<CartResponse>().data;
    expect(after.coupon).toBeNull();
    expect(after.couponNote).toBe('The coupon Halloween Wings was removed from your cart. Add Spicy Chicken Wings to use this coupon.');
    expect(after.summary).toMatchObject({ discountIdr: 0, totalIdr: 33_000 });
  });

  it('buy one get one makes the cheaper of every two free, for new customers only', async () => {
    const customer = await signUpAndSignIn(ctx);
    const cheap = await createProduct(ctx.database, { category: 'add-on', priceIdr: 10_000 });
    const dear = await createProduct(ctx.database, { category: 'add-on', priceIdr: 16_000 });
    const { code } = await promotion({ benefit: 'buy-one-get-one', targetCategory: 'add-on', audience: 'new-customers' });
    await addToCart(ctx, customer, { productId: cheap.id, quantity: 1 });
    await addToCart(ctx, customer, { productId: dear.id, quantity: 2 });
    // Three items: one pair, its cheaper item (10.000) free.
    expect((await applyCoupon(customer, code)).json<CartResponse>().data.summary.discountIdr).toBe(10_000);
  });
});

describe('once a day', () => {
  it('one coupon per customer per day: a second one the same day is refused, the next day is fine', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
    const first = await promotion({ frequency: 'daily', benefit: 'amount-off', benefitValue: 5_000 });
    const second = await promotion({ frequency: 'unlimited', benefit: 'amount-off', benefitValue: 2_000 });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
    await applyCoupon(customer, first.code);
    expect((await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' })).statusCode).toBe(201);

    await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
    for (const code of [first.code, second.code]) {
      const again = await applyCoupon(customer, code);
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string }>().message).toBe('You have already used a coupon today: one coupon per customer per day');
    }
    try {
      clock.set('2026-11-24T06:30:00Z');
      expect((await applyCoupon(customer, first.code)).json<CartResponse>().data.summary.discountIdr).toBe(5_000);
    } finally {
      clock.set('2026-11-23T06:30:00Z');
    }
  });

  it('buy one get one is for new customers only, whoever it was set up for', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
    const order = (await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' })).json<OrderResponse>().data;
    for (const status of ['preparing', 'ready', 'delivered']) {
      await ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${order.id}/status`, headers: staff.headers, payload: { status } });
    }
    const { code } = await promotion({ benefit: 'buy-one-get-one', audience: 'everyone' });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 2 });
    const refused = await applyCoupon(customer, code);
    expect(refused.json()).toEqual({ message: 'This coupon is for new customers, before their first delivered order', field: 'code' });
  });

  it('two checkouts at the same moment spend a once-a-day coupon only once (the unique redemption)', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
    const { id } = await promotion({ frequency: 'daily', benefit: 'amount-off', benefitValue: 1_000 });
    const orderIds: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
      orderIds.push((await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' })).json<OrderResponse>().data.id);
    }
    const doors = createDoors(ctx.database.db, { ...ctx.config, memberCardThresholdIdr: 50_000 }, clock.now);
    const repo = createPromotionRepository(ctx.database.db, (ids, trx) => doors.products.productFacts(ids, trx));
    const service = createPromotionService({
      ...doors,
      deliveredOrders: (userId, trx) => doors.orders.deliveredOrders(userId, trx),
      db: ctx.database.db,
      promotionRepository: repo,
      settings: { shopTimeZone: 'Asia/Jakarta', memberCardThresholdIdr: 50_000 },
      now: clock.now,
    });
    const promotionRecord = (await repo.findById(id))!;
    const results = await Promise.allSettled(
      orderIds.map((orderId) =>
        ctx.database.db
          .transaction()
          .execute((trx) => service.redeemCoupon(customer.userId, { promotion: promotionRecord, verdict: { ok: true }, discountIdr: 1_000 }, orderId, trx)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toMatchObject({ statusCode: 409, message: 'You have already used a coupon today: one coupon per customer per day' });
  });
});

describe('the member card', () => {
  it('is needed for a members coupon, issued once delivered orders reach the threshold, and shown with its number', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 30_000 });
    const { code } = await promotion({ audience: 'members' });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
    const refused = await applyCoupon(customer, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'This coupon needs a member card: you get one when your delivered orders reach IDR 50.000',
    );
    const none = (await ctx.app.inject({ method: 'GET', url: '/api/v1/me/member-card', headers: customer.headers })).json<MemberCardResponse>();
    expect(none.data).toMatchObject({ card: null, deliveredTotalIdr: 0, thresholdIdr: 50_000 });

    // Two delivered orders of 33.000 (30.000 + tax) pass 50.000.
    for (let i = 0; i < 2; i += 1) {
      if (i > 0) await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
      const order = (await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' })).json<OrderResponse>().data;
      for (const status of ['preparing', 'ready', 'delivered']) {
        const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${order.id}/status`, headers: staff.headers, payload: { status } });
        expect(moved.statusCode).toBe(200);
      }
    }
    const card = (await ctx.app.inject({ method: 'GET', url: '/api/v1/me/member-card', headers: customer.headers })).json<MemberCardResponse>().data;
    expect(card.deliveredTotalIdr).toBe(66_000);
    expect(card.card).toMatchObject({ issuedBy: 'threshold', number: expect.stringMatching(/^\d{13}$/) as unknown });
    await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
    expect((await applyCoupon(customer, code)).statusCode).toBe(200);
  });

  it('staff issue one at the counter; a customer cannot', async () => {
    const customer = await signUpAndSignIn(ctx);
    const url = `/api/v1/staff/customers/${customer.userId}/member-card`;
    expect((await ctx.app.inject({ method: 'POST', url, headers: customer.headers })).statusCode).toBe(403);
    const issued = await ctx.app.inject({ method: 'POST', url, headers: staff.headers });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ data: { issuedBy: 'staff' } });
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/me/member-card', headers: customer.headers })).json<MemberCardResponse>();
    expect(mine.data.card?.number).toBe(issued.json<{ data: { number: string } }>().data.number);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/customers/999999/member-card', headers: staff.headers })).statusCode).toBe(404);
  });
});

describe('GET /promotions', () => {
  it('lists the coupons with their rules in plain sentences', async () => {
    await promotion({ name: 'Sunday Coffee', deliveryMethods: ['dine-in'], weekdays: [7], fromTime: '07:00', toTime: '09:00', audience: 'members', frequency: 'daily' });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/promotions' })).json<PromotionListResponse>().data;
    expect(list.find((p) => p.name === 'Sunday Coffee')?.terms).toEqual([
      'Available on Sundays 07:00-09:00',
      'For Dine in orders only',
      'Member card needed (earned when your delivered orders reach IDR 50.000)',
      'One per customer per day',
    ]);
  });
});
