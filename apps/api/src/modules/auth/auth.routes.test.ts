import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AuthUser, ErrorResponse, RegisterResponse, TokenResponse, UserProfile } from '@coffee/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSED, SESSION_COOKIE } from '../../plugins/session.js';
import { DEFAULT_TEST_PASSWORD, SAME_ORIGIN, randomIp, sessionCookieFrom, signUpAndSignIn } from '../../test/auth.js';
import { createTestApp, type TestContext, useTestApp } from '../../test/test-app.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';

const ctx = useTestApp();

const inject = (options: InjectOptions & { url: string }) =>
  ctx.app.inject({ remoteAddress: randomIp(), ...options, headers: { origin: SAME_ORIGIN, ...options.headers } });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url, payload, headers });
const getMe = (headers: Record<string, string>) => inject({ method: 'GET', url: '/api/v1/users/me', headers });
const cookieOf = (res: LightMyRequestResponse) => {
  const token = sessionCookieFrom(res.headers['set-cookie']);
  if (!token) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return { token, headers: { cookie: `${SESSION_COOKIE}=${token}` } };
};
const newEmail = () => `someone-${Math.random().toString(36).slice(2, 10)}@example.test`;

async function register(email = newEmail(), password = DEFAULT_TEST_PASSWORD) {
  const res = await post('/api/v1/auth/register', { email, password, phone: '0812 3456 7890' });
  expect(res.statusCode).toBe(201);
  return { email, password };
}

