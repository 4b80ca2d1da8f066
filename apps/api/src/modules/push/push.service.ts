import type { PushDevice, PushSubscriptionInput } from '@coffee/contract';
import { createRequire } from 'node:module';
import type WebPush from 'web-push';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createPushRepository, type PushTarget } from './push.repository.js';


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
   * Plain-http endpoints on this machine (a test's stand-in for the push service): outside production only. Browsers
   * always give https endpoints, and the shop never posts to an address of its own network in production.
   */
  allowLocalEndpoints: boolean;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How long one push service may take to answer. */
  timeoutMs?: number;
}

const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
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

  function checkEndpoint(endpoint: string): void {
    const url = new URL(endpoint);
    const local = LOCAL_HOST.test(url.hostname);
    const ok = url.protocol === 'https:' ? !local || deps.allowLocalEndpoints : url.protocol === 'http:' && local && deps.allowLocalEndpoints;
    if (!ok) throw badRequest('must be the https address of a push service, as the browser gave it', 'endpoint');
  }

  async function sendOne(target: PushTarget, payload: string): Promise<'sent' | 'removed' | 'failed'> {
    if (!vapid) return 'failed';
    // Required on the first notice (it is CommonJS), not at start: a shop that sends none never loads it.
    const webpush = createRequire(import.meta.url)('web-push') as typeof WebPush;
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
    });
    // Sent with fetch rather than web-push's own https request: the same bytes and headers, with a timeout, and the
    // tests' stand-in push service may be plain http on this machine (checkEndpoint decides what is allowed).
    const headers = Object.fromEntries(
      Object.entries(details.headers as Record<string, string | number>)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404 || response.status === 410) {
        await repository.remove(target.id);
        return 'removed';
      }
      if (!response.ok) {
        log.warn({ status: response.status, subscription: target.id }, 'a push service refused a notification');
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
      if (!vapid) throw notFound('This shop does not send notifications.');
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
      if (!(await repository.removeForUser(userId, id))) throw notFound('That device does not get your notifications.');
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
