import type { ErrorResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../lib/tokens.js';
import { DEFAULT_TEST_PASSWORD, SAME_ORIGIN, randomIp, signUpAndSignIn } from '../../test/auth.js';
import { useTestApp } from '../../test/test-app.js';
import { DEMO_ACCOUNTS } from '../../seed/load-demo-accounts.js';
import { createRequire } from 'node:module';
import { englishOf } from '../../lib/i18n.js';
import { ZXCVBN_WARNINGS, passwordProblem as problemText } from './passwords.js';

/** The advice as a client reads it in English. */
const passwordProblem = (password: string, email: string) => {
  const text = problemText(password, email);
  return text === undefined ? undefined : englishOf(text);
};

const ctx = useTestApp();

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp(), headers: { origin: SAME_ORIGIN, ...headers } });

/** A live reset link for the account, as the forgot-password mail would carry. */
async function resetTokenFor(userId: number): Promise<string> {
  const token = newToken();
  // Written as the auth module stores one (its table, written here directly: a test's setup, not another module's code).
  await ctx.database.db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 30 * 60_000).toISOString() })
    .execute();
  return token;
}

// Found in the wild: eight spaces, the account's own email, and a word + year that no banned-word list held.
const WEAK = [
  ['eight spaces', () => '        ', /^Choose a password with letters, digits or symbols in it, not only spaces\.$/],
  ['the email address', (email: string) => email, /^Choose a password that does not contain your email address/],
  ['Coffee2024', () => 'Coffee2024', /Choose a longer password with words only you would think of, e\.g\. /],
] as const;

describe('the password rule, the same on every form', () => {
  it.each(WEAK)('refuses %s at sign-up, with advice and without naming a field', async (_, make, advice) => {
    const email = `sari-${randomIp().replaceAll('.', '')}@example.test`;
    const res = await post('/api/v1/auth/register', { email, password: make(email), phone: '+62 812 0000 0003' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorResponse>();
    expect(body.field).toBe('password');
    expect(body.message).toMatch(advice);
    expect(body.message).not.toMatch(/^password |newPassword/);
    expect(await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it.each(WEAK)('refuses %s as a new password, and the old one still signs in', async (_, make, advice) => {
    const user = await signUpAndSignIn(ctx);
    const res = await post('/api/v1/auth/password', { currentPassword: user.password, newPassword: make(user.email) }, user.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('newPassword');
    expect(res.json<ErrorResponse>().message).toMatch(advice);
    expect((await post('/api/v1/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it.each(WEAK)('refuses %s from a reset link, and the link still works', async (_, make, advice) => {
    const user = await signUpAndSignIn(ctx);
    const token = await resetTokenFor(user.userId);
    const res = await post('/api/v1/auth/reset-password', { token, password: make(user.email) });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('password');
    expect(res.json<ErrorResponse>().message).toMatch(advice);
    expect((await post('/api/v1/auth/reset-password', { token, password: 'Tamarind-Lantern-Ferry-8' })).statusCode).toBe(200);
  });

  it('refuses the name before the @ in any case, and the shop name with any case or spacing', () => {
    expect(passwordProblem('xx-SARI.WULAN-2026!', 'sari.wulan@example.test')).toMatch(/does not contain your email address/);
    expect(passwordProblem('Budi+Kopi-Lantern-9', 'budi+shop@example.test')).toMatch(/does not contain your email address/);
    for (const password of ['my COFFEE shop rocks 7', 'Coffee-Shop-Lantern-9', 'tamarind coffeeshop ferry']) {
      expect(passwordProblem(password, 'sari@example.test')).toMatch(/^Choose a password without the shop's name in it/);
    }
    // A two-letter name is too short to mean anything inside a password.
    expect(passwordProblem('Tamarind-Lantern-Ferry-8', 'an@example.test')).toBeUndefined();
  });

  it('accepts ordinary passphrases, the demo accounts and the test helpers', () => {
    for (const password of ['Tamarind-Lantern-Ferry-8', 'kopi susu di pagi hari', DEFAULT_TEST_PASSWORD]) {
      expect(passwordProblem(password, 'sari@example.test')).toBeUndefined();
    }
    for (const account of DEMO_ACCOUNTS) expect(passwordProblem(account.password, account.email)).toBeUndefined();
  });

  it('refuses the example its own advice gives', () => {
    const advice = passwordProblem('Coffee2024', 'sari@example.test') ?? '';
    const example = /"([^"]+)"/.exec(advice)?.[1] ?? '';
    expect(example).not.toBe('');
    expect(passwordProblem(example, 'sari@example.test')).toMatch(/choose words of your own/);
  });

  it('estimates a long run of symbols quickly (the estimate is capped)', () => {
    // Unbounded, this took over two seconds of CPU; a generous bound keeps the test stable on a busy machine.
    const started = performance.now();
    passwordProblem('aB3$'.repeat(32), 'sari@example.test');
    passwordProblem('correct horse battery staple and then a great many more words, 1234567890 abc, up to 128', 'sari@example.test');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("zxcvbn's warnings", () => {
  it('are all in the list extraction reads, so none reaches a reader of Bahasa Indonesia in English', () => {
    const { translations } = createRequire(import.meta.url)('@zxcvbn-ts/language-en') as { translations: { warnings: Record<string, string> } };
    expect([...ZXCVBN_WARNINGS].sort()).toEqual(Object.values(translations.warnings).sort());
  });
});
