import type { CartResponse, ErrorResponse, PromotionListResponse, StaffPromotionListResponse, StaffPromotionResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, getCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Sunday 2026-11-22 10:00 in Jakarta (03:00 UTC), when Dine in is open.
const clock = testClock(new Date('2026-11-22T03:00:00Z'));
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  customer = await signUpAndSignIn(ctx);
});

const SUNDAY_COFFEE = {
  name: 'Sunday Coffee',
  description: 'A free cup of coffee on Sunday mornings',
  picture: 'sunday-coffee',
  code: 'sunday-admin',
  weekdays: [7],
  fromTime: '07:00',
  toTime: '11:00',
  deliveryMethods: ['dine-in'],
  audience: 'everyone',
  frequency: 'daily',
  benefit: 'free-item',
  targetCategory: 'coffee',
};

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, user: SignedInUser | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const staffList = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/promotions', headers: staff.headers })).json<StaffPromotionListResponse>().data;
const publicList = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/promotions' })).json<PromotionListResponse>().data;

describe('the staff promotions admin', () => {
  it('is for staff only: 401 for a visitor, 403 for a customer, nothing is written', async () => {
    expect((await send('POST', '/api/v1/promotions', undefined, SUNDAY_COFFEE)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/promotions', customer, SUNDAY_COFFEE)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/promotions', headers: customer.headers })).statusCode).toBe(403);
    expect(await staffList()).toEqual([]);
  });

  it('creates a promotion with every rule; customers see it and its terms, and it works on a cart', async () => {
    const created = await send('POST', '/api/v1/promotions', staff, SUNDAY_COFFEE);
    expect(created.statusCode).toBe(201);
    const promotion = created.json<StaffPromotionResponse>().data;
    expect(promotion).toMatchObject({
      code: 'SUNDAY-ADMIN',
      weekdays: [7],
      fromTime: '07:00',
      toTime: '11:00',
      deliveryMethods: ['dine-in'],
      benefit: 'free-item',
      targetCategory: 'coffee',
      isActive: true,
    });
    expect(promotion.terms.join(' ')).toMatch(/Sunday/);
    expect((await publicList()).map((p) => p.name)).toContain('Sunday Coffee');

    const latte = await createProduct(ctx.database, { name: 'Admin Latte', priceIdr: 30_000 });
    await addToCart(ctx, customer, { productId: latte.id, size: null, quantity: 1 });
    const applied = await ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/coupon', headers: customer.headers, payload: { code: 'sunday-admin' } });
    expect(applied.statusCode).toBe(200);
    expect((await getCart(ctx, customer)).json<CartResponse>().data.summary.discountIdr).toBe(30_000);
  });

  it('changes a promotion: switched off, customers no longer see it and a cart holding it is refused', async () => {
    const [promotion] = await staffList();
    const off = await send('PUT', `/api/v1/promotions/${promotion?.id}`, staff, { ...SUNDAY_COFFEE, isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<StaffPromotionResponse>().data.isActive).toBe(false);
    expect((await publicList()).map((p) => p.name)).not.toContain('Sunday Coffee');
    expect((await staffList()).map((p) => p.isActive)).toEqual([false]);

    const cart = (await getCart(ctx, customer)).json<CartResponse>().data;
    expect(cart.summary.discountIdr).toBe(0);
    await send('PUT', `/api/v1/promotions/${promotion?.id}`, staff, SUNDAY_COFFEE);
  });

  it('refuses a code another promotion uses, rules that contradict themselves, and an unknown promotion', async () => {
    const taken = await send('POST', '/api/v1/promotions', staff, { ...SUNDAY_COFFEE, name: 'Copy', code: 'Sunday-Admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorResponse>()).toMatchObject({ field: 'code', message: expect.stringMatching(/already uses the code SUNDAY-ADMIN/) as unknown });

    const backwards = await send('POST', '/api/v1/promotions', staff, { ...SUNDAY_COFFEE, code: null, fromTime: '10:00', toTime: '09:30' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorResponse>().field).toBe('toTime');
    expect(backwards.json<ErrorResponse>().message).not.toMatch(/toTime/);

    const percent = await send('POST', '/api/v1/promotions', staff, { ...SUNDAY_COFFEE, code: null, benefit: 'percent-off', benefitValue: 150 });
    expect(percent.statusCode).toBe(400);
    expect(percent.json<ErrorResponse>().field).toBe('benefitValue');

    expect((await send('PUT', '/api/v1/promotions/999999', staff, SUNDAY_COFFEE)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/v1/promotions/abc', staff)).statusCode).toBe(404);
    expect(await staffList()).toHaveLength(1);
  });

  it('deletes an unused promotion, but keeps one orders spent', async () => {
    const spare = (await send('POST', '/api/v1/promotions', staff, { ...SUNDAY_COFFEE, name: 'Spare', code: 'SPARE' })).json<StaffPromotionResponse>().data;
    expect((await send('DELETE', `/api/v1/promotions/${spare.id}`, staff)).statusCode).toBe(204);

    const placed = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in' });
    expect(placed.statusCode, placed.body).toBe(201);
    const [used] = await staffList();
    const refused = await send('DELETE', `/api/v1/promotions/${used?.id}`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().message).toMatch(/switch it off instead/);
    expect(await staffList()).toHaveLength(1);
  });
});