describe('register', () => {
  it('creates a customer who can then sign in', async () => {
    const email = newEmail();
    const res = await post('/api/v1/auth/register', { email, password: 'Espresso-Lover-1', phone: '+62 812 3456 7890' });
    expect(res.statusCode).toBe(201);
    expect(res.json<RegisterResponse>().data).toEqual({ email, message: expect.stringContaining('Sign in') as unknown });

    const login = await post('/api/v1/auth/login', { email, password: 'Espresso-Lover-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ data: AuthUser }>().data).toMatchObject({ email, role: 'customer' });
  });

  it('answers the same for an email that already has an account, changes nothing and mails the owner', async () => {
    const { email, password } = await register();
    await ctx.app.mailer.idle();
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    const before = new Set(fs.readdirSync(outbox));

    const again = await post('/api/v1/auth/register', {
      email: email.toUpperCase(),
      password: 'A-Different-Pass-9',
      phone: '0812 0000 0000',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<RegisterResponse>()).toEqual({ data: { email, message: expect.any(String) as unknown } });
    const fresh = await post('/api/v1/auth/register', { email: newEmail(), password, phone: '0812 0000 0000' });
    expect(Object.keys(fresh.json<RegisterResponse>().data)).toEqual(Object.keys(again.json<RegisterResponse>().data));
    expect(fresh.json<RegisterResponse>().data.message).toBe(again.json<RegisterResponse>().data.message);

    // The first password still works, the second does not: the account was not touched.
    expect((await post('/api/v1/auth/login', { email, password })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/login', { email, password: 'A-Different-Pass-9' })).statusCode).toBe(401);
    const rows = await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);

    await ctx.app.mailer.idle();
    const notices = fs
      .readdirSync(outbox)
      .filter((f) => !before.has(f))
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes(`To: ${email}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Subject: Someone tried to sign up with your email');
  });

  it('stores the email lowercased, so sign-in ignores case', async () => {
    const email = newEmail();
    await post('/api/v1/auth/register', { email: `  ${email.toUpperCase()} `, password: DEFAULT_TEST_PASSWORD, phone: '0812 3456 7890' });
    const login = await post('/api/v1/auth/login', { email: email.replace('someone', 'SomeOne'), password: DEFAULT_TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ data: AuthUser }>().data.email).toBe(email);
  });

  it.each([
    [{ password: DEFAULT_TEST_PASSWORD, phone: '0812 3456 7890' }, 'email', 'Email is required.'],
    [{ email: 'not-an-email', password: DEFAULT_TEST_PASSWORD, phone: '0812 3456 7890' }, 'email', 'Email must be a valid email address.'],
    [{ email: 'a@b.test', phone: '0812 3456 7890' }, 'password', 'Password is required.'],
    [{ email: 'a@b.test', password: 'Shrt-1', phone: '0812 3456 7890' }, 'password', 'Password must be at least 8 characters.'],
    [{ email: 'a@b.test', password: 'x'.repeat(129), phone: '0812 3456 7890' }, 'password', 'Password must be at most 128 characters.'],
    [{ email: 'a@b.test', password: DEFAULT_TEST_PASSWORD }, 'phone', 'Phone number is required.'],
    [{ email: 'a@b.test', password: DEFAULT_TEST_PASSWORD, phone: 'call me maybe' }, 'phone', 'Phone number must be a phone number of digits, e.g. +62 812 3456 7890.'],
  ])('refuses %j naming %s', async (payload, field, message) => {
    const res = await post('/api/v1/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field, message });
  });

  it.each(['password123', 'PASSWORD123', 'Qwerty123', 'iloveyou1', '1q2w3e4r5t'])(
    'refuses the common password %s and says why',
    async (password) => {
      const email = newEmail();
      const res = await post('/api/v1/auth/register', { email, password, phone: '0812 3456 7890' });
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorResponse>();
      expect(body.field).toBe('password');
      expect(body.message).toMatch(/^This is a commonly used password\. Choose a longer password with words only you would think of/);
      expect(await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    },
  );

  it('keeps 128-character passwords and hashes them with argon2id at 19 MiB, 2 passes', async () => {
    const password = 'Long-'.padEnd(128, 'x');
    const { email } = await register(newEmail(), password);
    expect((await post('/api/v1/auth/login', { email, password })).statusCode).toBe(200);
    const row = await ctx.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(password);
  });
});

describe('login', () => {
  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie and answers a record with no secret in it', async () => {
    const { email, password } = await register();
    const res = await post('/api/v1/auth/login', { email, password });
    expect(res.statusCode).toBe(200);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // 30 days, the absolute lifetime (a second may have passed since the session started).
    expect(Number(/; Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeGreaterThanOrEqual(30 * 86_400 - 5);
    expect(Number(/; Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeLessThanOrEqual(30 * 86_400);
    expect(setCookie).not.toMatch(/; Secure/); // plain HTTP here; see the COOKIE_SECURE test

    const body = res.json<{ data: AuthUser }>();
    expect(Object.keys(body.data).sort()).toEqual(['displayName', 'email', 'id', 'photoUrl', 'role', 'staffRole']);
    const { token } = cookieOf(res);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain('$argon2');
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { email, password } = await register();
    const { token } = cookieOf(await post('/api/v1/auth/login', { email, password }));
    const rows = await ctx.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('gives a new token at every sign-in and ends the one the browser had', async () => {
    const { email, password } = await register();
    const first = cookieOf(await post('/api/v1/auth/login', { email, password }));
    const second = cookieOf(await post('/api/v1/auth/login', { email, password }, first.headers));
    expect(second.token).not.toBe(first.token);
    expect((await getMe(second.headers)).statusCode).toBe(200);
    expect((await getMe(first.headers)).statusCode).toBe(401);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const { email } = await register();
    const wrongPassword = await post('/api/v1/auth/login', { email, password: 'Not-The-Password-1' });
    const unknownEmail = await post('/api/v1/auth/login', { email: newEmail(), password: 'Not-The-Password-1' });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Email or password is incorrect' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('spends an argon2 verification on an unknown email as on a wrong password', async () => {
    const { email } = await register();
    // What one verification costs on this machine (the fastest of a few, so noise cannot inflate it).
    const hash = await hashPassword('Some-Password-1');
    let verifyMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      await verifyPassword(hash, 'Other-Password-2');
      verifyMs = Math.min(verifyMs, performance.now() - start);
    }
    const timed = async (payload: object) => {
      const start = performance.now();
      const res = await post('/api/v1/auth/login', payload);
      return { ms: performance.now() - start, status: res.statusCode };
    };
    const wrong = await timed({ email, password: 'Not-The-Password-1' });
    const unknown = await timed({ email: newEmail(), password: 'Not-The-Password-1' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    // A lower bound only (no upper bound that could flake): both paths did the argon2 work.
    expect(wrong.ms).toBeGreaterThanOrEqual(verifyMs * 0.7);
    expect(unknown.ms).toBeGreaterThanOrEqual(verifyMs * 0.7);
  });

  it('never answers a password hash, anywhere a user is shown', async () => {
    const user = await signUpAndSignIn(ctx);
    const answers = await Promise.all([
      inject({ method: 'GET', url: '/api/v1/auth/session', headers: user.headers }),
      getMe(user.headers),
      inject({ method: 'PATCH', url: '/api/v1/users/me', headers: user.headers, payload: { firstName: 'Ana' } }),
      post('/api/v1/auth/token', { email: user.email, password: user.password }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/argon2|password/i);
    }
  });
});

describe('session', () => {
  it('answers the signed-in user, or null for a visitor', async () => {
    const user = await signUpAndSignIn(ctx);
    const me = await inject({ method: 'GET', url: '/api/v1/auth/session', headers: user.headers });
    expect(me.json<{ data: AuthUser }>().data).toMatchObject({ id: user.userId, email: user.email, role: 'customer' });
    const visitor = await inject({ method: 'GET', url: '/api/v1/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ data: null });
  });

  it('ends on logout: the cookie is cleared and the old token no longer works', async () => {
    const user = await signUpAndSignIn(ctx);
    const res = await inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`));
    const after = await getMe(user.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('ends after SESSION_IDLE_DAYS unused, and after SESSION_MAX_DAYS however busy', async () => {
    const idle = await signUpAndSignIn(ctx);
    const old = await signUpAndSignIn(ctx);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await ctx.database.db.updateTable('sessions').set({ last_seen_at: eightDaysAgo }).where('user_id', '=', idle.userId).execute();
    await ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', old.userId)
      .execute();

    for (const user of [idle, old]) {
      const res = await getMe(user.headers);
      expect(res.statusCode).toBe(401);
      // The browser is told to drop the dead cookie.
      expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    }
  });

  it('slides the idle timeout with activity, writing at most once a minute', async () => {
    const user = await signUpAndSignIn(ctx);
    const lastSeen = async () =>
      (await ctx.database.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', user.userId).executeTakeFirstOrThrow())
        .last_seen_at;

    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await ctx.database.db.updateTable('sessions').set({ last_seen_at: sixDaysAgo }).where('user_id', '=', user.userId).execute();
    expect((await getMe(user.headers)).statusCode).toBe(200);
    const touched = await lastSeen();
    expect(Date.now() - Date.parse(touched)).toBeLessThan(60_000);

    expect((await getMe(user.headers)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(touched);
  });

  it('uses SESSION_IDLE_DAYS and SESSION_MAX_DAYS from the configuration', async () => {
    const short = await createTestApp({ SESSION_IDLE_DAYS: '0.5', SESSION_MAX_DAYS: '1' });
    try {
      const user = await signUpAndSignIn(short);
      const row = await short.database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(86_400_000);
      const thirteenHoursAgo = new Date(Date.now() - 13 * 3_600_000).toISOString();
      await short.database.db.updateTable('sessions').set({ last_seen_at: thirteenHoursAgo }).execute();
      expect((await short.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it.each([
    [{ COOKIE_SECURE: 'true' }, true],
    [{ COOKIE_SECURE: 'false', PUBLIC_URL: 'https://shop.example' }, false],
    [{ PUBLIC_URL: 'https://shop.example' }, true],
    [{}, false],
  ])('marks the cookie Secure by configuration %j: %s', async (env, secure) => {
    const app = await createTestApp(env);
    try {
      const user = await signUpAndSignIn(app).catch(() => undefined);
      // signUpAndSignIn's same-origin check uses localhost; with PUBLIC_URL set that still matches the Host.
      expect(user).toBeDefined();
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: SAME_ORIGIN },
        payload: { email: user?.email, password: user?.password },
      });
      expect(/; Secure/.test(String(res.headers['set-cookie']))).toBe(secure);
    } finally {
      await app.close();
    }
  });
});

describe('Bearer tokens for API clients', () => {
  it('POST /auth/token answers a token that works as Authorization: Bearer, and logout ends it', async () => {
    const { email, password } = await register();
    const res = await post('/api/v1/auth/token', { email, password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { token, expiresAt, user } = res.json<TokenResponse>().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(user.email).toBe(email);

    const bearer = { authorization: `Bearer ${token}` };
    // No Origin at all, as a server-side client sends.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: UserProfile }>().data.email).toBe(email);

    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer })).statusCode).toBe(401);
  });

  it('does not fall back to the cookie when the Bearer token is wrong', async () => {
    const user = await signUpAndSignIn(ctx);
    const res = await getMe({ ...user.headers, authorization: 'Bearer not-a-real-token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('cross-site request forgery', () => {
  it.each([
    ['another site in Origin', { origin: 'https://evil.example' }],
    ['another port in Origin', { origin: 'http://localhost:8080' }],
    ['the opaque Origin "null"', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a cookie-authenticated change from %s', async (_, extra: Record<string, string>) => {
    const user = await signUpAndSignIn(ctx);
    // Only the cookie, plus the headers of the case (no same-origin Origin).
    const headers = { cookie: user.cookie, ...extra };
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers,
      payload: { displayName: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect((await getMe(user.headers)).json<{ data: UserProfile }>().data.displayName).not.toBe('Hacked');
    // Nor can another site sign the user out.
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(logout.statusCode).toBe(403);
    expect((await getMe(user.headers)).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in (login CSRF)', async () => {
    const { email, password } = await register();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email, password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lets through same-origin, same-site-by-PUBLIC_URL, header-less and Bearer requests', async () => {
    const user = await signUpAndSignIn(ctx);
    const patch = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers, payload: { displayName: 'Ana' } });
    expect((await patch(user.headers)).statusCode).toBe(200);
    expect((await patch({ cookie: user.cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await patch({ cookie: user.cookie })).statusCode).toBe(200);
    expect((await patch({ cookie: user.cookie, origin: new URL(ctx.config.publicUrl).origin, host: 'internal:3000' })).statusCode).toBe(200);

    const { token } = (await post('/api/v1/auth/token', { email: user.email, password: user.password })).json<TokenResponse>().data;
    expect((await patch({ authorization: `Bearer ${token}`, origin: 'https://other-client.example' })).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    const user = await signUpAndSignIn(ctx);
    expect((await getMe({ ...user.headers, origin: 'https://evil.example' })).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, keeps this session and ends every other one', async () => {
    const here = await signUpAndSignIn(ctx);
    const elsewhere = cookieOf(await post('/api/v1/auth/login', { email: here.email, password: here.password }));
    expect((await getMe(elsewhere.headers)).statusCode).toBe(200);

    const wrong = await post('/api/v1/auth/password', { currentPassword: 'Not-It-At-All-1', newPassword: 'Brand-New-Pass-7' }, here.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Your current password is not right. Please type it again.', field: 'currentPassword' });

    const common = await post('/api/v1/auth/password', { currentPassword: here.password, newPassword: 'Password1!' }, here.headers);
    expect(common.statusCode).toBe(400);
    expect(common.json<ErrorResponse>().field).toBe('newPassword');

    const res = await post('/api/v1/auth/password', { currentPassword: here.password, newPassword: 'Brand-New-Pass-7' }, here.headers);
    expect(res.statusCode).toBe(200);
    expect((await getMe(here.headers)).statusCode).toBe(200);
    expect((await getMe(elsewhere.headers)).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email: here.email, password: here.password })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email: here.email, password: 'Brand-New-Pass-7' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await post('/api/v1/auth/password', { currentPassword: 'whatever-1', newPassword: 'Brand-New-Pass-7' });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '5', REGISTER_LIMIT_PER_IP: '2' });
  });
  afterAll(async () => {
    await limited.close();
  });
  const login = (payload: object, ip: string) =>
    limited.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload, headers: { origin: SAME_ORIGIN } });

  it('locks an account after LOGIN_LIMIT_PER_ACCOUNT failures, from any address, even for the right password', async () => {
    const user = await signUpAndSignIn(limited);
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ email: user.email, password: `Wrong-Guess-${i}` }, randomIp())).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: user.password }, randomIp());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json<ErrorResponse>().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/);
    // The Bearer door is the same door.
    const token = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      remoteAddress: randomIp(),
      payload: { email: user.email, password: user.password },
    });
    expect(token.statusCode).toBe(429);
  });

  it('limits an unknown email exactly like a known one', async () => {
    const ghost = 'nobody-has-this@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await login({ email: ghost, password: 'Wrong-Guess-1' }, randomIp())).statusCode);
    // The 4th is refused as for a real account, so the 429 does not tell whether the account exists.
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits one address trying many accounts (LOGIN_LIMIT_PER_IP)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login({ email: newEmail(), password: 'Wrong-Guess-1' }, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another address is not affected.
    expect((await login({ email: newEmail(), password: 'Wrong-Guess-1' }, randomIp())).statusCode).toBe(401);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await signUpAndSignIn(limited);
    for (let i = 0; i < 2; i += 1) await login({ email: user.email, password: 'Wrong-Guess-1' }, randomIp());
    expect((await login({ email: user.email, password: user.password }, randomIp())).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await login({ email: user.email, password: 'Wrong-Guess-1' }, randomIp())).statusCode).toBe(401);
  });

  it('counts an IPv6 /64 as one address, so rotating inside it does not escape the limit', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      statuses.push((await login({ email: newEmail(), password: 'Wrong-Guess-1' }, `${prefix}::${i.toString(16)}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts wrong current passwords of a password change as failed sign-ins of the account', async () => {
    const user = await signUpAndSignIn(limited);
    const change = (currentPassword: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        remoteAddress: randomIp(),
        headers: user.headers,
        payload: { currentPassword, newPassword: 'Brand-New-Pass-7' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await change(`Wrong-Guess-${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await change(user.password)).statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, randomIp())).statusCode).toBe(429);
  });

  it('limits sign-ups per address (REGISTER_LIMIT_PER_IP)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: ip,
        headers: { origin: SAME_ORIGIN },
        payload: { email: newEmail(), password: DEFAULT_TEST_PASSWORD, phone: '0812 3456 7890' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
