import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('options in Bahasa Indonesia', () => {
  it('refuses an option the product does not have in the language asked for, and unchanged in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    const bread = await createProduct(ctx.database, { name: 'Roti Bakar', category: 'foods', priceIdr: 18_000 });
    const add = { method: 'POST' as const, url: '/api/v1/cart/items', headers: customer.headers, payload: { productId: bread.id, quantity: 1, optionIds: [999] } };
    await expectRefusedInBothLanguages(ctx.app, add, 400, {
      english: { message: 'Roti Bakar has no options to choose', field: 'optionIds' },
      indonesian: { message: 'Roti Bakar tidak memiliki pilihan', field: 'optionIds' },
    });
  });
});
