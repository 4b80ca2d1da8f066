import type { ErrorResponse, MessageResponse } from '@coffee/contract';
import type * as Argon2 from '@node-rs/argon2';
import type { KyselyPlugin, QueryId } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { hashToken } from '../../lib/tokens.js';
import { DEFAULT_TEST_PASSWORD, SAME_ORIGIN, randomIp, signUpAndSignIn } from '../../test/auth.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp.js';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from '../../test/test-app.js';
import { englishOf } from '../../lib/i18n.js';
import { RESET_REQUESTED_MESSAGE, RESET_TOKEN_INVALID } from './auth.service.js';

// The real argon2, counted: how many new passwords a request made the server hash.
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes += 1;
      return real.hash(...args);
    },
  };
});

// Real mail: the app sends over SMTP to a server this test runs on a local port.
let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Coffee Shop <shop@coffeeshop.test>',
    PUBLIC_URL: 'https://shop.example',
    FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: '3',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp(), headers: { origin: SAME_ORIGIN, ...headers } });
const forgot = (email: string) => post('/api/v1/auth/forgot-password', { email });
const reset = (token: string, password: string) => post('/api/v1/auth/reset-password', { token, password });
const login = (email: string, password: string) => post('/api/v1/auth/login', { email, password });

const resetMailTo = (email: string) =>
  smtp.waitForMail((m) => m.to.includes(email) && m.subject === 'Choose a new Coffee Shop password');

/** The token in the mail's link, which must point at PUBLIC_URL/reset-password. */
function tokenFrom(mail: ReceivedMail): string {
  const link = /https:\/\/shop\.example\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${mail.text}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error('empty token');
  return token;
}

