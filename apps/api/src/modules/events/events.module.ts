import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { OrderService } from '../orders/orders.service.js';
import { eventRoutes } from './events.routes.js';
import { createEventsService, type EventsService } from './events.service.js';

/**
 * Live order steps (Server-Sent Events), the customers' order mails and the staff's day at a glance. Owns no
 * table: it asks the orders module for steps (read from order_events, so every process sees every step).
 */
export async function eventsModule(app: FastifyInstance, ctx: ModuleContext & { orders: OrderService }): Promise<EventsService> {
  const events = createEventsService({
    orders: ctx.orders,
    mailer: ctx.mailer,
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
  await app.register(eventRoutes, { prefix: API_PREFIX, events });
  return events;
}
