import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('the cart in Bahasa Indonesia', () => {
  it('refuses a sold-out product in the language asked for, and in its English words without one', async () => {
    const customer = await signUpAndSignIn(ctx);
    const rice = await createProduct(ctx.database, { name: 'Nasi Goreng Kampung', category: 'foods', priceIdr: 32_000, isSoldOut: true });
    await expectRefusedInBothLanguages(ctx.app, { method: 'POST', url: '/api/v1/cart/items', headers: customer.headers, payload: { productId: rice.id, quantity: 1 } }, 409, {
      english: { message: 'Nasi Goreng Kampung is sold out: it cannot be ordered now', field: 'productId' },
      indonesian: { message: 'Nasi Goreng Kampung sedang habis: tidak dapat dipesan sekarang', field: 'productId' },
      language: 'id-ID,id;q=0.9',
    });
  });

  it('words the limits with their figures in either language', async () => {
    const customer = await signUpAndSignIn(ctx);
    const latte = await createProduct(ctx.database, { name: 'Es Kopi Susu', priceIdr: 22_000 });
    await expectRefusedInBothLanguages(ctx.app, { method: 'POST', url: '/api/v1/cart/items', headers: customer.headers, payload: { productId: latte.id, quantity: 25 } }, 400, {
      english: 'You can add at most 20 more: we take at most 20 of Es Kopi Susu per order.',
      indonesian: 'Anda hanya dapat menambah 20 lagi: kami menerima paling banyak 20 Es Kopi Susu per pesanan.',
    });
  });
});
