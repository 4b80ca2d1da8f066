import { describe, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { expectRefusedInBothLanguages } from '../../test/languages.js';
import { testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Monday 23 November 2026, 13:30 in Jakarta.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });

describe('the time of an order in Bahasa Indonesia', () => {
  it('refuses a time already past in the language asked for, its days, months and zone in that language too', async () => {
    const customer = await signUpAndSignIn(ctx);
    const choose = { method: 'PUT' as const, url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T10:00' } };
    await expectRefusedInBothLanguages(ctx.app, choose, 400, {
      english: {
        message: 'Monday 23 November at 10:00 has already passed (it is now Monday 23 November at 13:30, Jakarta time). Please choose a later time.',
        field: 'scheduledFor',
      },
      indonesian: {
        message: 'Senin 23 November pukul 10:00 sudah lewat (sekarang Senin 23 November pukul 13:30, waktu Jakarta). Silakan pilih waktu yang lebih lambat.',
        field: 'scheduledFor',
      },
    });
  });

  it("states the receiving hours in the reader's language: the days, the hours and the zone", async () => {
    const customer = await signUpAndSignIn(ctx);
    // Saturday 28 November 2026: no Door Delivery on weekends.
    const choose = { method: 'PUT' as const, url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: 'door-delivery', scheduledFor: '2026-11-28T14:00' } };
    await expectRefusedInBothLanguages(ctx.app, choose, 400, {
      english: { message: 'We deliver Monday to Friday between 13:00 and 19:00 (Jakarta time). Please choose another time.', field: 'scheduledFor' },
      indonesian: { message: 'Kami mengantar Senin sampai Jumat, pukul 13:00-19:00 (waktu Jakarta). Silakan pilih waktu lain.', field: 'scheduledFor' },
    });
  });
});
