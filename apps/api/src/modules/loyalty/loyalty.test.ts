import type { LoyaltyAccount, OrderResponse, Reward, RewardQuote, StaffOrderResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, newPromotion } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionLoader } from '../promotions/promotions.service.js';
import { createUserService } from '../users/users.service.js';
import { createLoyaltyService } from './loyalty.service.js';

// The shop's tax is 10 %: a drink at IDR 48.000 is an order of IDR 52.800.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let drink: { id: number };
let bigDrink: { id: number };

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  drink = await createProduct(ctx.database, { priceIdr: 48_000, category: 'coffee' });
  bigDrink = await createProduct(ctx.database, { priceIdr: 100_000, category: 'non-coffee' });
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedInUser, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const account = async (who: SignedInUser) => (await inject('GET', '/loyalty', who)).json<{ data: LoyaltyAccount }>().data;
const balanceOf = async (who: SignedInUser) => (await account(who)).balance;
/** Points move once the order's step is committed: wait for the balance to show it. */
const expectBalance = (who: SignedInUser, points: number) => vi.waitFor(async () => expect(await balanceOf(who)).toBe(points), { timeout: 5000 });

async function order(customer: SignedInUser, productId: number, extra: Record<string, unknown> = {}) {
  expect((await addToCart(ctx, customer, { productId, quantity: 1 })).statusCode).toBeLessThan(300);
  const res = await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderResponse>().data;
}
const markPaid = async (orderId: number) => expect((await inject('POST', `/staff/orders/${orderId}/mark-paid`, staff)).statusCode).toBe(200);
const cancel = async (customer: SignedInUser, orderId: number) => expect((await inject('POST', `/orders/${orderId}/cancel`, customer)).statusCode).toBe(200);

/** A second copy of the module over the same database, as another process of the shop would run it. */
function secondLoyalty() {
  return createLoyaltyService({
    db: ctx.database.db,
    now: clock.now,
    products: createProductService({ db: ctx.database.db }),
    users: createUserService({ db: ctx.database.db, uploadsDir: ctx.config.uploadsDir, now: clock.now }),
    cart: { getCart: () => Promise.reject(new Error('not used')) },
    pricing: ctx.config.orders,
    orderFacts: async (id) => {
      const o = (await inject('GET', `/staff/orders/${id}`, staff)).json<StaffOrderResponse>().data;
      return { id, userId: o.customer.id, status: o.status, paymentStatus: o.paymentStatus, refundStatus: o.refundStatus, totalIdr: o.summary.totalIdr };
    },
    // Tiers stay off in this file (loyalty-tiers.test.ts has them): the spend is never asked.
    paidSpendSince: () => Promise.reject(new Error('tiers are off here')),
    log: { error: () => {} },
  });
}

