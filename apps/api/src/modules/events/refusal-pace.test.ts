import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefusalPace, type RefusalPaceSettings } from './refusal-pace.js';

/** The pace on vitest's clock: `performance.now()` and the tick's timer both move only when the test says so. */
function paceOnFakeClock(settings: RefusalPaceSettings) {
  const pace = createRefusalPace(settings, () => Date.now());
  const answered: string[] = [];
  const attempt = (address: string, name: string) => pace.schedule(address, () => answered.push(name));
  return { pace, answered, attempt };
}

describe('refusal pace', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a burst at once, then holds the rest and answers them in order at the rate', () => {
    const { pace, answered, attempt } = paceOnFakeClock({ perSecond: 10, burst: 3, maxPendingPerAddress: 100, maxPending: 100 });
    for (let i = 1; i <= 8; i += 1) attempt('10.0.0.1', `a${i}`);
    expect(answered).toEqual(['a1', 'a2', 'a3']);
    expect(pace.pending()).toBe(5);

    vi.advanceTimersByTime(95);
    expect(answered).toEqual(['a1', 'a2', 'a3']);
    vi.advanceTimersByTime(10);
    expect(answered).toEqual(['a1', 'a2', 'a3', 'a4']);
    vi.advanceTimersByTime(400);
    expect(answered).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']);
    expect(pace.pending()).toBe(0);
  });

  it('keeps one address waiting without holding up another', () => {
    const { answered, attempt } = paceOnFakeClock({ perSecond: 10, burst: 1, maxPendingPerAddress: 100, maxPending: 100 });
    attempt('10.0.0.1', 'flood-1');
    attempt('10.0.0.1', 'flood-2');
    attempt('10.0.0.2', 'neighbour');
    expect(answered).toEqual(['flood-1', 'neighbour']);
  });

  it('does not let a held address jump its own queue when a token comes free between ticks', () => {
    const { answered, attempt } = paceOnFakeClock({ perSecond: 100, burst: 1, maxPendingPerAddress: 100, maxPending: 100 });
    attempt('10.0.0.1', 'first');
    attempt('10.0.0.1', 'second');
    // Half a tick later a token has been earned, but `second` is still waiting: `third` goes behind it.
    vi.setSystemTime(15);
    attempt('10.0.0.1', 'third');
    expect(answered).toEqual(['first']);
    vi.advanceTimersByTime(10);
    expect(answered).toEqual(['first', 'second']);
    vi.advanceTimersByTime(10);
    expect(answered).toEqual(['first', 'second', 'third']);
  });

  it('answers at once beyond what one address and all addresses may have held', () => {
    const { pace, answered, attempt } = paceOnFakeClock({ perSecond: 1, burst: 1, maxPendingPerAddress: 2, maxPending: 3 });
    for (const name of ['a1', 'a2', 'a3', 'a4']) attempt('10.0.0.1', name);
    // a1 from the burst; a2 and a3 held; a4 over the address's two.
    expect(answered).toEqual(['a1', 'a4']);
    for (const name of ['b1', 'b2', 'b3']) attempt('10.0.0.2', name);
    // b1 from its burst; b2 held (three in all); b3 over the total.
    expect(answered).toEqual(['a1', 'a4', 'b1', 'b3']);
    expect(pace.pending()).toBe(3);
  });

  it('starts an address afresh once its burst has refilled, and stops ticking when nothing is held', () => {
    const { answered, attempt } = paceOnFakeClock({ perSecond: 10, burst: 2, maxPendingPerAddress: 100, maxPending: 100 });
    attempt('10.0.0.1', 'a1');
    attempt('10.0.0.1', 'a2');
    attempt('10.0.0.1', 'a3');
    vi.advanceTimersByTime(1_000);
    expect(answered).toEqual(['a1', 'a2', 'a3']);
    expect(vi.getTimerCount()).toBe(0);
    attempt('10.0.0.1', 'b1');
    attempt('10.0.0.1', 'b2');
    expect(answered).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
  });

  it('answers a held attempt whose client has gone without spending a turn on it', () => {
    const { pace, answered } = paceOnFakeClock({ perSecond: 10, burst: 1, maxPendingPerAddress: 100, maxPending: 100 });
    const gone = new Set(['a2', 'a3']);
    for (const name of ['a1', 'a2', 'a3', 'a4']) pace.schedule('10.0.0.1', () => answered.push(name), () => gone.has(name));
    expect(answered).toEqual(['a1']);
    // One turn (100 ms) answers both gone ones and the live one behind them.
    vi.advanceTimersByTime(100);
    expect(answered).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('sends everything held at once when flushed (a drain), and holds nothing afterwards', () => {
    const { pace, answered, attempt } = paceOnFakeClock({ perSecond: 1, burst: 1, maxPendingPerAddress: 100, maxPending: 100 });
    for (const name of ['a1', 'a2', 'a3']) attempt('10.0.0.1', name);
    attempt('10.0.0.2', 'b1');
    attempt('10.0.0.2', 'b2');
    expect(answered).toEqual(['a1', 'b1']);
    pace.flush();
    expect(answered.sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(pace.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    attempt('10.0.0.1', 'late');
    expect(answered).toContain('late');
  });
});
