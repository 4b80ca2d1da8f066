import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { testClock } from '../../test/orders.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Monday 23 November 2026, 13:30 in Jakarta.
const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await ctx.close();
});

describe('the time of an order in Bahasa Indonesia', () => {
  it('refuses a time already past in the language asked for, the shop clock words left in English', async () => {
    const customer = await signUpAndSignIn(ctx);
    const choose = (language?: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/cart/delivery',
        headers: { ...customer.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T10:00' },
      });
    const english = await choose();
    expect(english.statusCode).toBe(400);
    expect(english.json<ErrorResponse>()).toEqual({
      message: 'Monday 23 November at 10:00 has already passed (it is now Monday 23 November at 13:30, Jakarta time). Please choose a later time.',
      field: 'scheduledFor',
    });
    expect((await choose('id')).json<ErrorResponse>()).toEqual({
      message: 'Monday 23 November at 10:00 sudah lewat (sekarang Monday 23 November at 13:30, Jakarta time). Silakan pilih waktu yang lebih lambat.',
      field: 'scheduledFor',
    });
  });
});
