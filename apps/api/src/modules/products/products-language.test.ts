import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('the menu in Bahasa Indonesia', () => {
  it('answers a product that is not on the menu in the language asked for, and unchanged in English', async () => {
    const look = (language?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/products/kopi', headers: language ? { 'accept-language': language } : {} });
    const english = await look();
    expect(english.statusCode).toBe(404);
    expect(english.json<ErrorResponse>()).toEqual({ message: 'There is no product with id "kopi" on the menu' });
    const indonesian = await look('id');
    expect(indonesian.statusCode).toBe(404);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Tidak ada produk dengan id "kopi" di menu' });
  });
});
