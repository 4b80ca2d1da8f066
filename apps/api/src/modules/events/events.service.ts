import { toShopLocal, type OrderEventKind, type OrderStreamEvent, type SlotCount, type StaffDayStats, type StoreDayStats } from '@coffee/contract';
import { mailWords } from '../../lib/customer-email.js';
import type { Translator } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mail.js';
import type { OrderService, OrderStepRecord } from '../orders/orders.service.js';
import { buildOrderStepEmail, notifiedStep } from './order-notification-email.js';
import { buildOrderStepPush, type OrderStepPush } from './order-notification-push.js';
import { createOrderFeed, type OrderFeed } from './order-feed.js';

export { createStreamCaps, type StreamCaps, type StreamCapSettings } from './stream-caps.js';

/** What the events module asks of orders: their steps (order_events is the orders module's), mail targets, a day's orders. */
export type OrderSteps = Pick<OrderService, 'listStepsAfter' | 'listStepsByIds' | 'lastStepId' | 'notificationTarget' | 'dayOrders'>;

export interface EventsServiceDeps {
  /** The orders module's door. */
  orders: OrderSteps;
  /** The live feed; default: one reading the orders' steps every second (closed by `close()`). */
  feed?: OrderFeed | undefined;
  mailer: Pick<Mailer, 'sendLater'>;
  /** The mails and pushes are written in each customer's language. */
  translator: Translator;
  /** For the link in the mails. */
  publicUrl: string;
  /** The customer's devices that asked to be told (modules/push's service); absent: no push. */
  push?: { sendToUser(userId: number, message: OrderStepPush): Promise<unknown> };
  settings: { shopTimeZone: string };
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}

/** Whose orders a stream shows: one customer's, or (staff) every order. */
export type StreamViewer = { userId: number } | 'staff';

export interface OpenedStream {
  /** The id a reconnect without anything newer resumes after. */
  startId: number;
  close(): void;
}

/** Steps a reconnecting client is sent at most; a client further behind reloads its lists anyway. */
const MAX_REPLAY = 2_000;
const REPLAY_PAGE = 500;

const toStreamEvent = (s: OrderStepRecord): OrderStreamEvent => ({
  eventId: s.eventId,
  orderId: s.orderId,
  kind: s.kind,
  status: s.status,
  at: s.at,
});

export function createEventsService(deps: EventsServiceDeps) {
  const { orders } = deps;
  const feed = deps.feed ?? createOrderFeed({ steps: orders, log: deps.log });

  const visibleTo = (viewer: StreamViewer) => (step: OrderStepRecord) =>
    viewer === 'staff' || (step.userId === viewer.userId && !step.hiddenByCustomer);

  return {
    /**
     * Sends `viewer` every step after `after` (from the database), then every new one as it commits. Listening
     * starts before the database is read, so a step committed in between is neither lost nor sent twice.
     */
    async openStream(viewer: StreamViewer, after: number | undefined, send: (event: OrderStreamEvent) => void): Promise<OpenedStream> {
      const visible = visibleTo(viewer);
      let buffered: OrderStepRecord[] | null = [];
      const { after: liveAfter, unsubscribe } = await feed.subscribe((step) => {
        if (!visible(step)) return;
        if (buffered) buffered.push(step);
        else send(toStreamEvent(step));
      });
      try {
        const sent = new Set<number>();
        if (after !== undefined && after < liveAfter) {
          let cursor = after;
          while (sent.size < MAX_REPLAY) {
            const page = await orders.listStepsAfter(cursor, {
              ...(viewer === 'staff' ? {} : { userId: viewer.userId }),
              limit: REPLAY_PAGE,
            });
            for (const step of page) {
              sent.add(step.eventId);
              send(toStreamEvent(step));
              cursor = step.eventId;
            }
            if (page.length < REPLAY_PAGE) break;
          }
        }
        const waiting: OrderStepRecord[] = buffered;
        buffered = null;
        for (const step of waiting) if (!sent.has(step.eventId)) send(toStreamEvent(step));
      } catch (err) {
        unsubscribe();
        throw err;
      }
      return { startId: Math.max(after ?? 0, liveAfter), close: unsubscribe };
    },

    /**
     * After an order's steps committed (called by the orders service): the live streams look at once, and the
     * customer gets a mail for a step that calls for one, unless they turned order mails off, and a push on every
     * device they asked to be told on.
     */
    async notifyOrderSteps(orderId: number, steps: readonly { kind: OrderEventKind; by: 'customer' | 'staff' | null }[]): Promise<void> {
      feed.nudge();
      const notified = steps.map(notifiedStep).filter((s) => s !== null);
      if (notified.length === 0) return;
      try {
        const target = await orders.notificationTarget(orderId);
        if (!target) return;
        // An order that cost nothing was paid by no one: no receipt for it.
        const mails = notified.filter((s) => s !== 'payment-received' || target.totalIdr > 0);
        // The customer's language, whatever the language of the staff member who moved the order.
        const words = mailWords(deps.translator, target.language);
        if (target.orderEmails) {
          for (const step of mails) deps.mailer.sendLater(buildOrderStepEmail(step, target, { publicUrl: deps.publicUrl, words }));
        }
        // The push goes with the mail, from this process (the one that wrote the step), whatever the mail setting:
        // the customer asked for it on the device. Not awaited: a slow push service never holds the staff's answer.
        for (const step of mails) {
          void deps.push?.sendToUser(target.userId, buildOrderStepPush(step, target, words)).catch((err: unknown) => {
            deps.log.error({ err, orderId }, 'order push notification could not be sent');
          });
        }
      } catch (err) {
        // The step is committed; a mail that cannot be prepared is the shop's problem to see in the log.
        deps.log.error({ err, orderId }, 'order notification could not be queued');
      }
    },

    /** One shop day at a glance: orders, sales and the busiest hours, in all and per store. */
    async dayStats(date: string | undefined): Promise<StaffDayStats> {
      const day = date ?? toShopLocal(deps.now(), deps.settings.shopTimeZone).text.slice(0, 10);
      const rows = await orders.dayOrders(day);
      const counted = rows.filter((r) => r.status !== 'cancelled');
      const perHour = new Map<string, number>();
      const perStore = new Map<number | null, StoreDayStats>();
      for (const r of counted) {
        const hour = `${r.scheduledFor.slice(11, 13)}:00`;
        perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
        const store = perStore.get(r.storeId) ?? { storeId: r.storeId, storeName: r.storeName ?? 'No store', orders: 0, salesIdr: 0 };
        store.orders += 1;
        store.salesIdr += r.totalIdr;
        perStore.set(r.storeId, store);
      }
      const slots: SlotCount[] = [...perHour].map(([time, orders]) => ({ time, orders })).sort((a, b) => a.time.localeCompare(b.time));
      return {
        date: day,
        orders: counted.length,
        cancelled: rows.length - counted.length,
        salesIdr: counted.reduce((sum, r) => sum + r.totalIdr, 0),
        slots,
        busiestSlots: [...slots].sort((a, b) => b.orders - a.orders || a.time.localeCompare(b.time)).slice(0, 3),
        stores: [...perStore.values()].sort((a, b) => b.orders - a.orders || a.storeName.localeCompare(b.storeName)),
      };
    },

    /** Stops the feed's reading (the app closing). */
    close(): void {
      feed.close();
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
