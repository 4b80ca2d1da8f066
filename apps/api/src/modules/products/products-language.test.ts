import { describe, it } from 'vitest';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('the menu in Bahasa Indonesia', () => {
  it('answers a product that is not on the menu in the language asked for, and unchanged in English', async () => {
    await expectRefusedInBothLanguages(ctx.app, { method: 'GET', url: '/api/v1/products/kopi' }, 404, {
      english: { message: 'There is no product with id "kopi" on the menu' },
      indonesian: { message: 'Tidak ada produk dengan id "kopi" di menu' },
    });
  });
});
