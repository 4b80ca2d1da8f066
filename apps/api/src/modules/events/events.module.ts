import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { OrderService } from '../orders/orders.service.js';
import { createStreamRefuser, eventRoutes, refuseStreamsEarly, type StreamRefuser, type StreamSessions } from './events.routes.js';
import { createRefusalPace } from './refusal-pace.js';
import { createEventsService, createStreamCaps, type EventsServiceDeps, type EventsService, type StreamCaps } from './events.service.js';

/**
 * The events module's first half: the live streams' caps (per account and per address shared through Redis when
 * there is one, REDIS_URL, so a client cannot hold them once per process) and the hook that turns a flood of stream
 * attempts away from memory. app.ts registers it before the session plugin, so a refused attempt costs no session
 * lookup. Answers the caps for the second half, `eventsModule`, and the metrics.
 */
export function streamCapsModule(app: FastifyInstance, ctx: ModuleContext): { caps: StreamCaps; refuser: StreamRefuser } {
  const caps = createStreamCaps(ctx.config.streams, ctx.redis ? { redis: ctx.redis.client, log: app.log } : undefined);
  const refuser = createStreamRefuser(app.log, createRefusalPace(ctx.config.streams.refusalPace));
  // Held refusals are sent when the server drains or closes: a deploy never waits on a flooding client's turn.
  app.onDrain(() => refuser.flush());
  app.addHook('onClose', (_app, done) => {
    refuser.flush();
    caps.close();
    done();
  });
  refuseStreamsEarly(app, caps, refuser);
  return { caps, refuser };
}

/**
 * Live order steps (Server-Sent Events), the customers' order mails and pushes, and the staff's day at a glance.
 * Owns no table: it asks the orders module for steps (read from order_events, so every process sees every step) and
 * hears of new ones through `orders.onSteps`, and of ended sessions (whose streams end) through `sessions.onEnded`.
 * Answers its service.
 */
export async function eventsModule(
  app: FastifyInstance,
  ctx: ModuleContext & {
    orders: OrderService;
    push: EventsServiceDeps['push'];
    caps: StreamCaps;
    refuser: StreamRefuser;
    /** The auth module's sessions, two functions of them: a stream ends with the session it was opened with. */
    sessions: StreamSessions;
  },
): Promise<EventsService> {
  const events = createEventsService({
    orders: ctx.orders,
    mailer: ctx.mailer,
    translator: ctx.translator,
    push: ctx.push,
    publicUrl: ctx.config.publicUrl,
    settings: { shopTimeZone: ctx.config.orders.shopTimeZone },
    now: ctx.now,
    log: app.log,
  });
  ctx.orders.onSteps((orderId, steps) => void events.notifyOrderSteps(orderId, steps));
  app.addHook('onClose', (_app, done) => {
    events.close();
    done();
  });
  // One shared poller (the order feed) however many streams; the caps keep their number bounded.
  await app.register(eventRoutes, {
    prefix: API_PREFIX,
    events,
    caps: ctx.caps,
    refuser: ctx.refuser,
    sessions: ctx.sessions,
    heartbeatMs: ctx.config.streams.heartbeatMs,
  });
  return events;
}
