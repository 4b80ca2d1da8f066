import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('createAttemptLimiter', () => {
  it('allows max attempts per window, then says how many seconds to wait, then allows again', () => {
    let now = 1_000_000;
    const limiter = createAttemptLimiter({ max: 2, windowMs: 60_000, now: () => now });
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(60);
    expect(limiter.retryAfter('b')).toBe(0);
    now += 45_500;
    expect(limiter.retryAfter('a')).toBe(15);
    now += 14_500;
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = createAttemptLimiter({ max: 1, windowMs: 60_000 });
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