async function freeDrinkReward(): Promise<Reward> {
  const res = await inject('POST', '/staff/loyalty/rewards', staff, { name: 'Free drink, any size', pointsCost: 100, kind: 'drink' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reward }>().data;
}

describe('points', () => {
  it('earns 52 points for a paid order of IDR 52.800 at a point per IDR 1.000, and takes them back on a cancel', async () => {
    expect((await inject('PUT', '/staff/loyalty', staff, { idrPerPoint: 1000, expiryDays: null })).statusCode).toBe(200);
    const customer = await signUpAndSignIn(ctx);
    const placed = await order(customer, drink.id);
    expect(placed.summary.totalIdr).toBe(52_800);
    expect(await balanceOf(customer)).toBe(0); // not paid yet

    await markPaid(placed.id);
    await expectBalance(customer, 52);
    expect((await account(customer)).entries[0]).toMatchObject({ kind: 'earned', points: 52, orderId: placed.id });

    await cancel(customer, placed.id);
    await expectBalance(customer, 0);
    expect((await account(customer)).entries.map((e) => [e.kind, e.points])).toEqual([
      ['taken-back', -52],
      ['earned', 52],
    ]);
  });

  it('earns once however many times, and however many at once, the payment is heard', async () => {
    const customer = await signUpAndSignIn(ctx);
    const placed = await order(customer, drink.id);
    await markPaid(placed.id);
    const other = secondLoyalty();
    await Promise.all(Array.from({ length: 6 }, () => other.settleOrder(placed.id)));
    await other.settleOrder(placed.id);
    await expectBalance(customer, 52);
    expect((await account(customer)).entries.filter((e) => e.kind === 'earned')).toHaveLength(1);
  });

  it('lets only staff set the rate, with a message for a wrong one', async () => {
    const customer = await signUpAndSignIn(ctx);
    expect((await inject('PUT', '/staff/loyalty', customer, { idrPerPoint: 1, expiryDays: null })).statusCode).toBe(403);
    const bad = await inject('PUT', '/staff/loyalty', staff, { idrPerPoint: 0, expiryDays: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/at least 1 rupiah per point/);
  });
});

describe('rewards', () => {
  it('prices a free drink at checkout, spends its points once, and a refunded order leaves the balance as it was', async () => {
    const reward = await freeDrinkReward();
    const customer = await signUpAndSignIn(ctx);
    await markPaid((await order(customer, bigDrink.id)).id); // IDR 110.000: 110 points
    await expectBalance(customer, 110);

    await addToCart(ctx, customer, { productId: drink.id, quantity: 2 });
    const quote = (await inject('POST', '/loyalty/rewards/quote', customer, { rewardId: reward.id })).json<{ data: RewardQuote }>().data;
    // One drink free of two: IDR 48.000 off, tax on the rest.
    expect(quote).toMatchObject({ discountIdr: 48_000, totalIdr: 52_800 });
    const res = await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up', rewardId: reward.id, expectedTotalIdr: quote.totalIdr });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<OrderResponse>().data;
    expect(placed.summary).toMatchObject({ discountIdr: 48_000, discountLabel: 'Reward: Free drink, any size', totalIdr: 52_800 });
    expect(await balanceOf(customer)).toBe(10);

    await markPaid(placed.id);
    await expectBalance(customer, 62);
    await cancel(customer, placed.id);
    expect((await inject('POST', `/staff/orders/${placed.id}/mark-refunded`, staff)).statusCode).toBe(200);
    await expectBalance(customer, 110);
  });

  it('spends a 100-point reward once when ten orders placed at the same moment apply it', async () => {
    const reward = await freeDrinkReward();
    const customer = await signUpAndSignIn(ctx);
    await markPaid((await order(customer, bigDrink.id)).id);
    await expectBalance(customer, 110);
    // Ten orders of the customer's, each to be given the reward in its own transaction at once.
    const orders = [];
    for (let i = 0; i < 10; i += 1) orders.push(await order(customer, drink.id));
    const other = secondLoyalty();
    const lines = [{ productId: drink.id, unitPriceIdr: 48_000, quantity: 1, options: [] }];
    const results = await Promise.allSettled(
      orders.map((o) =>
        ctx.database.db.transaction().execute(async (trx) => {
          const judged = await other.rewardForOrder(customer.userId, reward.id, { lines, hasCoupon: false }, trx);
          await judged.spend(o.id);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/needs 100 points and you have 10/);
    expect(await balanceOf(customer)).toBe(10);
  });

  it('spends it once when ten devices place the order with it at the same moment', async () => {
    const reward = await freeDrinkReward();
    const customer = await signUpAndSignIn(ctx);
    await markPaid((await order(customer, bigDrink.id)).id);
    await expectBalance(customer, 110);
    await addToCart(ctx, customer, { productId: drink.id, quantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up', rewardId: reward.id })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(await balanceOf(customer)).toBe(10);
    expect((await account(customer)).entries.filter((e) => e.kind === 'spent')).toHaveLength(1);
  });

  it('keeps what was spent spent: a cancel takes back what it can and the owner sees the shortfall', async () => {
    const reward = await freeDrinkReward();
    const customer = await signUpAndSignIn(ctx);
    const first = await order(customer, bigDrink.id);
    await markPaid(first.id);
    await expectBalance(customer, 110);
    await order(customer, drink.id, { rewardId: reward.id }); // unpaid, kept: 10 points left
    await cancel(customer, first.id);
    await expectBalance(customer, 0);
    const settings = (await inject('GET', '/staff/loyalty', staff)).json<{ data: { shortfall: { email: string; points: number }[] } }>().data;
    expect(settings.shortfall).toContainEqual({ userId: customer.userId, email: customer.email, points: 100 });
  });

  it('refuses a reward the points do not cover, saying so, and one no longer offered', async () => {
    const reward = await freeDrinkReward();
    const customer = await signUpAndSignIn(ctx);
    await addToCart(ctx, customer, { productId: drink.id, quantity: 1 });
    const poor = await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up', rewardId: reward.id });
    expect(poor.statusCode).toBe(409);
    expect(poor.json<{ field: string }>().field).toBe('rewardId');
    expect(poor.json<{ message: string }>().message).toMatch(/needs 100 points and you have 0/);
    const quote = await inject('POST', '/loyalty/rewards/quote', customer, { rewardId: 999_999 });
    expect(quote.statusCode).toBe(404);
  });

  it('never combines a reward with a coupon: the one rule, said at checkout and at placing', async () => {
    const reward = await freeDrinkReward();
    const customer = await signUpAndSignIn(ctx);
    await markPaid((await order(customer, bigDrink.id)).id);
    await expectBalance(customer, 110);
    const code = `TENOFF${Date.now()}`;
    await createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db })).storePromotion(newPromotion({ code }));
    await addToCart(ctx, customer, { productId: drink.id, quantity: 1 });
    expect((await inject('PUT', '/cart/coupon', customer, { code })).statusCode).toBe(200);
    const rule = 'A reward and a coupon cannot be used on the same order: remove the coupon to use your reward, or order without the reward';
    const quote = await inject('POST', '/loyalty/rewards/quote', customer, { rewardId: reward.id });
    expect(quote.statusCode).toBe(409);
    expect(quote.json<{ message: string }>().message).toBe(rule);
    const placed = await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up', rewardId: reward.id });
    expect(placed.statusCode).toBe(409);
    expect(placed.json<{ message: string; field: string }>()).toMatchObject({ message: rule, field: 'rewardId' });
    expect(await balanceOf(customer)).toBe(110);
  });
});
