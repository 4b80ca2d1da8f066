import type { ErrorResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: SignedInUser;
let barista: SignedInUser;
beforeAll(async () => {
  ctx = await createTestApp();
  [owner, barista] = await Promise.all([signUpAndSignIn(ctx, { role: 'staff', staffRole: 'owner' }), signUpAndSignIn(ctx, { role: 'staff', staffRole: 'barista' })]);
});
afterAll(async () => {
  await ctx.close();
});

const invite = (email: string, asked?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/staff/invitations',
    headers: { ...owner.headers, ...(asked ? { 'accept-language': asked } : {}) },
    payload: { email, staffRole: 'manager' },
  });

describe('the staff refusals', () => {
  it('name the colleague already on the staff in Bahasa Indonesia, and in English without a language', async () => {
    const indonesian = await invite(barista.email, 'id');
    expect(indonesian.statusCode).toBe(409);
    expect(indonesian.json<ErrorResponse>()).toEqual({ message: `${barista.email} sudah menjadi staf: ubah perannya saja`, field: 'email' });
    expect((await invite(barista.email)).json<ErrorResponse>()).toEqual({
      message: `${barista.email} is on the staff already: change their role instead`,
      field: 'email',
    });
  });

  it("tell a barista what only the owner may do, in the barista's language", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/members', headers: { ...barista.headers, 'accept-language': 'id' } });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().message).toBe('Hanya pemilik yang dapat mengelola staf');
  });
});
