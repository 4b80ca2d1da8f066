import type { PushDevice, PushSubscriptionInput } from '@coffee/contract';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import net from 'node:net';
import type WebPush from 'web-push';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createPushRepository, type PushTarget } from './push.repository.js';
import { guardedLookup, isAllowedAddress, isPushServiceEndpoint, PUSH_REFUSED, systemResolver, type Resolver } from './push-services.js';

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT (config.ts): who the shop is to the push services. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What a device shows: the service worker (apps/web/service-worker/sw.js) reads these fields. */
export interface PushMessage {
  title: string;
  body: string;
  /** The page tapping the notification opens (same origin). */
  url: string;
  /** A newer notification with the same tag replaces the older one on the device. */
  tag: string;
}

export interface PushServiceDeps {
  /** The module builds its own repository over it: only this module touches push_subscriptions. */
  db: Kysely<Database>;
  /** Null: the shop sends no push, and offers none. */
  vapid: VapidKeys | null;
  /**
   * Endpoints on this machine, plain http too (the tests' stand-in push service): PUSH_ALLOW_LOCAL_ENDPOINTS, never
   * in production. Otherwise only the listed push services (push-services.ts), at public addresses.
   */
  allowLocalEndpoints: boolean;
  /** How push service names become addresses at send time; tests stub it. Defaults to the system's resolver. */
  resolve?: Resolver;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How long one push service may take to answer. */
  timeoutMs?: number;
}

/** Seconds a push service keeps a message for a device that is off: an order step is stale after an hour. */
const TTL_SECONDS = 60 * 60;

/**
 * Push notifications of order steps, to every device a customer turned them on for. Any process may send: the
 * subscriptions are in the shared database, and the process that writes an order step sends its push (as it queues
 * its mail). A device the push service no longer knows (404, 410) is removed; any other failure is logged, never
 * the customer's problem.
 */
export function createPushService(deps: PushServiceDeps) {
  const { vapid, now, log } = deps;
  const repository = createPushRepository(deps.db);
  const inFlight = new Set<Promise<unknown>>();

  const lookup = guardedLookup(deps.resolve ?? systemResolver, deps.allowLocalEndpoints);

  function checkEndpoint(endpoint: string): void {
    if (!isPushServiceEndpoint(endpoint, deps.allowLocalEndpoints)) throw badRequest(PUSH_REFUSED, 'endpoint');
  }

  /** One POST to the push service, at an address checked as the connection is made (guardedLookup); its status. */
  function post(endpoint: string, headers: Record<string, string>, body: Buffer | null): Promise<number> {
    const url = new URL(endpoint);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    // An address written in the endpoint is never looked up: checked here instead.
    if (net.isIP(literal) && !isAllowedAddress(literal, deps.allowLocalEndpoints)) return Promise.reject(new Error(`${literal} is not a public address`));
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        url,
        { method: 'POST', headers, lookup, agent: false, signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000) },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  }

  async function sendOne(target: PushTarget, payload: string): Promise<'sent' | 'removed' | 'failed'> {
    if (!vapid) return 'failed';
    // A device added before the list of push services, or under other settings: never contacted.
    if (!isPushServiceEndpoint(target.endpoint, deps.allowLocalEndpoints)) {
      log.warn({ subscription: target.id }, 'a push subscription is not at a known push service: not sent');
      return 'failed';
    }
    // Required on the first notice (it is CommonJS), not at start: a shop that sends none never loads it.
    const webpush = createRequire(import.meta.url)('web-push') as typeof WebPush;
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
    });
    // Sent with a request of our own rather than web-push's: the same bytes and headers, with a timeout, no
    // redirects followed, and the address checked as the connection is made.
    const headers = Object.fromEntries(Object.entries(details.headers as Record<string, string | number>).map(([name, value]) => [name, String(value)]));
    try {
      const status = await post(details.endpoint, headers, details.body);
      if (status === 404 || status === 410) {
        await repository.remove(target.id);
        return 'removed';
      }
      if (status < 200 || status >= 300) {
        log.warn({ status, subscription: target.id }, 'a push service refused a notification');
        return 'failed';
      }
      await repository.markSent(target.id, now().toISOString());
      return 'sent';
    } catch (err) {
      log.warn({ err, subscription: target.id }, 'a push notification could not be delivered to its push service');
      return 'failed';
    }
  }

  return {
    /** The key browsers subscribe with; null when the shop sends no push (no VAPID keys). */
    publicKey(): string | null {
      return vapid?.publicKey ?? null;
    },

    async subscribe(userId: number, input: PushSubscriptionInput): Promise<PushDevice> {
      if (!vapid) throw notFound(/*i18n*/ 'This shop does not send notifications.');
      checkEndpoint(input.endpoint);
      return repository.upsert({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: input.device?.trim() || 'A browser',
        createdAt: now().toISOString(),
      });
    },

    listDevices(userId: number): Promise<PushDevice[]> {
      return repository.listForUser(userId);
    },

    async removeDevice(userId: number, id: number): Promise<void> {
      if (!(await repository.removeForUser(userId, id))) throw notFound(/*i18n*/ 'That device does not get your notifications.');
    },

    /** Sends `message` to every device of the customer, at once; resolves with what became of each. */
    async sendToUser(userId: number, message: PushMessage): Promise<{ sent: number; removed: number; failed: number }> {
      const counts = { sent: 0, removed: 0, failed: 0 };
      if (!vapid) return counts;
      const run = (async () => {
        const targets = await repository.targetsOf(userId);
        const payload = JSON.stringify(message);
        for (const result of await Promise.all(targets.map((t) => sendOne(t, payload)))) counts[result] += 1;
        return counts;
      })();
      inFlight.add(run);
      try {
        return await run;
      } finally {
        inFlight.delete(run);
      }
    },

    /** Resolves once every push being sent has its answer (the server closing). */
    async idle(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
