import type { CartResponse, ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createProductService } from './modules/products/products.service.js';
import { createPromotionLoader } from './modules/promotions/promotions.service.js';
import { signUpAndSignIn } from './test/auth.js';
import { createProduct } from './test/factories.js';
import { addToCart, getCart } from './test/orders.js';
import { createTestApp, type TestContext } from './test/test-app.js';

describe('SHOP_CLOCK', () => {
  it('is refused outside NODE_ENV=test, with one line saying so', () => {
    for (const env of ['development', 'production']) {
      expect(() => loadConfig({ NODE_ENV: env, SHOP_CLOCK: '2026-11-22T01:00:00Z' })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: env, SHOP_CLOCK: '2026-11-22T01:00:00Z' })).toThrow(/^Invalid SHOP_CLOCK=.*only with NODE_ENV=test/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', SHOP_CLOCK: 'sunday morning' })).toThrow(/^Invalid SHOP_CLOCK=.*ISO-8601 instant/);
    expect(loadConfig({ NODE_ENV: 'test', SHOP_CLOCK: '2026-11-22T01:00:00Z' }).shopClockStart?.toISOString()).toBe('2026-11-22T01:00:00.000Z');
    expect(loadConfig({}).shopClockStart).toBeNull();
  });

  it('has no clock route on a server without it', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'PUT', url: '/api/v1/test/clock', payload: { at: '2026-11-22T02:01:00Z' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a test server on SHOP_CLOCK', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Sunday 2026-11-22 09:00 in Jakarta.
    ctx = await createTestApp({ SHOP_CLOCK: '2026-11-22T02:00:00Z' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('judges coupons on its clock, and PUT /test/clock moves it', async () => {
    const customer = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
    await createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db })).storePromotion(
      {
        name: 'Sunday Clock',
        description: '',
        picture: 'sunday-coffee',
        code: 'CLOCK',
        startsOn: null,
        endsOn: null,
        yearlyOn: null,
        onBirthday: false,
        weekdays: [7],
        fromTime: '07:00',
        toTime: '09:00',
        deliveryMethods: [],
        audience: 'everyone',
        frequency: 'daily',
        benefit: 'free-item',
        benefitValue: 0,
        targetProductId: null,
        targetCategory: null,
      },
      new Date().toISOString(),
    );
    await addToCart(ctx, customer, { productId: coffee.id, size: null, quantity: 1 });
    const apply = () => ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/coupon', headers: customer.headers, payload: { code: 'clock' } });
    expect((await apply()).statusCode).toBe(200);
    expect((await getCart(ctx, customer)).json<CartResponse>().data.summary.discountIdr).toBe(20_000);

    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/v1/test/clock', payload: { at: '2026-11-22T02:01:00Z' } });
    expect(moved.statusCode).toBe(200);
    const cart = (await getCart(ctx, customer)).json<CartResponse>().data;
    expect(cart.summary.discountIdr).toBe(0);
    expect(cart.coupon?.problem).toMatch(/07:00/);

    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/v1/test/clock', payload: { at: 'soon' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().message).not.toMatch(/\bat\b must/);
  });
});
