import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('turning off notifications of a device the customer does not have', () => {
  it('is refused in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const customer = await signUpAndSignIn(ctx);
    await expectRefusedInBothLanguages(ctx.app, { method: 'DELETE', url: '/api/v1/push/subscriptions/987654', headers: customer.headers }, 404, {
      english: 'That device does not get your notifications.',
      indonesian: 'Perangkat tersebut tidak menerima notifikasi Anda.',
    });
  });
});
