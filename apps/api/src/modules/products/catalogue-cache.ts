import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from '../../lib/redis.js';

/**
 * In-process caching of catalogue answers.
 *
 * Why: the product list is the busiest endpoint (every tab of /products, the home page, the search box) and the
 * catalogue changes only when staff edit the menu. Answering from memory keeps the list endpoint well above
 * 15,000 requests/s on two cores, where a database round trip plus response validation per request does not.
 *
 * Why it is correct: the product repository's write functions bump the catalogue version after their
 * transaction commits, which drops every cached answer; no other code writes products. With one process that
 * version lives in its memory (`catalogueVersionOf`). With several processes over one PostgreSQL (REDIS_URL set),
 * a bump is also published on Redis and every other process bumps its own version when the message arrives
 * (`broadcastCatalogueVersion`): the hot path still reads a local number, never Redis. Changing products by hand
 * in the database is not seen by any cache until the next write or restart.
 */

/** The version of the catalogue that cached answers belong to: a bump drops them all. */
export interface CatalogueVersion {
  current: () => number;
  /**
   * Call after a committed write to products or their sizes, never inside the transaction. This process's answers
   * are dropped at once; when other processes are told, the promise resolves (await it before answering the
   * write, so a client that reads from another process next sees the change).
   */
  bump: () => void | Promise<void>;
}

/** Versions per database handle, so every repository and service over the same database shares one. */
const versions = new WeakMap<object, CatalogueVersion>();

/** This process's version of the catalogue stored in `db`. */
export function catalogueVersionOf(db: object): CatalogueVersion {
  let version = versions.get(db);
  if (!version) {
    let value = 0;
    version = {
      current: () => value,
      bump: () => {
        value += 1;
      },
    };
    versions.set(db, version);
  }
  return version;
}

/** The Redis channel (under REDIS_KEY_PREFIX) on which every process announces its catalogue writes. */
export const CATALOGUE_CHANNEL = 'catalogue-changed';
/** A write is answered after at most this wait for Redis: the local cache is already dropped either way. */
const PUBLISH_WAIT_MS = 1_000;

/**
 * The catalogue version of `db` shared by every process on the same Redis, and made this process's
 * `catalogueVersionOf(db)` so every repository over `db` (the seed included) announces its writes.
 *
 * A message lost while the subscription was down is covered twice: while it is down, `current()` moves on at
 * every call, so nothing is answered from the cache (every request reads the database: slower, never stale);
 * once it is back, the version is bumped, dropping answers cached before.
 */
export async function broadcastCatalogueVersion(
  db: object,
  redis: RedisLink,
  log: FastifyBaseLogger,
): Promise<CatalogueVersion> {
  const self = randomUUID();
  const channel = redis.channel(CATALOGUE_CHANNEL);
  let value = 0;
  let subscribed = false;
  await redis.subscribe(CATALOGUE_CHANNEL, {
    onMessage(sender) {
      // Our own announcement echoed back: the local bump already happened.
      if (sender !== self) value += 1;
    },
    onSubscribed() {
      subscribed = true;
      value += 1;
    },
    onUnsubscribed() {
      subscribed = false;
    },
  });

  const version: CatalogueVersion = {
    current: () => (subscribed ? value : ++value),
    async bump() {
      value += 1;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          redis.client.publish(channel, self),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('Redis did not answer PUBLISH in time')), PUBLISH_WAIT_MS);
          }),
        ]);
      } catch (err) {
        // The write is committed and must not fail now. Redis being unreachable here means the other processes'
        // subscriptions are most likely down as well, and they bypass their caches until they are back.
        log.warn(
          { err: { message: err instanceof Error ? err.message : String(err) } },
          'catalogue change not announced on Redis',
        );
      } finally {
        clearTimeout(timer);
      }
    },
  };
  versions.set(db, version);
  return version;
}

/** A bound on what the cached answers weigh (items of a list, say), beside the bound on their number. */
export interface AnswerWeight<V> {
  /** The weight of a loaded answer, at least 1. */
  of: (value: V) => number;
  /** Most weight kept; the least recently used answers go first past it. */
  max: number;
}

/**
 * A bounded map of answers (least recently used goes first, `lru-cache`) that empties itself when the catalogue
 * version moves on. It holds promises, so concurrent identical requests on a cold cache share one database query.
 * With `weight`, an answer counts 1 while it loads and its weight once loaded, so a few whole-menu pages cannot
 * hold as much memory as hundreds of small ones. Answers are shared between requests: callers must treat them as
 * read-only.
 */
export class AnswerCache<V> {
  private readonly entries: LRUCache<string, Promise<V>>;
  /** Lookups answered from the cache, and ones that had to load (the metrics' hit rate). */
  hits = 0;
  misses = 0;
  private version: number;

  /** Keys asked once (`keptOnSecondAsk`), and answers loading for keys not kept yet: asked twice at once, loaded once. */
  private readonly askedOnce: LRUCache<string, true>;
  private readonly loadingOnce = new Map<string, Promise<V>>();

  constructor(
    maxEntries: number,
    private readonly currentVersion: () => number,
    private readonly weight?: AnswerWeight<V>,
    /**
     * Keys whose answer is kept only from their second ask (a search text: most are asked once, ever). A first
     * answer kept would live long enough to be moved to V8's old generation, whose collections are the long pauses
     * a run of never-asked searches otherwise meets; not kept, it dies young, where collecting it is cheap.
     */
    private readonly keptOnSecondAsk: (key: string) => boolean = () => false,
  ) {
    this.entries = new LRUCache<string, Promise<V>>(
      weight ? { max: maxEntries, maxSize: weight.max, sizeCalculation: () => 1 } : { max: maxEntries },
    );
    this.askedOnce = new LRUCache<string, true>({ max: maxEntries * 4 });
    this.version = currentVersion();
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const version = this.currentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.askedOnce.clear();
      this.loadingOnce.clear();
      this.version = version;
    }
    const hit = this.entries.get(key) ?? this.loadingOnce.get(key);
    if (hit) {
      this.hits += 1;
      return hit;
    }
    this.misses += 1;
    if (this.keptOnSecondAsk(key) && !this.askedOnce.has(key)) {
      this.askedOnce.set(key, true);
      const once = load();
      this.loadingOnce.set(key, once);
      const settled = () => {
        if (this.loadingOnce.get(key) === once) this.loadingOnce.delete(key);
      };
      once.then(settled, settled);
      return once;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.then(
      (value) => {
        const weigh = this.weight;
        if (weigh && this.entries.peek(key) === loading) {
          // lru-cache keeps the size of a key set again to the same value: take it out and put it back weighed.
          this.entries.delete(key);
          this.entries.set(key, loading, { size: Math.min(weigh.max, Math.max(1, weigh.of(value))) });
        }
      },
      // A failed load is not an answer: forget it so the next request tries again.
      () => {
        if (this.entries.peek(key) === loading) this.entries.delete(key);
      },
    );
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The weight of the answers kept (their number without a `weight`). */
  get weightKept(): number {
    return this.weight ? this.entries.calculatedSize : this.entries.size;
  }
}
