import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AuthUser, UserProfileResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { logIn, sessionCookieFrom, signUpAndSignIn } from '../../test/auth.js';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { OIDC_COOKIE } from './oidc.routes.js';

const PUBLIC_URL = 'http://shop.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/v1/auth/oidc/callback`;

let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUri: REDIRECT_URI });
});

afterAll(async () => {
  await provider?.close();
});

const oidcEnv = () => ({
  PUBLIC_URL,
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
});

let people = 0;
/** A new person at the provider, with an email nobody else in this file uses. */
function addPerson(overrides: { email?: string; emailVerified?: boolean; name?: string } = {}) {
  people += 1;
  const sub = `person-${people}-${Date.now()}`;
  const account = {
    sub,
    email: overrides.email ?? `${sub}@example.test`,
    emailVerified: overrides.emailVerified ?? true,
    name: overrides.name,
  };
  provider.accounts.set(sub, account);
  return account;
}

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}

const valueOf = (cookie: string | undefined) => cookie?.split(';')[0]?.split('=').slice(1).join('=');

describe('provider sign-in when no provider is configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('tells the web app the buttons are disabled, with the provider name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { enabled: false, providerName: 'Google', startUrl: null } });
  });

  it('answers /start with 404 and a message saying it is not set up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start?returnTo=/' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(
      'Google sign-in is not set up for this shop. Sign in with your email and password.',
    );
    expect(res.headers.location).toBeUndefined();
  });

  it('sends a browser arriving at the callback back to the login page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/callback?code=x&state=y' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=oidc_not_configured');
  });
});

