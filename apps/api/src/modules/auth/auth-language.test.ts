import type { MessageResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp, signUpAndSignIn } from '../../test/auth.js';
import { askInBothLanguages, expectRefusedInBothLanguages } from '../../test/languages.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

/** A POST from the shop's own page, from an address of its own each time. */
const fromShopPage = (url: string, payload: object) => () => ({ method: 'POST' as const, url, remoteAddress: randomIp(), headers: { origin: SAME_ORIGIN }, payload });

describe('sign-in and password answers', () => {
  it('refuse a wrong password in the language asked for, English unchanged without one', async () => {
    const customer = await signUpAndSignIn(ctx);
    await expectRefusedInBothLanguages(ctx.app, fromShopPage('/api/v1/auth/login', { email: customer.email, password: 'Not-The-Password-99' }), 401, {
      english: 'Email or password is incorrect',
      indonesian: 'Email atau kata sandi salah',
    });
  });

  it('word the success of a reset request in the language asked for, its minutes put in', async () => {
    const { english, indonesian } = await askInBothLanguages(ctx.app, fromShopPage('/api/v1/auth/forgot-password', { email: `nobody-${Date.now()}@example.test` }));
    expect(indonesian.statusCode).toBe(202);
    expect(indonesian.json<MessageResponse>().data.message).toBe(
      'Jika ada akun yang memakai email ini, kami telah mengirimkan tautan untuk memilih kata sandi baru. Tautan berlaku selama 30 menit.',
    );
    expect(english.json<MessageResponse>().data.message).toBe(
      'If an account uses this email, we have sent it a link to choose a new password. The link works for 30 minutes.',
    );
  });
});
