import type { ErrorResponse, StoreResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { storeInput } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let staff: SignedInUser;
let storeId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  // Pick up and dine in only.
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: staff.headers, payload: storeInput('Kopi Senja Kemang') });
  storeId = created.json<StoreResponse>().data.id;
});
afterAll(async () => {
  await ctx.close();
});

const asking = (language?: string) => (language ? { 'accept-language': language } : {});

describe('stores in Bahasa Indonesia', () => {
  it('refuses a way of receiving the store does not offer, naming it in the language asked for', async () => {
    const customer = await signUpAndSignIn(ctx);
    const choose = (language?: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/cart/delivery',
        headers: { ...customer.headers, ...asking(language) },
        payload: { deliveryMethod: 'door-delivery', scheduledFor: null, storeId },
      });
    expect((await choose()).json<ErrorResponse>()).toEqual({
      message: 'Kopi Senja Kemang does not offer Door Delivery. Please choose another store or another way to get your order.',
      field: 'deliveryMethod',
    });
    const indonesian = await choose('id');
    expect(indonesian.statusCode).toBe(400);
    expect(indonesian.json<ErrorResponse>()).toEqual({
      message: 'Kopi Senja Kemang tidak melayani Antar ke Alamat. Silakan pilih toko lain atau cara lain untuk menerima pesanan Anda.',
      field: 'deliveryMethod',
    });
  });

  it("says a paused store's notice in the reader's language", async () => {
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/stores/${storeId}/rush`,
      headers: staff.headers,
      payload: { paused: true, pausedUntil: null, extraPrepMinutes: 0 },
    });
    expect(paused.statusCode).toBe(200);
    const notice = async (language?: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/stores/${storeId}`, headers: asking(language) })).json<StoreResponse>().data.notice;
    expect(await notice()).toBe('This store is not taking online orders right now. Please choose another store or try again later.');
    expect(await notice('id')).toBe('Toko ini sedang tidak menerima pesanan online. Silakan pilih toko lain atau coba lagi nanti.');
  });
});
