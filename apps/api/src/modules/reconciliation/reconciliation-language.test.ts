import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: SignedInUser;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndSignIn(ctx, { role: 'staff', staffRole: 'owner' });
});
afterAll(async () => {
  await ctx.close();
});

describe('the reconciliation of a day that is not on the calendar', () => {
  it('is refused in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const day = (asked?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/staff/reconciliation?date=2026-02-30', headers: { ...owner.headers, ...(asked ? { 'accept-language': asked } : {}) } });
    const indonesian = await day('id');
    expect(indonesian.statusCode).toBe(400);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: 'Tanggal tersebut tidak ada di kalender: pilih hari lain.', field: 'date' });
    expect((await day()).json<ErrorResponse>()).toEqual({ message: 'That is not a date on the calendar: choose another day.', field: 'date' });
  });
});
