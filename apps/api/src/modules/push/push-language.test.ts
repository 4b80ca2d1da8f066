import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let customer: SignedInUser;
beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUpAndSignIn(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('turning off notifications of a device the customer does not have', () => {
  it('is refused in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const remove = (asked?: string) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/v1/push/subscriptions/987654', headers: { ...customer.headers, ...(asked ? { 'accept-language': asked } : {}) } });
    const indonesian = await remove('id');
    expect(indonesian.statusCode).toBe(404);
    expect(indonesian.json<ErrorResponse>().message).toBe('Perangkat tersebut tidak menerima notifikasi Anda.');
    expect((await remove()).json<ErrorResponse>().message).toBe('That device does not get your notifications.');
  });
});
