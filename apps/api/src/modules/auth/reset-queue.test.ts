import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_ONLY } from '../../lib/customer-email.js';
import type { Mailer, MailMessage } from '../../lib/mail.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { createUserService } from '../users/users.service.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { createSessionService } from './sessions.service.js';

/**
 * The forgot-password worker's random delay: the work a known email needs (a token written, a mail) happens at a
 * moment its draw picks, not at the tick after the request, and an unknown email's request waits in the same queue
 * for the same draws. The service's clock and draws are the test's; the worker itself runs as the shop starts it,
 * only on faster ticks, and the test counts its draws instead of timing it.
 */
let database: TestDatabase;
let auth: AuthService;
let stopWorker: () => void;
let knownEmail: string;
let knownUserId: number;
/** The shop's clock: it moves only when a test moves it. */
let clock = Date.parse('2026-11-26T09:00:00Z');
/** What the next draws answer (below 0.1 picks a request); every draw is counted. */
let nextDraw: () => number = () => 0.99;
let draws = 0;
const mails: MailMessage[] = [];

const TICK_MS = 2;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.database.db;
  const now = () => new Date(clock);
  const users = createUserService({ db, uploadsDir: database.dataDir, now });
  knownEmail = 'has-an-account@example.test';
  const created = await users.createUserAccount({ email: knownEmail, password: 'Long-Black-Pour-42', phone: '+62 812 0000 0003', role: 'customer' });
  knownUserId = created!.id;
  const mailer: Mailer = {
    send: () => Promise.reject(new Error('the reset worker hands mails over with sendLater')),
    sendLater: (message) => void mails.push(message),
    idle: () => Promise.resolve(),
    close: () => undefined,
  };
  auth = createAuthService({
    db,
    users,
    sessions: createSessionService({ db, accounts: users, policy: { idleTimeoutMs: 3_600_000, maxLifetimeMs: 86_400_000 }, now }),
    mailer,
    translator: ENGLISH_ONLY,
    publicUrl: 'https://shop.example',
    log: { error: () => undefined },
    now,
    random: () => {
      draws += 1;
      return nextDraw();
    },
  });
  stopWorker = auth.startResetWorker(TICK_MS);
});
afterEach(async () => {
  // What a test left waiting is sent now, so the next one starts on an empty queue.
  await auth.processResetQueue();
  mails.length = 0;
  nextDraw = () => 0.99;
});
afterAll(async () => {
  stopWorker();
  await database.drop();
});

const waiting = async () => (await database.database.db.selectFrom('password_reset_requests').select('email').execute()).map((r) => r.email).sort();
const tokensOfKnown = async () =>
  database.database.db.selectFrom('password_reset_tokens').select('user_id').where('user_id', '=', knownUserId).execute();
const linkMailsTo = (email: string) => mails.filter((m) => m.to === email && m.subject === 'Choose a new Coffee Shop password');

/** Resolves once `done` holds (checked every few ms); fails after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
}

describe('the forgot-password worker picks each request at a random tick', () => {
  it('does a known email\'s work only once its draw picks it, with an unknown email\'s request waiting beside it the same way', async () => {
    await auth.requestPasswordReset({ email: knownEmail });
    await auth.requestPasswordReset({ email: 'nobody-here@example.test' });
    // Thirty ticks whose draws all say "not yet": nothing is done for either email.
    const before = draws;
    // (Or until a request leaves the queue early: the assertion below then says so.)
    await until(async () => draws - before >= 60 || (await waiting()).length < 2);
    expect(await waiting()).toEqual(['has-an-account@example.test', 'nobody-here@example.test']);
    expect(await tokensOfKnown()).toEqual([]);
    expect(mails).toEqual([]);

    // The draw picks them: both leave the queue, and only the account's owner gets a link.
    nextDraw = () => 0.05;
    await until(async () => (await waiting()).length === 0 && linkMailsTo(knownEmail).length === 1);
    expect(await tokensOfKnown()).toEqual([{ user_id: knownUserId }]);
    expect(mails.map((m) => m.to)).toEqual([knownEmail]);
  });

  it('takes a request that has waited 5 seconds whatever its draws say', async () => {
    await auth.requestPasswordReset({ email: knownEmail });
    clock += 4_900;
    const before = draws;
    await until(async () => draws - before >= 20 || (await waiting()).length === 0);
    expect(await waiting()).toEqual([knownEmail]);

    clock += 100;
    // Taken from the queue, then its link prepared and handed to the mailer.
    await until(async () => (await waiting()).length === 0 && linkMailsTo(knownEmail).length === 1);
    expect(await tokensOfKnown()).toEqual([{ user_id: knownUserId }]);
  });

  it('with the shop\'s own draws, a request waits about ten ticks (a second at 100 ms), a different number each time', async () => {
    nextDraw = Math.random;
    const ticksWaited: number[] = [];
    // One request at a time: each of its draws is one tick it waited.
    for (let i = 0; i < 60; i += 1) {
      await auth.requestPasswordReset({ email: `nobody-${i}@example.test` });
      const before = draws;
      await until(async () => (await waiting()).length === 0);
      ticksWaited.push(draws - before);
    }
    const mean = ticksWaited.reduce((a, b) => a + b, 0) / ticksWaited.length;
    // A 1-in-10 draw per tick waits 10 ticks on average (standard deviation about 9.5, so 1.2 for a mean of 60):
    // far outside these bounds if the draw were gone (every request at its first tick) or much likelier.
    expect(mean).toBeGreaterThan(5);
    expect(mean).toBeLessThan(16);
    expect(new Set(ticksWaited).size).toBeGreaterThan(5);
    // About one in ten is taken at the tick right after it, not most.
    expect(ticksWaited.filter((n) => n === 1).length).toBeLessThan(20);
  });
});
