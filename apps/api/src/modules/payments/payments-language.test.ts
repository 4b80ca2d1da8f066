import type { ErrorResponse } from '@coffee/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, testClock } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await ctx.close();
});

describe('payments in Bahasa Indonesia', () => {
  it('refuses a wallet the shop cannot take without its gateway in the language asked for, and unchanged in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    await addToCart(ctx, customer, { productId: (await createProduct(ctx.database, { priceIdr: 25_000 })).id, quantity: 1 });
    const place = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...customer.headers, 'idempotency-key': randomUUID(), ...(language ? { 'accept-language': language } : {}) },
        payload: { paymentMethod: 'qris', deliveryMethod: 'pick-up' },
      });
    const english = await place();
    expect(english.statusCode).toBe(400);
    expect(english.json<ErrorResponse>()).toEqual({
      message: 'Paying by QRIS is not available at this shop: choose another payment method',
      field: 'paymentMethod',
    });
    expect((await place('id')).json<ErrorResponse>()).toEqual({
      message: 'Pembayaran dengan QRIS tidak tersedia di toko ini: pilih metode pembayaran lain',
      field: 'paymentMethod',
    });
  });
});
