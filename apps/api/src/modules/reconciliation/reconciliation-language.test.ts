import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('the reconciliation of a day that is not on the calendar', () => {
  it('is refused in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const owner = await signUpAndSignIn(ctx, { role: 'staff', staffRole: 'owner' });
    await expectRefusedInBothLanguages(ctx.app, { method: 'GET', url: '/api/v1/staff/reconciliation?date=2026-02-30', headers: owner.headers }, 400, {
      english: { message: 'That is not a date on the calendar: choose another day.', field: 'date' },
      indonesian: { message: 'Tanggal tersebut tidak ada di kalender: pilih hari lain.', field: 'date' },
    });
  });
});
