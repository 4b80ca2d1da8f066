import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { httpRequest } from '../../test/http-client.js';
import { hodgesLehmann, mannWhitneyP, median } from '../../test/statistics.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let base: string;
let user: SignedInUser;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  // The limits are not what is measured here: high enough for the rounds of requests from one address.
  ctx = await createTestApp({ FORGOT_PASSWORD_LIMIT_PER_IP: '100000', FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: '100000' });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  user = await signUpAndSignIn(ctx);
});
afterAll(async () => {
  agent.destroy();
  await ctx.close();
});

/** One client: forgot-password for `email`, then at once the next request on the same connection. */
async function pair(email: string): Promise<{ answer: number; next: number; status: number }> {
  const forgot = await httpRequest(`${base}/api/v1/auth/forgot-password`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email }),
  });
  const next = await httpRequest(`${base}/api/v1/products`, { agent });
  return { answer: forgot.ms, next: next.ms, status: forgot.status };
}

/**
 * What "no measurable difference" is decided by. A single p-value cannot be asked to stay above 0.4: with no
 * difference at all p is uniform between 0 and 1, so such a rule fails 40% of honest runs, and a p-value never
 * shows that two kinds are the same, only that they were not told apart. So this is an equivalence check: the
 * Hodges-Lehmann shift between known and unknown emails (the median of every known-minus-unknown difference) must
 * have its 95% confidence interval inside ±(a quarter of the unknown emails' median, at least 0.5 ms), for the
 * answer and for the next request: a difference smaller than that is within what one request varies by on its own
 * here, and the margin scales with the machine, since a busy 2-core machine makes every request several times
 * slower. Pairs come in rounds of 100 (50 of each kind, in random order) until both intervals are narrow enough to
 * decide (at most MAX_ROUNDS): more rounds narrow them, whichever way they lie, so a noisy machine costs time, not a
 * false verdict.
 * The old leak (known emails answered measurably slower) and a 2 ms delay for known emails land far outside; the Mann-Whitney p of
 * each round is printed beside it, and with no difference sits anywhere between 0 and 1.
 */
const MARGIN_FLOOR_MS = 0.5;
const MARGIN_SHARE = 0.25;
const MAX_ROUNDS = 8;
const marginFor = (unknown: readonly number[]) => Math.max(MARGIN_FLOOR_MS, MARGIN_SHARE * median(unknown));

describe('forgot password tells nobody whether an email has an account, by its timing either', () => {
  it('random pairs (forgot-password, then the next request): known and unknown emails take the same time, within a quarter of a request', async () => {
    const unknownEmail = () => `nobody-${randomBytes(6).toString('hex')}@example.test`;
    for (let i = 0; i < 20; i += 1) await pair(i % 2 ? user.email : unknownEmail());

    const known = { answer: [] as number[], next: [] as number[] };
    const unknown = { answer: [] as number[], next: [] as number[] };
    const rounds: { answerP: number; nextP: number }[] = [];
    let answer = hodgesLehmann([0], [0]);
    let next = answer;
    const width = (ci: { low: number; high: number }) => (ci.high - ci.low) / 2;
    while (rounds.length < MAX_ROUNDS) {
      const kinds = Array.from({ length: 100 }, (_, i) => i % 2 === 0);
      for (let i = kinds.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
      }
      const round = { known: { answer: [] as number[], next: [] as number[] }, unknown: { answer: [] as number[], next: [] as number[] } };
      for (const isKnown of kinds) {
        const timing = await pair(isKnown ? user.email : unknownEmail());
        expect(timing.status).toBe(202);
        const into = isKnown ? round.known : round.unknown;
        into.answer.push(timing.answer);
        into.next.push(timing.next);
        // Pairs spread over the worker's ticks, as a prober's would be.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      }
      rounds.push({
        answerP: mannWhitneyP(round.known.answer, round.unknown.answer),
        nextP: mannWhitneyP(round.known.next, round.unknown.next),
      });
      known.answer.push(...round.known.answer);
      known.next.push(...round.known.next);
      unknown.answer.push(...round.unknown.answer);
      unknown.next.push(...round.unknown.next);
      answer = hodgesLehmann(known.answer, unknown.answer);
      next = hodgesLehmann(known.next, unknown.next);
      if (width(answer) <= marginFor(unknown.answer) / 2 && width(next) <= marginFor(unknown.next) / 2) break;
    }

    const round3 = (v: number) => Math.round(v * 1000) / 1000;
    console.log('forgot-password timing', {
      pairs: known.answer.length + unknown.answer.length,
      answerMedianKnown: round3(median(known.answer)),
      answerMedianUnknown: round3(median(unknown.answer)),
      answerShift: [answer.low, answer.shift, answer.high].map(round3),
      answerMargin: round3(marginFor(unknown.answer)),
      nextMedianKnown: round3(median(known.next)),
      nextMedianUnknown: round3(median(unknown.next)),
      nextShift: [next.low, next.shift, next.high].map(round3),
      nextMargin: round3(marginFor(unknown.next)),
      roundP: rounds.map((r) => [round3(r.answerP), round3(r.nextP)]),
    });
    const answerMargin = marginFor(unknown.answer);
    const nextMargin = marginFor(unknown.next);
    expect(answer.low).toBeGreaterThan(-answerMargin);
    expect(answer.high).toBeLessThan(answerMargin);
    expect(next.low).toBeGreaterThan(-nextMargin);
    expect(next.high).toBeLessThan(nextMargin);

    // The links were still sent, by the queue's worker, on its own clock.
    await ctx.app.mailer.idle();
    const waiting = async () => (await ctx.database.db.selectFrom('password_reset_requests').select('id').execute()).length;
    for (let i = 0; i < 100 && (await waiting()) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await waiting()).toBe(0);
    const token = await ctx.database.db.selectFrom('password_reset_tokens').select('user_id').executeTakeFirst();
    expect(token?.user_id).toBe(user.userId);
  }, 120_000);
});
