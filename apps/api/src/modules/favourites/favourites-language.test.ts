import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('a saved drink that is gone', () => {
  it('is answered in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const customer = await signUpAndSignIn(ctx);
    await expectRefusedInBothLanguages(ctx.app, { method: 'DELETE', url: '/api/v1/favourites/987654', headers: customer.headers }, 404, {
      english: 'This drink is no longer in your favourites',
      indonesian: 'Minuman ini sudah tidak ada di favorit Anda',
    });
  });
});
