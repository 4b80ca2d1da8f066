import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { hashToken } from '../../lib/tokens.js';

/**
 * How many live streams (Server-Sent Events) are open per signed-in user, per client address and in this process.
 * A stream holds a socket (a file descriptor) and some memory for as long as the page stays open, so without caps
 * one client opening thousands of them uses up the descriptors and every other visitor's connection is refused.
 *
 * The per-user and per-address counts are the shop's, not one process's: with Redis (REDIS_URL) every process
 * counts them in one place, so a client cannot hold the caps once per process. Each stream there is a lease that
 * its process renews on a heartbeat; a process that crashes stops renewing and its places come free once their
 * leases run out, never held for ever. Without Redis (one process) they are counted in memory. The total is always
 * this process's: it is about this process's descriptors.
 */
export interface StreamCapSettings {
  perUser: number;
  perAddress: number;
  total: number;
}

export type StreamRefusal = 'user' | 'address' | 'total';

export type StreamPlace = { ok: true; release: () => void } | { ok: false; refusedBy: StreamRefusal };

export interface StreamCaps {
  /**
   * A place for one more stream, and how to give it back (idempotent); or which cap refused it. `credential` (the
   * session token the stream came with) lets `refusesEarly` know its account while the stream is open.
   */
  take(userId: number, address: string, credential?: string): Promise<StreamPlace>;
  /**
   * Which cap already refuses this attempt in this process, read from memory without any I/O: the address's, the
   * total, or the account's when this process holds streams opened with the same credential. A flood from one
   * account or one address is turned away before its session is looked up. Null: ask `take`.
   */
  refusesEarly(address: string, credential: string | undefined): StreamRefusal | null;
  /** Streams open in this process now. */
  open(): number;
  /** Refusals so far in this process, by cap (for the metrics). */
  refusals(): Record<StreamRefusal, number>;
  /** Stops the heartbeat (the app closing): the places still held run out with their leases. */
  close(): void;
}

export interface SharedCounts {
  /** The commands connection (lib/redis.ts); its key prefix goes before every key. */
  redis: Redis;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How long a place lives without a heartbeat (a crashed process's places come free after this). */
  leaseMs?: number;
  /** How often this process renews the leases of its open streams. */
  heartbeatMs?: number;
}

const LEASE_MS = 45_000;
const HEARTBEAT_MS = 15_000;

/**
 * One sorted set per user and per address: a member per open stream, scored by when its lease runs out (Redis's
 * own clock, so processes on machines with different clocks agree). Expired leases go first, then both counts are
 * checked and both places taken in one script, so two processes taking at once can never both get the last place.
 * Answers 0 (taken), 1 (user cap) or 2 (address cap).
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
local expires = now + tonumber(ARGV[4])
redis.call('ZADD', KEYS[1], expires, ARGV[1])
redis.call('ZADD', KEYS[2], expires, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 0`;

/** Renews one stream's lease in both sets (a stream still open is counted, even after a stall let it run out). */
const RENEW = `
local t = redis.call('TIME')
local expires = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], expires, ARGV[1])
redis.call('ZADD', KEYS[2], expires, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 0`;

interface CommandsWithScripts {
  streamCapTake(userKey: string, addressKey: string, member: string, perUser: number, perAddress: number, leaseMs: number): Promise<number>;
  streamCapRenew(userKey: string, addressKey: string, member: string, leaseMs: number): Promise<number>;
}

/** This process's own counts of its streams, and what it refuses or holds by them alone. */
function createLocalCounts(settings: StreamCapSettings) {
  // This process's own counts: the total cap, the metrics, a refusal without I/O when this process alone is already
  // over a cap, and the caps themselves while Redis cannot be reached.
  const byUser = new Map<number, number>();
  const byAddress = new Map<string, number>();
  /** The hash of each credential this process holds streams for: its account and how many streams. */
  const byCredential = new Map<string, { userId: number; streams: number }>();
  const refused: Record<StreamRefusal, number> = { user: 0, address: 0, total: 0 };
  let total = 0;

  const add = <K>(map: Map<K, number>, key: K, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    // Emptied keys go, so the maps never grow with clients that have left.
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };

  const localRefusal = (userId: number, address: string): StreamRefusal | null => {
    if ((byUser.get(userId) ?? 0) >= settings.perUser) return 'user';
    if ((byAddress.get(address) ?? 0) >= settings.perAddress) return 'address';
    if (total >= settings.total) return 'total';
    return null;
  };

  const refuse = (refusedBy: StreamRefusal): StreamPlace => {
    refused[refusedBy] += 1;
    return { ok: false, refusedBy };
  };

  /** Counts the place here; `giveBack` also gives back its shared place. */
  const hold = (userId: number, address: string, credential: string | undefined, giveBack?: () => void): StreamPlace => {
    add(byUser, userId, 1);
    add(byAddress, address, 1);
    total += 1;
    const credentialKey = credential === undefined ? undefined : hashToken(credential);
    if (credentialKey !== undefined) {
      const known = byCredential.get(credentialKey) ?? { userId, streams: 0 };
      known.streams += 1;
      byCredential.set(credentialKey, known);
    }
    let released = false;
    return {
      ok: true,
      release() {
        if (released) return;
        released = true;
        add(byUser, userId, -1);
        add(byAddress, address, -1);
        total -= 1;
        const known = credentialKey === undefined ? undefined : byCredential.get(credentialKey);
        if (known && (known.streams -= 1) <= 0) byCredential.delete(credentialKey!);
        giveBack?.();
      },
    };
  };

  const local: Omit<StreamCaps, 'take' | 'close'> = {
    refusesEarly(address, credential) {
      let refusal: StreamRefusal | null = null;
      const known = credential !== undefined && byCredential.size > 0 ? byCredential.get(hashToken(credential)) : undefined;
      if (known && (byUser.get(known.userId) ?? 0) >= settings.perUser) refusal = 'user';
      else if ((byAddress.get(address) ?? 0) >= settings.perAddress) refusal = 'address';
      else if (total >= settings.total) refusal = 'total';
      if (refusal) refused[refusal] += 1;
      return refusal;
    },
    open: () => total,
    refusals: () => ({ ...refused }),
  };

  return { localRefusal, refuse, hold, local };
}

type LocalCounts = ReturnType<typeof createLocalCounts>;

export function createStreamCaps(settings: StreamCapSettings, shared?: SharedCounts): StreamCaps {
  const counts = createLocalCounts(settings);
  const { local, localRefusal, refuse, hold } = counts;
  if (!shared) {
    return {
      ...local,
      take(userId, address, credential) {
        const refusal = localRefusal(userId, address);
        return Promise.resolve(refusal ? refuse(refusal) : hold(userId, address, credential));
      },
      close() {},
    };
  }

  return createSharedStreamCaps(settings, shared, counts);
}

/** The caps shared through Redis, with this process's own counts standing in while Redis is away. */
function createSharedStreamCaps(settings: StreamCapSettings, shared: SharedCounts, { local, localRefusal, refuse, hold }: LocalCounts): StreamCaps {
  const { log } = shared;
  const redis = shared.redis as Redis & CommandsWithScripts;
  if (typeof redis.streamCapTake !== 'function') {
    redis.defineCommand('streamCapTake', { numberOfKeys: 2, lua: TAKE });
    redis.defineCommand('streamCapRenew', { numberOfKeys: 2, lua: RENEW });
  }
  const leaseMs = shared.leaseMs ?? LEASE_MS;
  const processId = randomBytes(6).toString('hex');
  let sequence = 0;
  /** This process's places in Redis, renewed on every heartbeat. */
  const leases = new Map<string, { userKey: string; addressKey: string }>();
  let unreachable = false;
  let closed = false;

  const sharedFailed = (err: unknown) => {
    if (unreachable || closed) return;
    unreachable = true;
    log.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'live stream caps cannot reach Redis: each process counts its own until it is back',
    );
  };
  const sharedWorked = () => {
    if (!unreachable) return;
    unreachable = false;
    log.info({}, 'live stream caps are shared through Redis again');
  };

