import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';
import type { Text } from '../lib/i18n.js';

/**
 * Where the counts live. Default: this process's memory, which is right for one server process; give an
 * ioredis client (or any @fastify/rate-limit store) so that several processes share one count.
 */
export interface RateLimitStoreOptions {
  redis?: Redis | undefined;
  store?: FastifyRateLimitStoreCtor;
}

const NAME_SPACE = 'coffee-shop-rate-limit-';

/**
 * While Redis cannot be reached, the limited routes (sign-in, sign-up, password reset) answer 503 rather than run
 * without a limit: the limits stand between a password guesser and the accounts, and a per-process fallback
 * would multiply them by the number of processes. Browsing, the cart and orders never touch Redis.
 */
export const LIMITS_UNAVAILABLE =
  /*i18n*/ 'Signing in and account changes are paused for a moment on our side. Please try again in a minute.';

function unavailable(): AppError {
  return new AppError(503, LIMITS_UNAVAILABLE, undefined, { 'Retry-After': '30' });
}

/**
 * One count per key in Redis, through the plugin's documented store interface: a Lua script increments the key and
 * starts its window on the first hit, so processes never race on a key. (The plugin's built-in Redis store is
 * reached only through its `redis` setting, which would let a Redis failure through as a 500.)
 */
const COUNT = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = redis.call('PTTL', KEYS[1]) end
return {current, ttl}`;
const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** The store interface plus `read` (counting nothing), which the plugin calls for `{ increment: false }`. */
interface ReadingStore extends FastifyRateLimitStore {
  read: FastifyRateLimitStore['incr'];
}

function redisStore(redis: Redis, prefix: string): ReadingStore {
  // A failure becomes the 503 above, never a 500 carrying Redis's message.
  const run = (script: string, key: string, args: (string | number)[], callback: Callback) => {
    redis.eval(script, 1, prefix + key, ...args).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        callback(null, { current, ttl });
      },
      () => callback(unavailable()),
    );
  };
  return {
    incr: (key, callback, timeWindow) => run(COUNT, key, [timeWindow], callback),
    read: (key, callback) => run(READ, key, [], callback),
    // A route's counts live under its method and path; counters made with createRateLimit belong to no route
    // (their keys already start with the counter's name).
    child: (routeOptions) => {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      return redisStore(redis, `${prefix}${routeInfo?.method ?? ''}${routeInfo?.url ?? ''}-`);
    },
  };
}

function redisStoreCtor(redis: Redis): FastifyRateLimitStoreCtor {
  return class {
    constructor() {
      return redisStore(redis, NAME_SPACE);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** @fastify/rate-limit with no global limit: only the routes and counters below are limited. */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitStoreOptions = {}): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    // Per counter, as many live keys (addresses, emails) as the old hand-written limiter kept, so a flood of
    // made-up emails cannot push a real account's count out of memory.
    cache: 10_000,
    nameSpace: NAME_SPACE,
    ...(options.redis ? { store: redisStoreCtor(options.redis) } : {}),
    ...(options.store ? { store: options.store } : {}),
  });
}

/** The 429 every limit answers: what was counted and when to come back, plus Retry-After. */
export function tooManyAttempts(what: Text, seconds: number): AppError {
  const wait = Math.max(1, seconds);
  // What was counted is a part of the sentence, translated with it.
  const counted = typeof what === 'string' ? { id: what } : what;
  return new AppError(
    429,
    wait < 90
      ? /*i18n*/ { id: 'Too many {what}. Try again in {wait} seconds.', values: { what: counted, wait } }
      : /*i18n*/ { id: 'Too many {what}. Try again in {minutes} minutes.', values: { what: counted, minutes: Math.ceil(wait / 60) } },
    undefined,
    { 'Retry-After': String(wait) },
  );
}

export interface LimitSettings {
  /** Shown in the 429 message: "Too many <what>. Try again in 3 minutes." (marked /*i18n*\/ where it is written). */
  what: Text;
  max: number;
  windowMs: number;
}

/** Route config (`config: { rateLimit }`): every request to the route counts, per client address. */
export function perAddressRouteLimit({ what, max, windowMs }: LimitSettings): RateLimitOptions {
  return {
    max,
    timeWindow: windowMs,
    errorResponseBuilder: (_request, context) => tooManyAttempts(what, Math.ceil(context.ttl / 1000)),
  };
}

/** A counter the route drives itself, for keys that are not the request's address (an email). */
export interface AttemptLimit {
  /** Counts one attempt under `key`; a 429 once the key is over its limit. */
  hit(request: FastifyRequest, key: string): Promise<void>;
  /** A 429 when `key` is already at its limit, counting nothing: for limits that count only failures. */
  check(request: FastifyRequest, key: string): Promise<void>;
  /** Counts one attempt and says whether it was within the limit, never refusing (e.g. "one notice per window"). */
  take(request: FastifyRequest, key: string): Promise<boolean>;
}

const KEY = Symbol('rate-limit key');
type KeyedRequest = FastifyRequest & { [KEY]: string };

/**
 * `name` keeps counters apart: the plugin's limiters made with createRateLimit share one key space in a
 * shared store (Redis), so the name prefixes every key.
 */
export function createAttemptLimit(app: FastifyInstance, name: string, { what, max, windowMs }: LimitSettings): AttemptLimit {
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${(request as KeyedRequest)[KEY]}`,
  });
  // The plugin derives the key from the request; a child object of the request carries the key chosen here.
  const run = (request: FastifyRequest, key: string, increment: boolean) =>
    limiter(Object.create(request, { [KEY]: { value: key } }) as KeyedRequest, { increment });

  return {
    async hit(request, key) {
      const result = await run(request, key, true);
      if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(what, result.ttlInSeconds);
    },
    async check(request, key) {
      const result = await run(request, key, false);
      if (!result.isAllowed && result.remaining === 0 && result.ttl > 0) throw tooManyAttempts(what, result.ttlInSeconds);
    },
    async take(request, key) {
      const result = await run(request, key, true);
      return result.isAllowed || !result.isExceeded;
    },
  };
}

/** An AttemptLimit whose count for a key can start afresh (e.g. after the account's owner proved the password). */
export interface ForgettingLimit extends AttemptLimit {
  forget(request: FastifyRequest, key: string): Promise<void>;
}

/**
 * The plugin's stores cannot delete a key, so forgetting moves the key on instead: it carries how many times
 * it was forgotten in the window (that number is itself a count in the same store, so it is shared the same
 * way). Only `forget` moves it, so a count can never be dodged by someone who cannot do what `forget` needs.
 */
export function createForgettingLimit(app: FastifyInstance, name: string, settings: LimitSettings): ForgettingLimit {
  const attempts = createAttemptLimit(app, name, settings);
  const forgotten = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: settings.windowMs,
    keyGenerator: (request) => `${name}-forgotten:${(request as KeyedRequest)[KEY]}`,
  });
  const countForgotten = async (request: FastifyRequest, key: string, increment: boolean) => {
    const result = await forgotten(Object.create(request, { [KEY]: { value: key } }) as KeyedRequest, { increment });
    return result.isAllowed ? 0 : result.max - result.remaining;
  };
  const current = async (request: FastifyRequest, key: string) => `${key}#${await countForgotten(request, key, false)}`;

  return {
    hit: async (request, key) => attempts.hit(request, await current(request, key)),
    check: async (request, key) => attempts.check(request, await current(request, key)),
    take: async (request, key) => attempts.take(request, await current(request, key)),
    async forget(request, key) {
      await countForgotten(request, key, true);
    },
  };
}