describe('provider sign-in with a provider configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(oidcEnv());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** GET /start as the browser does; the provider URL and the pending-login cookie. */
  async function start(returnTo = '/') {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(res.statusCode, res.body).toBe(302);
    const cookie = cookieFrom(res.headers['set-cookie'], OIDC_COOKIE);
    const value = valueOf(cookie);
    if (!cookie || !value) throw new Error('start set no pending-login cookie');
    return { location: String(res.headers.location), cookie, value };
  }

  /** The browser arriving back at our callback from the provider with the given cookies. */
  function callback(url: URL, cookies: string[], language?: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...(cookies.length ? { cookie: cookies.join('; ') } : {}), ...(language ? { 'accept-language': language } : {}) },
    });
  }

  /** The whole round trip for `sub`; returns the callback's answer. */
  async function signInWithProvider(sub: string, opts: { returnTo?: string; extraCookies?: string[]; language?: string } = {}) {
    const started = await start(opts.returnTo);
    const back = await provider.authorize(started.location, sub);
    return callback(back, [`${OIDC_COOKIE}=${started.value}`, ...(opts.extraCookies ?? [])], opts.language);
  }

  async function sessionUser(sessionToken: string | undefined): Promise<AuthUser | null> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=${sessionToken ?? ''}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: AuthUser | null }>().data;
  }

  const usersWithEmail = (email: string) =>
    ctx.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
  const identitiesOf = (userId: number) =>
    ctx.database.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();

  it('tells the web app the buttons work and where they link', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc' });
    expect(res.json()).toEqual({
      data: { enabled: true, providerName: 'Google', startUrl: '/api/v1/auth/oidc/start' },
    });
  });

  it('starts an authorization code flow with PKCE, state and nonce, kept in a short-lived HttpOnly Lax cookie', async () => {
    const { location, cookie } = await start('/cart');
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(provider.clientId);
    expect(p.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')?.length).toBeGreaterThanOrEqual(20);
    expect(p.get('nonce')?.length).toBeGreaterThanOrEqual(20);
    // A new state every time: one sign-in's answer cannot complete another.
    expect((await start('/cart')).location).not.toBe(location);

    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/api\/v1\/auth\/oidc(;|$)/);
  });

  it('creates a customer account for a new person and signs them in with a working session', async () => {
    const person = addPerson({ email: `New.Customer-${Date.now()}@Example.test`, name: 'Nadia Putri' });
    const res = await signInWithProvider(person.sub, { returnTo: '/cart?step=2' });

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login/complete?returnTo=${encodeURIComponent('/cart?step=2')}`);
    // The pending-login cookie is used up.
    expect(cookieFrom(res.headers['set-cookie'], OIDC_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const sessionCookie = cookieFrom(res.headers['set-cookie'], SESSION_COOKIE);
    expect(sessionCookie).toMatch(/; HttpOnly/);
    expect(sessionCookie).toMatch(/; SameSite=Lax/);

    const user = await sessionUser(sessionCookieFrom(res.headers['set-cookie']));
    expect(user).toMatchObject({ email: person.email.toLowerCase(), role: 'customer', displayName: 'Nadia Putri' });

    // The session is a normal one: the profile endpoint answers for it.
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: `${SESSION_COOKIE}=${sessionCookieFrom(res.headers['set-cookie'])}` },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json<UserProfileResponse>().data.language).toBe('en');
  });

  it("gives a new account the browser's language, and keeps an account's own at later sign-ins", async () => {
    const person = addPerson({ email: `pelanggan-${Date.now()}@example.test`, name: 'Sari' });
    const languageAfter = async (language: string) => {
      const res = await signInWithProvider(person.sub, { language });
      expect(res.statusCode).toBe(302);
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { cookie: `${SESSION_COOKIE}=${sessionCookieFrom(res.headers['set-cookie'])}` },
      });
      return profile.json<UserProfileResponse>().data.language;
    };
    expect(await languageAfter('id-ID,id;q=0.9,en;q=0.8')).toBe('id');
    expect(await languageAfter('en-US,en;q=0.9')).toBe('id');
  });

  it('signs the same person into the same account next time, even after their email changed at the provider', async () => {
    const person = addPerson();
    const first = await signInWithProvider(person.sub);
    const firstUser = await sessionUser(sessionCookieFrom(first.headers['set-cookie']));
    expect(firstUser).not.toBeNull();

    const again = await signInWithProvider(person.sub);
    const againToken = sessionCookieFrom(again.headers['set-cookie']);
    expect(againToken).not.toBe(sessionCookieFrom(first.headers['set-cookie']));
    expect((await sessionUser(againToken))?.id).toBe(firstUser?.id);

    // Found by the provider's subject, not by email: a new address at the provider is the same person.
    provider.accounts.set(person.sub, { ...person, email: `renamed-${person.sub}@example.test` });
    const renamed = await signInWithProvider(person.sub);
    expect((await sessionUser(sessionCookieFrom(renamed.headers['set-cookie'])))?.id).toBe(firstUser?.id);
    expect(await usersWithEmail(`renamed-${person.sub}@example.test`)).toEqual([]);
  });

  it('replaces the session the browser already had, as a password sign-in does', async () => {
    const person = addPerson();
    const first = await signInWithProvider(person.sub);
    const oldToken = sessionCookieFrom(first.headers['set-cookie']);
    const second = await signInWithProvider(person.sub, { extraCookies: [`${SESSION_COOKIE}=${oldToken}`] });
    expect(await sessionUser(sessionCookieFrom(second.headers['set-cookie']))).not.toBeNull();
    expect(await sessionUser(oldToken)).toBeNull();
  });

  it('links to an existing password account with the same verified email, and tells its owner', async () => {
    const owner = await signUpAndSignIn(ctx);
    const person = addPerson({ email: owner.email.toUpperCase(), name: 'Someone Else' });
    const res = await signInWithProvider(person.sub);

    const user = await sessionUser(sessionCookieFrom(res.headers['set-cookie']));
    expect(user?.id).toBe(owner.userId);
    // The account keeps its own name and its password.
    expect(user?.displayName).not.toBe('Someone Else');
    const login = await logIn(ctx.app, owner.email, owner.password);
    expect(login.statusCode).toBe(200);
    expect(await usersWithEmail(owner.email)).toHaveLength(1);
    expect(await identitiesOf(owner.userId)).toHaveLength(1);

    await ctx.app.mailer.idle();
    const outbox = ctx.config.mail.outboxDir;
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(
      mails.some((m) => m.includes(owner.email) && m.includes('Google sign-in was added to your Coffee Shop account')),
    ).toBe(true);
  });

  it('refuses an email the provider has not verified, and never links it to the account that has it', async () => {
    const owner = await signUpAndSignIn(ctx);
    const claimant = addPerson({ email: owner.email, emailVerified: false });
    const res = await signInWithProvider(claimant.sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=oidc_email_not_verified');
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBeUndefined();
    expect(await identitiesOf(owner.userId)).toEqual([]);

    const stranger = addPerson({ emailVerified: false });
    const refused = await signInWithProvider(stranger.sub);
    expect(refused.headers.location).toBe('/login?error=oidc_email_not_verified');
    expect(await usersWithEmail(stranger.email)).toEqual([]);
  });

  it('refuses an answer whose state was tampered with, or that comes without its own cookie', async () => {
    const person = addPerson();

    const started = await start();
    const back = await provider.authorize(started.location, person.sub);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await callback(tampered, [`${OIDC_COOKIE}=${started.value}`]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=oidc_expired');
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBeUndefined();

    // No cookie (the link was opened in another browser: login CSRF), or a cookie from another sign-in.
    const again = await start();
    const backAgain = await provider.authorize(again.location, person.sub);
    expect((await callback(backAgain, [])).headers.location).toBe('/login?error=oidc_expired');
    const other = await start();
    expect((await callback(backAgain, [`${OIDC_COOKIE}=${other.value}`])).headers.location).toBe(
      '/login?error=oidc_expired',
    );
    // A cookie whose content was changed fails its signature.
    const [payload = '', mac = ''] = again.value.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    forged.returnTo = '/elsewhere';
    const forgedValue = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
    expect((await callback(backAgain, [`${OIDC_COOKIE}=${forgedValue}`])).headers.location).toBe(
      '/login?error=oidc_expired',
    );
    // None of these used up the code: with its own cookie the answer still works.
    const ok = await callback(backAgain, [`${OIDC_COOKIE}=${again.value}`]);
    expect(ok.headers.location).toBe('/login/complete?returnTo=%2F');
    expect(await sessionUser(sessionCookieFrom(ok.headers['set-cookie']))).not.toBeNull();
  });

  it('refuses a code used twice without answering 500', async () => {
    const person = addPerson();
    const started = await start();
    const back = await provider.authorize(started.location, person.sub);
    const first = await callback(back, [`${OIDC_COOKIE}=${started.value}`]);
    expect(first.headers.location).toBe('/login/complete?returnTo=%2F');
    const replay = await callback(back, [`${OIDC_COOKIE}=${started.value}`]);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/login?error=oidc_failed');
    expect(sessionCookieFrom(replay.headers['set-cookie'])).toBeUndefined();
  });

  it('sends a person who cancels at the provider back to the login page', async () => {
    const started = await start();
    const back = await provider.authorize(started.location, null);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(back, [`${OIDC_COOKIE}=${started.value}`]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=oidc_cancelled');
  });

  it('refuses a returnTo that leads off the site (open redirect)', async () => {
    const offSite = ['//evil.example', 'https://evil.example/', '/\\evil.example', '/.//evil.example', 'javascript:alert(1)'];
    for (const returnTo of offSite) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json()).toMatchObject({ field: 'returnTo' });
      expect(res.headers.location).toBeUndefined();
      expect(cookieFrom(res.headers['set-cookie'], OIDC_COOKIE)).toBeUndefined();
    }
  });
});

describe('provider sign-in with the claims in the ID token (as Google sends them)', () => {
  let googleLike: TestOidcProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    googleLike = await startTestOidcProvider({ redirectUri: REDIRECT_URI, claimsInIdToken: true });
    ctx = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: googleLike.issuer,
      OIDC_CLIENT_ID: googleLike.clientId,
      OIDC_CLIENT_SECRET: googleLike.clientSecret,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await googleLike?.close();
  });

  it('signs in without asking the userinfo endpoint, and still refuses an unverified email', async () => {
    const signIn = async (sub: string) => {
      const started = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start?returnTo=/history' });
      const cookie = valueOf(cookieFrom(started.headers['set-cookie'], OIDC_COOKIE));
      const back = await googleLike.authorize(String(started.headers.location), sub);
      return ctx.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `${OIDC_COOKIE}=${cookie}` },
      });
    };
    googleLike.accounts.set('g-1', { sub: 'g-1', email: 'g1@example.test', emailVerified: true, name: 'Gita' });
    const res = await signIn('g-1');
    expect(res.headers.location).toBe('/login/complete?returnTo=%2Fhistory');
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=${sessionCookieFrom(res.headers['set-cookie'])}` },
    });
    expect(session.json()).toMatchObject({ data: { email: 'g1@example.test', displayName: 'Gita' } });

    googleLike.accounts.set('g-2', { sub: 'g-2', email: 'g2@example.test', emailVerified: false });
    expect((await signIn('g-2')).headers.location).toBe('/login?error=oidc_email_not_verified');
  });
});

