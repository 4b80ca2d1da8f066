import { describe, it } from 'vitest';
import { SAME_ORIGIN, randomIp } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('a question about a product no longer on the menu', () => {
  it('is refused in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const ask = () => ({
      method: 'POST' as const,
      url: '/api/v1/questions',
      remoteAddress: randomIp(),
      headers: { origin: SAME_ORIGIN },
      payload: { name: 'Sari', contact: 'sari@example.test', message: 'Is it still made with oat milk?', productId: 987654 },
    });
    await expectRefusedInBothLanguages(ctx.app, ask, 400, {
      english: { message: 'That product is no longer on the menu. Please ask about another one.', field: 'productId' },
      indonesian: { message: 'Produk tersebut sudah tidak ada di menu. Silakan tanyakan produk lain.', field: 'productId' },
    });
  });
});
