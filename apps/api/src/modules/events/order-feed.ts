import type { OrderService, OrderStepRecord } from '../orders/orders.service.js';

export type StepListener = (step: OrderStepRecord) => void;

export interface OrderFeed {
  /**
   * Calls `listener` for every step committed after this call resolves, in id order as far as commits allow. Resolves
   * with the id the feed streams after (every step up to it is in the database for a replay) and how to stop.
   */
  subscribe(listener: StepListener): Promise<{ after: number; unsubscribe: () => void }>;
  /** Look now rather than at the next tick (this process just committed a step). */
  nudge(): void;
  close(): void;
}

export interface OrderFeedOptions {
  /** The orders module's door, which owns order_events. */
  steps: Pick<OrderService, 'lastStepId' | 'listStepsAfter' | 'listStepsByIds'>;
  intervalMs?: number;
  /** How long an id skipped by the feed is looked for again (a PostgreSQL transaction committing late). */
  gapWaitMs?: number;
  log: { error(obj: object, msg: string): void };
}

const PAGE = 500;
/** Beyond this many missing ids at once something else is going on (ids burned by rollbacks): stop looking back. */
const MAX_GAPS = 1_000;

/**
 * The one reader of order_events in this process: while anyone listens it asks the database every `intervalMs` for
 * the steps after the last one seen and hands them to every listener. Reading the table, rather than passing
 * messages between processes, makes every process see every step whichever process wrote it, and a step is only
 * ever seen once its transaction has committed.
 *
 * On PostgreSQL ids are taken when rows are inserted, not when they commit, so a slower transaction can commit id 41
 * after id 42 was already read: ids skipped over are looked for again for `gapWaitMs` and delivered when they show up.
 */
export function createOrderFeed(options: OrderFeedOptions): OrderFeed {
  const { steps, log } = options;
  const intervalMs = options.intervalMs ?? 1_000;
  const gapWaitMs = options.gapWaitMs ?? 10_000;
  const listeners = new Set<StepListener>();
  /** Missing id -> when it was first missed. */
  const gaps = new Map<number, number>();
  let cursor = 0;
  let starting: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function deliver(step: OrderStepRecord) {
    for (const listener of listeners) {
      try {
        listener(step);
      } catch (err) {
        log.error({ err }, 'an order stream listener failed');
      }
    }
  }

  async function readOnce(): Promise<void> {
    const late = gaps.size > 0 ? await steps.listStepsByIds([...gaps.keys()]) : [];
    for (const step of late) {
      gaps.delete(step.eventId);
      deliver(step);
    }
    const fresh = await steps.listStepsAfter(cursor, { limit: PAGE });
    const seenAt = Date.now();
    for (const step of fresh) {
      if (step.eventId - cursor - 1 + gaps.size <= MAX_GAPS) {
        for (let id = cursor + 1; id < step.eventId; id += 1) gaps.set(id, seenAt);
      }
      cursor = step.eventId;
      deliver(step);
    }
    for (const [id, since] of gaps) if (seenAt - since > gapWaitMs) gaps.delete(id);
    if (fresh.length === PAGE) again = true;
  }

  function read() {
    if (running) {
      again = true;
      return;
    }
    running = readOnce()
      .catch((err: unknown) => log.error({ err }, 'order steps could not be read for the live streams'))
      .finally(() => {
        running = undefined;
        if (again && listeners.size > 0) {
          again = false;
          read();
        }
      });
  }

  function start(): Promise<void> {
    starting ??= (async () => {
      cursor = await steps.lastStepId();
      gaps.clear();
      timer = setInterval(read, intervalMs);
      // The feed never keeps the process alive on its own.
      timer.unref();
    })().catch((err: unknown) => {
      starting = undefined;
      throw err;
    });
    return starting;
  }

  function stop() {
    clearInterval(timer);
    timer = undefined;
    starting = undefined;
  }

  return {
    async subscribe(listener) {
      await start();
      listeners.add(listener);
      return {
        after: cursor,
        unsubscribe() {
          listeners.delete(listener);
          // Nobody listening: no reading. The next subscriber starts from the newest step again.
          if (listeners.size === 0) stop();
        },
      };
    },
    nudge() {
      if (listeners.size > 0) read();
    },
    close() {
      listeners.clear();
      stop();
    },
  };
}
