import type { ErrorResponse, MessageResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp, signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
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

const language = (asked?: string) => (asked ? { 'accept-language': asked } : {});

describe('sign-in and password answers', () => {
  it('refuse a wrong password in the language asked for, English unchanged without one', async () => {
    const signIn = (asked?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: randomIp(),
        headers: { origin: SAME_ORIGIN, ...language(asked) },
        payload: { email: customer.email, password: 'Not-The-Password-99' },
      });
    const indonesian = await signIn('id');
    expect(indonesian.statusCode).toBe(401);
    expect(indonesian.json<ErrorResponse>().message).toBe('Email atau kata sandi salah');
    expect((await signIn()).json<ErrorResponse>().message).toBe('Email or password is incorrect');
  });

  it('word the success of a reset request in the language asked for, its minutes put in', async () => {
    const forgot = (asked?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        remoteAddress: randomIp(),
        headers: { origin: SAME_ORIGIN, ...language(asked) },
        payload: { email: `nobody-${Date.now()}@example.test` },
      });
    const indonesian = await forgot('id');
    expect(indonesian.statusCode).toBe(202);
    expect(indonesian.json<MessageResponse>().data.message).toBe(
      'Jika ada akun yang memakai email ini, kami telah mengirimkan tautan untuk memilih kata sandi baru. Tautan berlaku selama 30 menit.',
    );
    expect((await forgot()).json<MessageResponse>().data.message).toBe(
      'If an account uses this email, we have sent it a link to choose a new password. The link works for 30 minutes.',
    );
  });
});
