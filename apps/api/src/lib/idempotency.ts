import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { conflict } from './errors.js';
import type { Text } from './i18n.js';

/**
 * The one home of the Idempotency-Key mechanism (cart changes, order placement): a request sent with a key the
 * client used before answers what the first one did instead of acting twice, and a key sent again with a different
 * request is a 409 naming the header. Each module keeps its keys in its own table and says how to read and write
 * them (`KeyStore`); the rules of when to look and what a repeat means live here.
 */

/** What a keyed request asked, as a fingerprint: `canonical` is the request's meaningful fields in a fixed order. */
export const requestFingerprint = (canonical: unknown): string => createHash('sha256').update(JSON.stringify(canonical)).digest('hex');

/** A key as stored: the fingerprint of the request that first used it and what that request answered. */
export interface KeyRecord<R> {
  requestHash: string;
  result: R;
}

export interface KeyStore<R> {
  find(trx?: Transaction<Database>): Promise<KeyRecord<R> | undefined>;
  /** Stores the key with the result, in the transaction of the change it stands for (so both commit or neither). */
  remember(requestHash: string, result: R, trx: Transaction<Database>): Promise<void>;
}

export interface IdempotencyKey<R> {
  /** The first request's result when this key was seen before (committed); a different request with it is a 409. */
  seen(trx?: Transaction<Database>): Promise<{ result: R } | undefined>;
  /**
   * Inside the caller's transaction, after it took the lock that serialises the customer's changes: the first
   * request's result if the key is known, else runs `work` and stores the key with its result.
   */
  once(trx: Transaction<Database>, work: () => Promise<R>): Promise<{ result: R; replayed: boolean }>;
  /** After a failed commit: when another request stored the same key first (a unique violation), its result. */
  afterRace(err: unknown): Promise<{ result: R } | undefined>;
}

/** `reuseMessage` is what the customer is told when the key stood for a different request. */
export function idempotencyKey<R>(store: KeyStore<R>, requestHash: string, reuseMessage: Text): IdempotencyKey<R> {
  const sameRequest = (record: KeyRecord<R>): { result: R } => {
    if (record.requestHash !== requestHash) throw conflict(reuseMessage, 'idempotency-key');
    return { result: record.result };
  };
  const seen = async (trx?: Transaction<Database>) => {
    const record = await store.find(trx);
    return record && sameRequest(record);
  };
  return {
    seen,
    async once(trx, work) {
      const earlier = await seen(trx);
      if (earlier) return { result: earlier.result, replayed: true };
      const result = await work();
      await store.remember(requestHash, result, trx);
      return { result, replayed: false };
    },
    async afterRace(err) {
      return isUniqueViolation(err) ? seen() : undefined;
    },
  };
}
