import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PASSWORD, randomIp } from '../test/auth.js';
import { useTestApp } from '../test/test-app.js';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session.js';

/** A shop behind a TLS-terminating proxy (TRUST_PROXY=1): a request says https through X-Forwarded-Proto. */
const ctx = useTestApp({ TRUST_PROXY: '1' });

async function signIn(proto: 'https' | 'http') {
  const email = `cookie-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const headers = { origin: `${proto}://shop.example`, host: 'shop.example', 'x-forwarded-proto': proto };
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: randomIp(),
    headers,
    payload: { email, password: DEFAULT_TEST_PASSWORD, phone: '0812 3456 7890' },
  });
  expect(registered.statusCode).toBe(201);
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), headers, payload: { email, password: DEFAULT_TEST_PASSWORD } });
  expect(login.statusCode).toBe(200);
  return { setCookie: String(login.headers['set-cookie']), headers };
}

const tokenOf = (setCookie: string, name: string) => new RegExp(`^${name}=([^;]+)`).exec(setCookie)?.[1] ?? '';

describe('the session cookie of a shop reached over https', () => {
  it('is __Host- prefixed, Secure, Path=/ and without Domain, and signs the customer in', async () => {
    const { setCookie, headers } = await signIn('https');
    expect(setCookie).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Domain=/i);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { ...headers, cookie: `${SECURE_SESSION_COOKIE}=${tokenOf(setCookie, SECURE_SESSION_COOKIE)}` } });
    expect(me.statusCode).toBe(200);
  });

  it('does not take the same session under the plain name over https (a cookie another page could have planted)', async () => {
    const { setCookie, headers } = await signIn('https');
    const planted = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { ...headers, cookie: `${SESSION_COOKIE}=${tokenOf(setCookie, SECURE_SESSION_COOKIE)}` } });
    expect(planted.statusCode).toBe(401);
  });

  it('over plain http stays coffee_session without Secure (a shop tried on a laptop), and logout clears it', async () => {
    const { setCookie, headers } = await signIn('http');
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(setCookie).not.toMatch(/; Secure/);
    const cookie = `${SESSION_COOKIE}=${tokenOf(setCookie, SESSION_COOKIE)}`;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { ...headers, cookie } })).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...headers, cookie } });
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });
});
