import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The Redis that several shop processes share (REDIS_URL): one connection for commands (rate-limit counts,
 * publishing catalogue changes, readiness) and one for subscriptions, since a subscribed connection can run no
 * other command.
 */
export interface RedisLink {
  /** Commands fail at once while Redis is unreachable (no offline queue): a request must not hang on it. */
  client: Redis;
  /** Put before every key (by ioredis) and every channel (by `channel`), so shops can share one Redis. */
  keyPrefix: string;
  channel(name: string): string;
  /**
   * Calls `onMessage` for every message on `channel`, and `onSubscribed` each time the subscription is (again) in
   * place: after a lost connection, messages sent meanwhile are gone, so the caller must assume it missed some.
   * `onUnsubscribed` runs when the connection drops.
   */
  subscribe(channel: string, handlers: SubscriptionHandlers): Promise<void>;
  /** Resolves when Redis answers a PING in time (a readiness check: a bound function, passed around as is). */
  ping: () => Promise<void>;
  /** Where outages and recoveries are logged (the app's logger exists only after the link). */
  logTo(log: FastifyBaseLogger): void;
  close(): Promise<void>;
}

export interface SubscriptionHandlers {
  onMessage(message: string): void;
  onSubscribed(): void;
  onUnsubscribed(): void;
}

export interface RedisSettings {
  url: string;
  keyPrefix: string;
}

export class RedisUnavailableError extends Error {}

/** How long a command may wait for Redis before the request that needs it is answered 503. */
const COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect attempts back off to one every two seconds, for ever: Redis coming back heals every process. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2_000);

/** Connects both connections; rejects (and so stops start-up) when Redis cannot be reached now. */
export async function connectRedis(settings: RedisSettings): Promise<RedisLink> {
  const client = new Redis(settings.url, {
    keyPrefix: settings.keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy,
  });
  // The subscriber re-subscribes itself below (autoResubscribe off) so it knows when the subscription is back.
  const subscriber = new Redis(settings.url, {
    lazyConnect: true,
    autoResubscribe: false,
    maxRetriesPerRequest: null,
    retryStrategy,
  });
  const where = redactedUrl(settings.url);
  let closing = false;
  let log: FastifyBaseLogger | undefined;
  // ioredis emits 'error' for every failed reconnect: log one line per outage, not one per attempt.
  for (const [name, connection] of [['commands', client], ['subscriber', subscriber]] as const) {
    let down = false;
    connection.on('error', (err: Error) => {
      if (down || closing) return;
      down = true;
      log?.warn({ err: { message: err.message }, redis: where, connection: name }, 'Redis unreachable; retrying');
    });
    connection.on('ready', () => {
      if (down) log?.info({ redis: where, connection: name }, 'Redis reachable again');
      down = false;
    });
  }

  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (err) {
    client.disconnect();
    subscriber.disconnect();
    throw new RedisUnavailableError(
      `Redis at ${where} (REDIS_URL) is unreachable: ${err instanceof Error ? err.message : String(err)}`,
    );
  }

  const channel = (name: string) => `${settings.keyPrefix}${name}`;
  return {
    client,
    keyPrefix: settings.keyPrefix,
    channel,
    async subscribe(name, handlers) {
      const full = channel(name);
      subscriber.on('message', (from: string, message: string) => {
        if (from === full) handlers.onMessage(message);
      });
      subscriber.on('close', () => {
        if (!closing) handlers.onUnsubscribed();
      });
      const resubscribe = async () => {
        try {
          await subscriber.subscribe(full);
          handlers.onSubscribed();
        } catch (err) {
          // The connection dropped again before the answer: the next 'ready' tries again.
          log?.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'Redis subscribe failed');
        }
      };
      // 'ready' follows every reconnection; the first subscription is made here, not by the listener.
      subscriber.on('ready', () => void resubscribe());
      await subscriber.subscribe(full);
      handlers.onSubscribed();
    },
    ping: async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.ping(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('Redis did not answer PING in time')), COMMAND_TIMEOUT_MS);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    logTo(logger) {
      log = logger;
    },
    async close() {
      closing = true;
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

/** REDIS_URL may hold a password: logs and start-up errors must not. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
