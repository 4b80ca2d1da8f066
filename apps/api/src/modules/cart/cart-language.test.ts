import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('the cart in Bahasa Indonesia', () => {
  it('refuses a sold-out product in the language asked for, and in its English words without one', async () => {
    const customer = await signUpAndSignIn(ctx);
    const rice = await createProduct(ctx.database, { name: 'Nasi Goreng Kampung', category: 'foods', priceIdr: 32_000, isSoldOut: true });
    const add = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/cart/items',
        headers: { ...customer.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { productId: rice.id, quantity: 1 },
      });
    const english = await add();
    expect(english.statusCode).toBe(409);
    expect(english.json<ErrorResponse>()).toEqual({ message: 'Nasi Goreng Kampung is sold out: it cannot be ordered now', field: 'productId' });
    const indonesian = await add('id-ID,id;q=0.9');
    expect(indonesian.statusCode).toBe(409);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Nasi Goreng Kampung sedang habis: tidak dapat dipesan sekarang', field: 'productId' });
  });

  it('words the limits with their figures in either language', async () => {
    const customer = await signUpAndSignIn(ctx);
    const latte = await createProduct(ctx.database, { name: 'Es Kopi Susu', priceIdr: 22_000 });
    const add = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/cart/items',
        headers: { ...customer.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { productId: latte.id, quantity: 25 },
      });
    expect((await add()).json<ErrorResponse>().message).toBe('You can add at most 20 more: we take at most 20 of Es Kopi Susu per order.');
    expect((await add('id')).json<ErrorResponse>().message).toBe('Anda hanya dapat menambah 20 lagi: kami menerima paling banyak 20 Es Kopi Susu per pesanan.');
  });
});
