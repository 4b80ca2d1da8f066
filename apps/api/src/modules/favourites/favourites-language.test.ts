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

describe('a saved drink that is gone', () => {
  it('is answered in Bahasa Indonesia when asked, in the same English otherwise', async () => {
    const remove = (asked?: string) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/v1/favourites/987654', headers: { ...customer.headers, ...(asked ? { 'accept-language': asked } : {}) } });
    const indonesian = await remove('id');
    expect(indonesian.statusCode).toBe(404);
    expect(indonesian.json<ErrorResponse>().message).toBe('Minuman ini sudah tidak ada di favorit Anda');
    expect((await remove()).json<ErrorResponse>().message).toBe('This drink is no longer in your favourites');
  });
});
