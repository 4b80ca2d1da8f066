import type { LoyaltyAccount, OrderResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// The shop's tax is 10 %: a drink at IDR 48.000 is an order of IDR 52.800.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let drink: { id: number };

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  drink = await createProduct(ctx.database, { priceIdr: 48_000, category: 'coffee' });
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedInUser, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const account = async (who: SignedInUser) => (await inject('GET', '/loyalty', who)).json<{ data: LoyaltyAccount }>().data;
const setTiers = async (settings: object) => {
  const res = await inject('PUT', '/staff/loyalty', staff, { idrPerPoint: 1000, expiryDays: null, ...settings });
  expect(res.statusCode, res.body).toBe(200);
};

/** Places and pays a drink of IDR 52.800; resolves once its points are earned, with what it earned. */
async function paidOrder(customer: SignedInUser): Promise<number> {
  const before = (await account(customer)).balance;
  expect((await addToCart(ctx, customer, { productId: drink.id, quantity: 1 })).statusCode).toBeLessThan(300);
  const res = await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up' });
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json<OrderResponse>().data;
  expect((await inject('POST', `/staff/orders/${placed.id}/mark-paid`, staff)).statusCode).toBe(200);
  return vi.waitFor(
    async () => {
      const earned = (await account(customer)).entries.find((e) => e.kind === 'earned' && e.orderId === placed.id);
      expect(earned).toBeDefined();
      return (await account(customer)).balance - before;
    },
    { timeout: 5000 },
  );
}

describe('tiers', () => {
  it('earns at the base rate below the 12-month spend and at the Gold rate at or above it', async () => {
    // Gold from exactly two orders' worth, at a point per IDR 500.
    await setTiers({ tiersEnabled: true, tierSpendIdr: 105_600, tierIdrPerPoint: 500 });
    const customer = await signUpAndSignIn(ctx);
    expect((await account(customer)).tier).toEqual({ name: 'Member', idrPerPoint: 1000, spentIdr: 0, goldSpendIdr: 105_600, goldIdrPerPoint: 500, toNextIdr: 105_600 });

    expect(await paidOrder(customer)).toBe(52); // spent before: 0
    expect((await account(customer)).tier).toMatchObject({ name: 'Member', spentIdr: 52_800, toNextIdr: 52_800 });
    expect(await paidOrder(customer)).toBe(52); // spent before: 52.800, still below
    expect((await account(customer)).tier).toMatchObject({ name: 'Gold', idrPerPoint: 500, spentIdr: 105_600, toNextIdr: null });
    expect(await paidOrder(customer)).toBe(105); // spent before: 105.600, exactly Gold: 52.800 / 500
    expect((await account(customer)).entries[0]?.label).toMatch(/\(Gold\)$/);
  });

  it('counts neither cancelled orders nor other customers in the spend', async () => {
    await setTiers({ tiersEnabled: true, tierSpendIdr: 52_800, tierIdrPerPoint: 500 });
    const customer = await signUpAndSignIn(ctx);
    const other = await signUpAndSignIn(ctx);
    expect(await paidOrder(other)).toBe(52);
    expect((await addToCart(ctx, customer, { productId: drink.id, quantity: 1 })).statusCode).toBeLessThan(300);
    const placed = (await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up' })).json<OrderResponse>().data;
    expect((await inject('POST', `/staff/orders/${placed.id}/mark-paid`, staff)).statusCode).toBe(200);
    expect((await inject('POST', `/orders/${placed.id}/cancel`, customer)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await account(customer)).tier).toMatchObject({ name: 'Member', spentIdr: 0 }), { timeout: 5000 });
    expect(await paidOrder(customer)).toBe(52); // the cancelled order did not make them Gold
  });

  it('earns at the base rate for everyone when the owner turns tiers off', async () => {
    await setTiers({ tiersEnabled: true, tierSpendIdr: 52_800, tierIdrPerPoint: 500 });
    const customer = await signUpAndSignIn(ctx);
    expect(await paidOrder(customer)).toBe(52);
    expect((await account(customer)).tier?.name).toBe('Gold');
    await setTiers({ tiersEnabled: false, tierSpendIdr: 52_800, tierIdrPerPoint: 500 });
    expect((await account(customer)).tier).toBeNull();
    expect(await paidOrder(customer)).toBe(52);
  });

  it('refuses a Gold rate that would not earn more, saying so', async () => {
    const bad = await inject('PUT', '/staff/loyalty', staff, { idrPerPoint: 1000, expiryDays: null, tiersEnabled: true, tierSpendIdr: 100_000, tierIdrPerPoint: 1000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/fewer rupiah per point than the base rate/);
    const settings = (await inject('GET', '/staff/loyalty', staff)).json<{ data: { tiersEnabled: boolean; tierSpendIdr: number } }>().data;
    expect(settings.tiersEnabled).toBe(false); // unchanged by the refused request
  });
});
