/**
 * Paces the 429s of refused live-stream attempts, per client address. A client that keeps opening streams over its
 * caps is answered at most `perSecond` times a second (after a first `burst` answered at once), the rest held until
 * their turn, like a proxy's request queue with a rate.
 *
 * Why: a refusal is cheap for the shop (no session lookup, no database), but a client that is answered at once comes
 * straight back. On a machine whose cores the shop shares, the flooding client's own work (a connection, a request
 * and an answer each time, thousands a second) is what slows every other visitor. Held answers make a client with
 * 50 attempts in flight wait `50 / perSecond` seconds for each (a second at the default pace), so it can make at most
 * `perSecond` attempts a second however hard it tries, and the shop and the machine stay free for the others.
 *
 * Bounded: at most `maxPendingPerAddress` held for one address and `maxPending` in all (each holds a connection, a
 * descriptor and a few kilobytes); beyond that a refusal is answered at once, as before pacing. The longest wait is
 * therefore `maxPendingPerAddress / perSecond` seconds. A browser meets this only after its account or network
 * already holds every stream it may, and EventSource does not retry a 429 by itself.
 */
export interface RefusalPaceSettings {
  /** Refusals answered per second for one address once its burst is spent. */
  perSecond: number;
  /** Refusals answered at once for an address that has not been refused lately. */
  burst: number;
  maxPendingPerAddress: number;
  maxPending: number;
}

export interface RefusalPace {
  /**
   * Runs `answer` now, or once this address's turn comes. One whose client has `gone` meanwhile is answered (the
   * request still has to finish) without using up a turn.
   */
  schedule(address: string, answer: () => void, gone?: () => boolean): void;
  /** Answers held now. */
  pending(): number;
  /** Answers everything held at once (the server draining or closing) and paces nothing from then on. */
  flush(): void;
}

/** How often held answers are let go: each tick answers as many as the rate has earned since the last. */
const TICK_MS = 10;
/** Tenths of a token summed tick after tick fall a hair short of one in floating point. */
const WHOLE = 1 - 1e-9;

interface AddressState {
  /** Answers the address may get at once; refills at `perSecond` up to `burst`. */
  tokens: number;
  /** When `tokens` was last brought up to date (performance.now()). */
  at: number;
  held: { answer: () => void; gone: (() => boolean) | undefined }[];
}

export function createRefusalPace(settings: RefusalPaceSettings, now: () => number = () => performance.now()): RefusalPace {
  const { perSecond, burst, maxPendingPerAddress, maxPending } = settings;
  const addresses = new Map<string, AddressState>();
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushed = false;

  const refill = (state: AddressState, t: number) => {
    state.tokens = Math.min(burst, state.tokens + ((t - state.at) * perSecond) / 1000);
    state.at = t;
  };

  const tick = () => {
    const t = now();
    for (const [address, state] of addresses) {
      refill(state, t);
      while (state.held.length > 0 && state.tokens >= WHOLE) {
        const next = state.held.shift()!;
        pending -= 1;
        if (!next.gone?.()) state.tokens -= 1;
        next.answer();
      }
      // Forgotten once nothing is held and its burst is whole again: an address refused long ago starts afresh.
      if (state.held.length === 0 && state.tokens >= burst - 1 + WHOLE) addresses.delete(address);
    }
    if (addresses.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    schedule(address, answer, gone) {
      if (flushed) {
        answer();
        return;
      }
      const t = now();
      let state = addresses.get(address);
      if (state === undefined) {
        state = { tokens: burst, at: t, held: [] };
        addresses.set(address, state);
      } else {
        refill(state, t);
      }
      timer ??= setInterval(tick, TICK_MS);
      if (state.held.length === 0 && state.tokens >= WHOLE) {
        state.tokens -= 1;
        answer();
      } else if (state.held.length < maxPendingPerAddress && pending < maxPending) {
        state.held.push({ answer, gone });
        pending += 1;
      } else {
        answer();
      }
    },
    pending: () => pending,
    flush() {
      flushed = true;
      clearInterval(timer);
      timer = undefined;
      const held = [...addresses.values()].flatMap((state) => state.held);
      addresses.clear();
      pending = 0;
      for (const { answer } of held) answer();
    },
  };
}
