import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { logIn, SAME_ORIGIN, sessionCookieFrom, type SignedInUser, signUpAndSignIn } from '../../test/auth.js';
import { httpRequest } from '../../test/http-client.js';
import { openSse, type SseStream } from '../../test/sse.js';
import { createTestDatabase, testConfig, type TestContext, type TestDatabase } from '../../test/test-app.js';
import { SESSION_COOKIE } from '../../plugins/session.js';

/**
 * A live order stream lasts as long as the session it was opened with: signing out (or a password change signing the
 * other devices out) ends it, so a signed-out browser stops receiving order steps and its places under the caps come
 * free. Two app instances on one database stand for two processes of the shop (caps in memory, no Redis): one ends
 * sessions, the other finds out on its periodic check.
 */
let database: TestDatabase;
let here: TestContext;
let elsewhere: FastifyInstance;
let hereUrl: string;
let elsewhereUrl: string;
const streams: SseStream[] = [];
/** The other process's check interval, short here; 15 s in the shop (config.streams.heartbeatMs). */
const CHECK_MS = 200;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database.dataDir, { STREAM_LIMIT_PER_USER: '2' });
  // This process never runs its check during a test: what it ends, it ends at once or not at all.
  const hereApp = await buildApp({ config: { ...config, streams: { ...config.streams, heartbeatMs: 600_000 } }, database: database.database });
  const elsewhereConfig: Config = { ...config, streams: { ...config.streams, heartbeatMs: CHECK_MS } };
  elsewhere = await buildApp({ config: elsewhereConfig, database: database.database });
  hereUrl = await hereApp.listen({ port: 0, host: '127.0.0.1' });
  elsewhereUrl = await elsewhere.listen({ port: 0, host: '127.0.0.1' });
  here = { app: hereApp, database: database.database, config, close: async () => {} };
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await here.app.close();
  await elsewhere.close();
  await database.drop();
});

const open = async (url: string, cookie: string) => {
  const stream = await openSse(`${url}/api/v1/orders/events`, { cookie });
  streams.push(stream);
  return stream;
};

/** One more stream attempt, its answer read whole (a refused one is short; an accepted one is closed at once). */
const attempt = async (url: string, cookie: string) => {
  const stream = await open(url, cookie);
  stream.close();
  return stream;
};

/** Another session of the same account (another device). */
async function signInAgain(user: SignedInUser): Promise<SignedInUser> {
  const login = await logIn(here.app, user.email, user.password);
  expect(login.statusCode).toBe(200);
  const cookie = `${SESSION_COOKIE}=${sessionCookieFrom(login.headers['set-cookie'])}`;
  return { ...user, cookie, headers: { cookie, origin: SAME_ORIGIN } };
}

const signOut = async (user: SignedInUser) =>
  expect((await here.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })).statusCode).toBe(204);

/** Resolves true when the stream ends within `ms`, false when it is still open then. */
const endsWithin = (stream: SseStream, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('a live order stream ends with its session', () => {
  it('sign-out ends the session\'s streams at once; its token then gets 401, not 429, and another session of the account streams again', async () => {
    const laptop = await signUpAndSignIn(here);
    const phone = await signInAgain(laptop);
    const opened = [await open(hereUrl, laptop.cookie), await open(hereUrl, laptop.cookie)];
    expect(opened.map((s) => s.status)).toEqual([200, 200]);
    // At the account's cap: a live session is refused with 429 and Retry-After, the phone's too.
    const overCap = await httpRequest(`${hereUrl}/api/v1/orders/events`, { headers: { cookie: laptop.cookie } });
    expect(overCap.status).toBe(429);
    expect(overCap.headers['retry-after']).toBe('30');
    expect((await attempt(hereUrl, phone.cookie)).status).toBe(429);

    await signOut(laptop);
    // Well within this process's check interval: the sign-out itself ended them.
    expect(await Promise.all(opened.map((s) => endsWithin(s, 2_000)))).toEqual([true, true]);
    const after = await httpRequest(`${hereUrl}/api/v1/orders/events`, { headers: { cookie: laptop.cookie } });
    expect(after.status).toBe(401);
    expect((await open(hereUrl, phone.cookie)).status).toBe(200);
  });

  it('a password change ends the other sessions\' streams and keeps its own', async () => {
    const laptop = await signUpAndSignIn(here);
    const phone = await signInAgain(laptop);
    const laptopStream = await open(hereUrl, laptop.cookie);
    const phoneStream = await open(hereUrl, phone.cookie);
    expect([laptopStream.status, phoneStream.status]).toEqual([200, 200]);

    const changed = await here.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: phone.headers,
      payload: { currentPassword: phone.password, newPassword: 'Brand-New-Pass-7-Kopi' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await endsWithin(laptopStream, 2_000)).toBe(true);
    expect(await endsWithin(phoneStream, 300)).toBe(false);
    expect((await attempt(hereUrl, laptop.cookie)).status).toBe(401);
    // The phone's stream still delivers: its second place under the cap is free again.
    expect((await open(hereUrl, phone.cookie)).status).toBe(200);
  });

  it('a session ended by another process ends its streams here on the next check; a live one at its cap still gets 429', async () => {
    const laptop = await signUpAndSignIn(here);
    const other = await signUpAndSignIn(here);
    const opened = [await open(elsewhereUrl, laptop.cookie), await open(elsewhereUrl, laptop.cookie)];
    const othersOpened = [await open(elsewhereUrl, other.cookie), await open(elsewhereUrl, other.cookie)];
    expect([...opened, ...othersOpened].map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect((await attempt(elsewhereUrl, laptop.cookie)).status).toBe(429);

    await signOut(laptop);
    expect(await Promise.all(opened.map((s) => endsWithin(s, CHECK_MS * 10)))).toEqual([true, true]);
    expect((await attempt(elsewhereUrl, laptop.cookie)).status).toBe(401);

    // The other account's streams outlived several checks, and it is still refused at its cap.
    expect(await Promise.all(othersOpened.map((s) => endsWithin(s, CHECK_MS * 3)))).toEqual([false, false]);
    const overCap = await httpRequest(`${elsewhereUrl}/api/v1/orders/events`, { headers: { cookie: other.cookie } });
    expect(overCap.status).toBe(429);
    expect(overCap.headers['retry-after']).toBe('30');
  });
});