describe('forgot and reset password', () => {
  it('mails a link over SMTP that sets a new password once and signs every device out', async () => {
    const user = await signUpAndSignIn(ctx);
    const other = await signUpAndSignIn(ctx);

    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json<MessageResponse>()).toEqual({ data: { message: englishOf(RESET_REQUESTED_MESSAGE) } });

    const mail = await resetMailTo(user.email);
    expect(mail.from).toBe('shop@coffeeshop.test');
    expect(mail.raw).toMatch(/^From: Coffee Shop <shop@coffeeshop\.test>/m);
    const token = tokenFrom(mail);
    // Only the hash is kept.
    const row = await ctx.database.db.selectFrom('password_reset_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 60_000);

    const done = await reset(token, 'Fresh-Roast-2026');
    expect(done.statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'Fresh-Roast-2026')).statusCode).toBe(200);
    // The session from before the reset is over; someone else's is not.
    const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(other.headers)).statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'Another-Roast-2027');
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>()).toEqual({ message: RESET_TOKEN_INVALID, field: 'token' });
    expect((await login(user.email, 'Fresh-Roast-2026')).statusCode).toBe(200);

    // And the owner is told.
    await smtp.waitForMail((m) => m.to.includes(user.email) && m.subject === 'Your Coffee Shop password was reset');
  });

  it('answers exactly the same for an email without an account, and mails nobody', async () => {
    const user = await signUpAndSignIn(ctx);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await resetMailTo(user.email);
    await ctx.app.mailer.idle();
    expect(smtp.received.filter((m) => m.to.includes('nobody-here@example.test'))).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const user = await signUpAndSignIn(ctx);
    await forgot(user.email);
    const token = tokenFrom(await resetMailTo(user.email));
    await ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();

    const res = await reset(token, 'Fresh-Roast-2026');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toEqual({ message: RESET_TOKEN_INVALID, field: 'token' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('replaces older links with each new request', async () => {
    const user = await signUpAndSignIn(ctx);
    await forgot(user.email);
    const first = tokenFrom(await resetMailTo(user.email));
    smtp.received.length = 0;
    await forgot(user.email);
    const second = tokenFrom(await resetMailTo(user.email));
    expect(second).not.toBe(first);

    expect((await reset(first, 'Fresh-Roast-2026')).statusCode).toBe(400);
    expect((await reset(second, 'Fresh-Roast-2026')).statusCode).toBe(200);
  });

  it('keeps the link usable when the new password is refused', async () => {
    const user = await signUpAndSignIn(ctx);
    await forgot(user.email);
    const token = tokenFrom(await resetMailTo(user.email));
    const common = await reset(token, 'qwertyuiop');
    expect(common.statusCode).toBe(400);
    expect(common.json<ErrorResponse>().field).toBe('password');
    const short = await reset(token, 'short');
    expect(short.json<ErrorResponse>()).toMatchObject({ field: 'password', message: 'Password must be at least 8 characters.' });
    expect((await reset(token, 'Fresh-Roast-2026')).statusCode).toBe(200);
  });

  it('refuses a made-up token without spending an argon2 hash on its new password', async () => {
    const before = argon2.hashes;
    const res = await reset('A'.repeat(43), DEFAULT_TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toEqual({ message: RESET_TOKEN_INVALID, field: 'token' });
    // Bogus tokens are free to send: hashing their passwords slowed every customer's sign-in.
    expect(argon2.hashes).toBe(before);

    const user = await signUpAndSignIn(ctx);
    await forgot(user.email);
    const token = tokenFrom(await resetMailTo(user.email));
    const hashesBefore = argon2.hashes;
    expect((await reset(token, 'Fresh-Roast-2026')).statusCode).toBe(200);
    expect(argon2.hashes).toBe(hashesBefore + 1);
  });

  it('unlocks an account that failed sign-ins had locked', async () => {
    const user = await signUpAndSignIn(ctx);
    for (let i = 0; i < ctx.config.rateLimits.loginPerAccount; i += 1) await login(user.email, `Wrong-Guess-${i}`);
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    await forgot(user.email);
    expect((await reset(tokenFrom(await resetMailTo(user.email)), 'Fresh-Roast-2026')).statusCode).toBe(200);
    expect((await login(user.email, 'Fresh-Roast-2026')).statusCode).toBe(200);
  });

  it('limits attempts to choose a new password per client address (RESET_PASSWORD_LIMIT_PER_IP)', async () => {
    const limited = await createTestApp({ RESET_PASSWORD_LIMIT_PER_IP: '2' });
    try {
      const ip = randomIp();
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          remoteAddress: ip,
          payload: { token: 'B'.repeat(43), password: DEFAULT_TEST_PASSWORD },
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
      const refused = await attempt();
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json<ErrorResponse>().message).toMatch(/^Too many attempts to choose a new password\. Try again in \d+ minutes\.$/);
    } finally {
      await limited.close();
    }
  });

  it('limits requests per email (FORGOT_PASSWORD_LIMIT_PER_ACCOUNT) whether or not it has an account', async () => {
    for (const email of ['limit-me@example.test', (await signUpAndSignIn(ctx)).email]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await forgot(email)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const limited = await forgot(email);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json<ErrorResponse>().message).toMatch(/^Too many password reset requests\. Try again in/);
    }
  });

  it('limits requests per client address (FORGOT_PASSWORD_LIMIT_PER_IP)', async () => {
    const app = await createTestApp({ FORGOT_PASSWORD_LIMIT_PER_IP: '2' });
    try {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          remoteAddress: ip,
          payload: { email: `someone-${i}@example.test` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await app.close();
    }
  });
});

/** Holds every write to `table` until released, and tells when the first one arrived. */
function holdWritesTo(table: string) {
  const held = new WeakSet<QueryId>();
  let reached!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind !== 'SelectQueryNode' && JSON.stringify(node).includes(`"${table}"`)) held.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (held.has(queryId)) {
        reached();
        await released;
      }
      return result;
    },
  };
  return { plugin, arrived, release };
}

describe('forgot password timing', () => {
  it('answers an existing account before its link is prepared, as fast as an unknown email', async () => {
    // The app's database, with the writes of reset tokens held: the answer must not wait for them.
    const hold = holdWritesTo('password_reset_tokens');
    const { database, dataDir, drop } = await createTestDatabase();
    const config = testConfig(dataDir);
    const app = await buildApp({ config, database: { ...database, db: database.db.withPlugin(hold.plugin) } });
    const close = async () => {
      hold.release();
      await app.close();
      await drop();
    };
    try {
      const user = await signUpAndSignIn({ app, database, config, close });
      const answer = app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        remoteAddress: randomIp(),
        headers: { origin: SAME_ORIGIN },
        payload: { email: user.email },
      });
      await hold.arrived;
      // Before the fix the answer waited for this write; the guard only turns that hang into a readable failure.
      const first = await Promise.race([
        answer.then((res) => res.statusCode),
        new Promise((resolve) => setTimeout(resolve, 3000, 'still waiting for the token write')),
      ]);
      expect(first).toBe(202);

      hold.release();
      await app.close(); // waits for the link to be prepared and handed to the mailer
      const rows = await database.db.selectFrom('password_reset_tokens').select('user_id').execute();
      expect(rows).toEqual([{ user_id: user.userId }]);
    } finally {
      await close();
    }
  });
});