describe('provider sign-in while the provider is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing answers there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    ctx = await createTestApp({ ...oidcEnv(), OIDC_ISSUER: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps the buttons enabled and sends the browser back to the login page with a reason', async () => {
    const status = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc' });
    expect(status.json<{ data: { enabled: boolean } }>().data.enabled).toBe(true);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start?returnTo=/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=oidc_unavailable');
  });
});

describe('provider sign-in settings', () => {
  const base = { NODE_ENV: 'test', OIDC_ISSUER: 'https://accounts.example', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' };

  it('stops start-up with one line when the issuer comes without its client id or secret', () => {
    expect(() => loadConfig({ ...base, OIDC_CLIENT_SECRET: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, OIDC_CLIENT_SECRET: '' })).toThrow(/^Invalid OIDC_CLIENT_SECRET=""/);
    expect(() => loadConfig({ ...base, OIDC_CLIENT_ID: undefined })).toThrow(/^Invalid OIDC_CLIENT_ID=""/);
  });

  it('refuses a plain-http issuer in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', OIDC_ISSUER: 'http://accounts.example' })).toThrow(
      /^Invalid OIDC_ISSUER=/,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).oidc.client?.issuer).toBe('https://accounts.example');
  });

  it('builds the redirect URI from PUBLIC_URL and names the provider', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://shop.example/', OIDC_PROVIDER_NAME: 'Google' });
    expect(config.oidc.redirectUri).toBe('https://shop.example/api/v1/auth/oidc/callback');
    expect(loadConfig({ NODE_ENV: 'test' }).oidc).toMatchObject({ client: null, providerName: 'Google' });
  });
});
