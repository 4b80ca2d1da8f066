import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('points and rewards in Bahasa Indonesia', () => {
  it('refuses a reward on an empty cart in the language asked for, and unchanged in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    const quote = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/loyalty/rewards/quote',
        headers: { ...customer.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { rewardId: 1 },
      });
    const english = await quote();
    expect(english.statusCode).toBe(409);
    expect(english.json<ErrorResponse>()).toEqual({ message: 'Your cart is empty: add something before choosing a reward', field: 'rewardId' });
    const indonesian = await quote('id');
    expect(indonesian.statusCode).toBe(409);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Keranjang Anda kosong: tambahkan sesuatu sebelum memilih hadiah', field: 'rewardId' });
  });
});
