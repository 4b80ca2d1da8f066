import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Monday 23 November 2026, 13:30 in Jakarta.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });

describe('the time of an order in Bahasa Indonesia', () => {
  it('refuses a time already past in the language asked for, the shop clock words left in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    const choose = { method: 'PUT' as const, url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T10:00' } };
    await expectRefusedInBothLanguages(ctx.app, choose, 400, {
      english: {
        message: 'Monday 23 November at 10:00 has already passed (it is now Monday 23 November at 13:30, Jakarta time). Please choose a later time.',
        field: 'scheduledFor',
      },
      indonesian: {
        message: 'Monday 23 November at 10:00 sudah lewat (sekarang Monday 23 November at 13:30, Jakarta time). Silakan pilih waktu yang lebih lambat.',
        field: 'scheduledFor',
      },
    });
  });
});
