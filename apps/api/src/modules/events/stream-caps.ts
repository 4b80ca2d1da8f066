/**
 * How many live streams (Server-Sent Events) this process holds open: per signed-in user, per client address and
 * in all. A stream holds a socket (a file descriptor) and some memory for as long as the page stays open, so
 * without caps one client opening thousands of them uses up the process's descriptors and every other visitor's
 * connection is refused. Counted in this process's memory: each process of a shop keeps its own caps (the total is
 * what one process can hold; several processes hold that many each).
 */
export interface StreamCapSettings {
  perUser: number;
  perAddress: number;
  total: number;
}

export type StreamRefusal = 'user' | 'address' | 'total';

export interface StreamCaps {
  /** A place for one more stream, and how to give it back (idempotent); or which cap refused it. */
  take(userId: number, address: string): { ok: true; release: () => void } | { ok: false; refusedBy: StreamRefusal };
  /** Streams open now. */
  open(): number;
  /** Refusals so far, by cap (for the metrics). */
  refusals(): Record<StreamRefusal, number>;
}

export function createStreamCaps(settings: StreamCapSettings): StreamCaps {
  const byUser = new Map<number, number>();
  const byAddress = new Map<string, number>();
  const refused: Record<StreamRefusal, number> = { user: 0, address: 0, total: 0 };
  let total = 0;

  const add = <K>(map: Map<K, number>, key: K, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    // Emptied keys go, so the maps never grow with clients that have left.
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };

  return {
    take(userId, address) {
      let refusedBy: StreamRefusal | null = null;
      if ((byUser.get(userId) ?? 0) >= settings.perUser) refusedBy = 'user';
      else if ((byAddress.get(address) ?? 0) >= settings.perAddress) refusedBy = 'address';
      else if (total >= settings.total) refusedBy = 'total';
      if (refusedBy) {
        refused[refusedBy] += 1;
        return { ok: false, refusedBy };
      }
      add(byUser, userId, 1);
      add(byAddress, address, 1);
      total += 1;
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          add(byUser, userId, -1);
          add(byAddress, address, -1);
          total -= 1;
        },
      };
    },
    open: () => total,
    refusals: () => ({ ...refused }),
  };
}
