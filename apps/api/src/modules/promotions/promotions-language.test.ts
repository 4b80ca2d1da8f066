import type { PromotionListResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct, newPromotion } from '../../test/factories.js';
import { askInBothLanguages, expectRefusedInBothLanguages } from '../../test/languages.js';
import { addToCart } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { createProductService } from '../products/products.service.js';
import { createPromotionLoader } from './promotions.service.js';

const ctx = useTestApp();

describe('coupons in Bahasa Indonesia', () => {
  it('refuses a coupon for another way of receiving, and states its terms, in the language asked for and unchanged in English', async () => {
    const loader = createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db }));
    await loader.storePromotion(newPromotion({ name: 'Pagi Hemat', code: 'PAGI', deliveryMethods: ['pick-up'] }));
    const customer = await signUpAndSignIn(ctx);
    await addToCart(ctx, customer, { productId: (await createProduct(ctx.database, { priceIdr: 25_000 })).id, quantity: 1 });
    // The cart is for dine in until the customer chooses otherwise.
    const apply = (code: string) => ({ method: 'PUT' as const, url: '/api/v1/cart/coupon', headers: customer.headers, payload: { code } });
    await expectRefusedInBothLanguages(ctx.app, apply('PAGI'), 400, {
      english: { message: 'This coupon is for Pick up orders', field: 'code' },
      indonesian: { message: 'Kupon ini khusus pesanan Ambil di Toko', field: 'code' },
    });
    const { english, indonesian } = await askInBothLanguages(ctx.app, apply('nope'));
    expect(english.json<{ message: string }>().message).toBe('There is no coupon NOPE: check the code');
    expect(indonesian.json<{ message: string }>().message).toBe('Kupon NOPE tidak ditemukan: periksa kembali kodenya');

    const terms = await askInBothLanguages(ctx.app, { method: 'GET', url: '/api/v1/promotions' });
    const termsOf = (res: typeof terms.english) => res.json<PromotionListResponse>().data.find((p) => p.code === 'PAGI')?.terms;
    expect(termsOf(terms.english)).toEqual(['For Pick up orders only']);
    expect(termsOf(terms.indonesian)).toEqual(['Khusus pesanan Ambil di Toko']);

    // The staff screen's list words them in the staff member's language too.
    const staff = await signUpAndSignIn(ctx, { role: 'staff' });
    const listed = await askInBothLanguages(ctx.app, { method: 'GET', url: '/api/v1/staff/promotions', headers: staff.headers });
    const staffTermsOf = (res: typeof listed.english) => res.json<PromotionListResponse>().data.find((p) => p.code === 'PAGI')?.terms;
    expect(staffTermsOf(listed.english)).toEqual(['For Pick up orders only']);
    expect(staffTermsOf(listed.indonesian)).toEqual(['Khusus pesanan Ambil di Toko']);
  });

  it("states a coupon's days and dates in the reader's language", async () => {
    const loader = createPromotionLoader(ctx.database.db, createProductService({ db: ctx.database.db }));
    await loader.storePromotion(newPromotion({ name: 'Akhir Pekan', code: 'WEEKEND', weekdays: [6, 7], fromTime: '07:00', toTime: '09:00', endsOn: '2099-12-31' }));
    const terms = await askInBothLanguages(ctx.app, { method: 'GET', url: '/api/v1/promotions' });
    const termsOf = (res: typeof terms.english) => res.json<PromotionListResponse>().data.find((p) => p.code === 'WEEKEND')?.terms;
    expect(termsOf(terms.english)).toEqual(['Available on Saturdays or Sundays 07:00-09:00', 'Until 31 December 2099']);
    expect(termsOf(terms.indonesian)).toEqual(['Berlaku pada Sabtu atau Minggu pukul 07:00-09:00', 'Sampai 31 Desember 2099']);
  });
});
