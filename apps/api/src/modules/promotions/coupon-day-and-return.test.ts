import type { OrderResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, newPromotion } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionLoader, type NewPromotion } from './promotions.service.js';

// Monday 2026-11-23 13:30 in Jakarta.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let coffee: { id: number };

const DAILY: NewPromotion = newPromotion({ name: 'Daily five', frequency: 'daily', benefit: 'amount-off', benefitValue: 5_000 });

let codes = 0;
async function dailyCoupon(): Promise<string> {
  codes += 1;
  const code = `DAILY${codes}`;
  await createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db })).storePromotion({ ...DAILY, code });
  return code;
}

const applyCoupon = (user: SignedInUser, code: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/coupon', headers: user.headers, payload: { code } });

/** One coffee in the cart with the coupon, placed for `scheduledFor` (shop time) or as soon as possible. */
async function orderWithCoupon(user: SignedInUser, code: string, scheduledFor?: string) {
  await addToCart(ctx, user, { productId: coffee.id, quantity: 1 });
  const applied = await applyCoupon(user, code);
  if (applied.statusCode !== 200) return applied;
  return placeOrder(ctx, user, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', ...(scheduledFor ? { scheduledFor } : {}) });
}

const redemptionsOf = async (userId: number) =>
  Number(
    (
      await ctx.database.db
        .selectFrom('promotion_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
});

describe('a once-a-day coupon counts the day the order is placed (shop time)', () => {
  it('orders scheduled for the next days spend it once, not once per receiving day', async () => {
    const customer = await signUpAndSignIn(ctx);
    const code = await dailyCoupon();
    const first = await orderWithCoupon(customer, code, '2026-11-24T10:00');
    expect(first.statusCode).toBe(201);
    expect(first.json<OrderResponse>().data.summary.discountIdr).toBe(5_000);

    for (const day of ['2026-11-25', '2026-11-26', '2026-11-27']) {
      await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
      await ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: 'pick-up', scheduledFor: `${day}T10:00` } });
      const again = await applyCoupon(customer, code);
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string }>().message).toBe('You have already used a coupon today: one coupon per customer per day');
    }
    expect(await redemptionsOf(customer.userId)).toBe(1);

    // The next shop day (Tuesday 00:30 in Jakarta), the coupon is good again, even for an order received later on.
    try {
      clock.set('2026-11-23T17:30:00Z');
      const tuesday = await orderWithCoupon(customer, code, '2026-11-26T10:00');
      expect(tuesday.statusCode).toBe(201);
    } finally {
      clock.set('2026-11-23T06:30:00Z');
    }
  });
});

describe('a cancelled order gives its coupon back', () => {
  it('exactly once when the customer and the staff cancel at the same moment', async () => {
    const customer = await signUpAndSignIn(ctx);
    const code = await dailyCoupon();
    for (let round = 0; round < 3; round += 1) {
      const placed = await orderWithCoupon(customer, code);
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json<OrderResponse>().data.id;
      const [byCustomer, byStaff] = await Promise.all([
        ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: customer.headers }),
        ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: staff.headers, payload: { status: 'cancelled' } }),
      ]);
      // One cancel wins; the other finds it already cancelled.
      expect([byCustomer.statusCode, byStaff.statusCode].filter((s) => s === 200)).toHaveLength(1);
      expect(await redemptionsOf(customer.userId)).toBe(0);
    }
    // Given back each time, so it can be spent once more today, and only once.
    expect((await orderWithCoupon(customer, code)).statusCode).toBe(201);
    const refused = await orderWithCoupon(customer, code);
    expect(refused.statusCode).toBe(400);
    expect(await redemptionsOf(customer.userId)).toBe(1);
  });

  it('a delivered order keeps its coupon spent', async () => {
    const customer = await signUpAndSignIn(ctx);
    const code = await dailyCoupon();
    const orderId = (await orderWithCoupon(customer, code)).json<OrderResponse>().data.id;
    for (const status of ['preparing', 'ready', 'delivered']) {
      const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: staff.headers, payload: { status } });
      expect(moved.statusCode).toBe(200);
    }
    expect(await redemptionsOf(customer.userId)).toBe(1);
    expect((await orderWithCoupon(customer, code)).statusCode).toBe(400);
  });
});
