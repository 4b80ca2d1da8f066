/**
 * In-process caching of catalogue answers.
 *
 * Why: the product list is the busiest endpoint (every tab of /products, the home page, the search box) and the
 * catalogue changes only when staff edit the menu. Answering from memory keeps the list endpoint well above
 * 15,000 requests/s on two cores, where a database round trip plus response validation per request does not.
 *
 * Why it is correct: in this deployment ONE Node process owns the database and makes every catalogue write
 * (the embedded SQLite file cannot even be shared; with PostgreSQL we still run a single API process). Every
 * write path calls noteCatalogueChanged() after its transaction commits, which bumps this process's version
 * of that database's catalogue and so drops every cached answer. Running several API processes against one
 * PostgreSQL, or changing products by hand in the database, would serve stale menus: that change needs a shared
 * version (a row bumped in the write transaction, or LISTEN/NOTIFY) before it ships.
 */

/** Catalogue versions per database handle: every service and loader over the same database shares one. */
const versions = new WeakMap<object, number>();

export function catalogueVersion(db: object): number {
  return versions.get(db) ?? 0;
}

/** Call after a committed write to products or their sizes, never inside the transaction. */
export function noteCatalogueChanged(db: object): void {
  versions.set(db, catalogueVersion(db) + 1);
}

/**
 * A bounded map of answers (least recently used goes first) that empties itself when the catalogue version
 * moves on. It holds promises, so concurrent identical requests on a cold cache share one database query.
 * Answers are shared between requests: callers must treat them as read-only.
 */
export class AnswerCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  /** The most recently used key: a hit on it needs no re-insertion (the common case, a hot answer). */
  private newest: string | undefined;
  private version: number;

  constructor(
    private readonly maxEntries: number,
    private readonly currentVersion: () => number,
  ) {
    this.version = currentVersion();
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const version = this.currentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.newest = undefined;
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert so Map order doubles as recency order (already last when it is the newest).
      if (key !== this.newest) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        this.newest = key;
      }
      return hit;
    }
    const loading = load();
    this.entries.set(key, loading);
    this.newest = key;
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    // A failed load is not an answer: forget it so the next request tries again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }
}
