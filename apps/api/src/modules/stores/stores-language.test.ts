import type { StoreResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { storeInput } from '../../test/factories.js';
import { askInBothLanguages, expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
let staff: SignedInUser;
let storeId: number;
beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  // Pick up and dine in only.
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: staff.headers, payload: storeInput('Kopi Senja Kemang') });
  storeId = created.json<StoreResponse>().data.id;
});

describe('stores in Bahasa Indonesia', () => {
  it('refuses a way of receiving the store does not offer, naming it in the language asked for', async () => {
    const customer = await signUpAndSignIn(ctx);
    const choose = { method: 'PUT' as const, url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: 'door-delivery', scheduledFor: null, storeId } };
    await expectRefusedInBothLanguages(ctx.app, choose, 400, {
      english: {
        message: 'Kopi Senja Kemang does not offer Door Delivery. Please choose another store or another way to get your order.',
        field: 'deliveryMethod',
      },
      indonesian: {
        message: 'Kopi Senja Kemang tidak melayani Antar ke Alamat. Silakan pilih toko lain atau cara lain untuk menerima pesanan Anda.',
        field: 'deliveryMethod',
      },
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
    const { english, indonesian } = await askInBothLanguages(ctx.app, { method: 'GET', url: `/api/v1/stores/${storeId}` });
    expect(english.json<StoreResponse>().data.notice).toBe('This store is not taking online orders right now. Please choose another store or try again later.');
    expect(indonesian.json<StoreResponse>().data.notice).toBe('Toko ini sedang tidak menerima pesanan online. Silakan pilih toko lain atau coba lagi nanti.');
  });
});