  const heartbeat = setInterval(() => {
    if (leases.size === 0) return;
    const pipeline = redis.pipeline() as unknown as ReturnType<Redis['pipeline']> & {
      streamCapRenew(userKey: string, addressKey: string, member: string, leaseMs: number): unknown;
    };
    for (const [member, keys] of leases) pipeline.streamCapRenew(keys.userKey, keys.addressKey, member, leaseMs);
    pipeline.exec().then(sharedWorked, sharedFailed);
  }, shared.heartbeatMs ?? HEARTBEAT_MS);
  // The heartbeat never keeps the process alive on its own.
  heartbeat.unref();

  return {
    ...local,
    async take(userId, address, credential) {
      // This process alone already over a cap: refused without asking Redis (its count is at least ours).
      const refusal = localRefusal(userId, address);
      if (refusal) return refuse(refusal);
      const member = `${processId}:${(sequence += 1)}`;
      const keys = { userKey: `streams:user:${userId}`, addressKey: `streams:address:${address}` };
      let answer: number;
      try {
        answer = await redis.streamCapTake(keys.userKey, keys.addressKey, member, settings.perUser, settings.perAddress, leaseMs);
        sharedWorked();
      } catch (err) {
        // Live updates are not worth refusing while Redis is away: the process's own counts stand in for a while.
        sharedFailed(err);
        return hold(userId, address, credential);
      }
      if (answer === 1) return refuse('user');
      if (answer === 2) return refuse('address');
      // Counted again here: another stream of this process may have taken the last local place meanwhile.
      const late = localRefusal(userId, address);
      if (late) {
        void redis.zrem(keys.userKey, member).catch(() => undefined);
        void redis.zrem(keys.addressKey, member).catch(() => undefined);
        return refuse(late);
      }
      leases.set(member, keys);
      return hold(userId, address, credential, () => {
        leases.delete(member);
        // Not awaited: a place Redis does not hear about runs out with its lease.
        redis
          .multi()
          .zrem(keys.userKey, member)
          .zrem(keys.addressKey, member)
          .exec()
          .then(sharedWorked, sharedFailed);
      });
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
    },
  };
}
