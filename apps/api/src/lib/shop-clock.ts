/**
 * A clock that starts at a chosen instant and then moves with real time, for browser tests that need the shop at a
 * given hour (Sunday 08:00) without waiting for it. Only ever built when NODE_ENV=test (config.ts refuses SHOP_CLOCK
 * otherwise), so a real shop's hours, coupons and sessions always run on the real time.
 */
export interface ShopClock {
  now: () => Date;
  /** Moves the clock to `at`; it keeps running from there. */
  set: (at: Date) => void;
}

export function createShopClock(start: Date, realNow: () => number = Date.now): ShopClock {
  let offsetMs = start.getTime() - realNow();
  return {
    now: () => new Date(realNow() + offsetMs),
    set(at: Date) {
      offsetMs = at.getTime() - realNow();
    },
  };
}
