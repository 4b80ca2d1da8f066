/**
 * Counts attempts per key (a client address, an email) in a fixed window that starts at the first
 * attempt. In memory: limits hold per server process, which is what the shop runs; a second process
 * would need a shared store.
 */
export interface AttemptLimiter {
  /** Seconds to wait when the key is at its limit, or 0 when another attempt is allowed. */
  retryAfter(key: string): number;
  /** Count one attempt. */
  hit(key: string): void;
  /** Forget a key (e.g. after a successful sign-in the account's failures no longer count). */
  reset(key: string): void;
}

export interface AttemptLimiterOptions {
  max: number;
  windowMs: number;
  now?: () => number;
}

/** Prune expired keys once the map holds this many, so a flood of addresses cannot grow it forever. */
const PRUNE_AT = 10_000;

export function createAttemptLimiter({ max, windowMs, now = Date.now }: AttemptLimiterOptions): AttemptLimiter {
  const entries = new Map<string, { count: number; resetAt: number }>();

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    retryAfter(key) {
      const entry = live(key);
      if (!entry || entry.count < max) return 0;
      return Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
    },
    hit(key) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return;
      }
      if (entries.size >= PRUNE_AT) {
        const t = now();
        for (const [k, e] of entries) if (e.resetAt <= t) entries.delete(k);
      }
      entries.set(key, { count: 1, resetAt: now() + windowMs });
    },
    reset(key) {
      entries.delete(key);
    },
  };
}
