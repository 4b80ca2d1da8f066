import type { ErrorResponse, PromotionListResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct, newPromotion } from '../../test/factories.js';
import { addToCart } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionLoader } from './promotions.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('coupons in Bahasa Indonesia', () => {
  it('refuses a coupon for another way of receiving, and states its terms, in the language asked for and unchanged in English', async () => {
    const loader = createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db }));
    await loader.storePromotion(newPromotion({ name: 'Pagi Hemat', code: 'PAGI', deliveryMethods: ['pick-up'] }));
    const customer = await signUpAndSignIn(ctx);
    await addToCart(ctx, customer, { productId: (await createProduct(ctx.database, { priceIdr: 25_000 })).id, quantity: 1 });
    // The cart is for dine in until the customer chooses otherwise.
    const apply = (code: string, language?: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/cart/coupon',
        headers: { ...customer.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { code },
      });
    expect((await apply('PAGI')).json<ErrorResponse>()).toEqual({ message: 'This coupon is for Pick up orders', field: 'code' });
    const indonesian = await apply('PAGI', 'id');
    expect(indonesian.statusCode).toBe(400);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Kupon ini khusus pesanan Ambil di Toko', field: 'code' });
    expect((await apply('nope')).json<ErrorResponse>().message).toBe('There is no coupon NOPE: check the code');
    expect((await apply('nope', 'id')).json<ErrorResponse>().message).toBe('Kupon NOPE tidak ditemukan: periksa kembali kodenya');

    const termsOf = async (language?: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/promotions', headers: language ? { 'accept-language': language } : {} }))
        .json<PromotionListResponse>()
        .data.find((p) => p.code === 'PAGI')?.terms;
    expect(await termsOf()).toEqual(['For Pick up orders only']);
    expect(await termsOf('id')).toEqual(['Khusus pesanan Ambil di Toko']);
  });
});
