import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { addToCart, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });

describe('payments in Bahasa Indonesia', () => {
  it('refuses a wallet the shop cannot take without its gateway in the language asked for, and unchanged in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    await addToCart(ctx, customer, { productId: (await createProduct(ctx.database, { priceIdr: 25_000 })).id, quantity: 1 });
    // A key of its own each time: the second answer must not be the replay of the first.
    const place = () => ({
      method: 'POST' as const,
      url: '/api/v1/orders',
      headers: { ...customer.headers, 'idempotency-key': randomUUID() },
      payload: { paymentMethod: 'qris', deliveryMethod: 'pick-up' },
    });
    await expectRefusedInBothLanguages(ctx.app, place, 400, {
      english: { message: 'Paying by QRIS is not available at this shop: choose another payment method', field: 'paymentMethod' },
      indonesian: { message: 'Pembayaran dengan QRIS tidak tersedia di toko ini: pilih metode pembayaran lain', field: 'paymentMethod' },
    });
  });
});
