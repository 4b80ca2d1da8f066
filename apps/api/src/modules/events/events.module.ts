import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { OrderService } from '../orders/orders.service.js';
import { eventRoutes } from './events.routes.js';
import { createEventsService, createStreamCaps, type EventsServiceDeps, type EventsService, type StreamCaps } from './events.service.js';

/**
 * Live order steps (Server-Sent Events), the customers' order mails and pushes, and the staff's day at a glance.
 * Owns no table: it asks the orders module for steps (read from order_events, so every process sees every step) and
 * hears of new ones through `orders.onSteps`. Answers its service and the streams' caps (for the metrics).
 */
export async function eventsModule(
  app: FastifyInstance,
  ctx: ModuleContext & { orders: OrderService; push: EventsServiceDeps['push'] },
): Promise<{ events: EventsService; caps: StreamCaps }> {
  const events = createEventsService({
    orders: ctx.orders,
    mailer: ctx.mailer,
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
  // Per user and per address shared by every process through Redis when there is one (REDIS_URL), so a client
  // cannot hold the caps once per process.
  const caps = createStreamCaps(ctx.config.streams, ctx.redis ? { redis: ctx.redis.client, log: app.log } : undefined);
  app.addHook('onClose', (_app, done) => {
    caps.close();
    done();
  });
  await app.register(eventRoutes, { prefix: API_PREFIX, events, caps });
  return { events, caps };
}
