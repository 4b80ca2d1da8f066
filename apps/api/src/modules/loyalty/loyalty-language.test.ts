import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('points and rewards in Bahasa Indonesia', () => {
  it('refuses a reward on an empty cart in the language asked for, and unchanged in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    await expectRefusedInBothLanguages(ctx.app, { method: 'POST', url: '/api/v1/loyalty/rewards/quote', headers: customer.headers, payload: { rewardId: 1 } }, 409, {
      english: { message: 'Your cart is empty: add something before choosing a reward', field: 'rewardId' },
      indonesian: { message: 'Keranjang Anda kosong: tambahkan sesuatu sebelum memilih hadiah', field: 'rewardId' },
    });
  });
});
