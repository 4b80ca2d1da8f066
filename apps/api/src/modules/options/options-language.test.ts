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

describe('options in Bahasa Indonesia', () => {
  it('refuses an option the product does not have in the language asked for, and unchanged in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    const bread = await createProduct(ctx.database, { name: 'Roti Bakar', category: 'foods', priceIdr: 18_000 });
    const add = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/cart/items',
        headers: { ...customer.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { productId: bread.id, quantity: 1, optionIds: [999] },
      });
    expect((await add()).json<ErrorResponse>()).toEqual({ message: 'Roti Bakar has no options to choose', field: 'optionIds' });
    const indonesian = await add('id');
    expect(indonesian.statusCode).toBe(400);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Roti Bakar tidak memiliki pilihan', field: 'optionIds' });
  });
});
