import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { pushRoutes } from './push.routes.js';
import { createPushService, type PushService } from './push.service.js';

/** Web push of order steps (VAPID_*; none without the keys): owns `push_subscriptions`; its door is the push service. */
export async function pushModule(app: FastifyInstance, ctx: ModuleContext): Promise<PushService> {
  const push = createPushService({
    db: ctx.db,
    vapid: ctx.config.vapid,
    allowLocalEndpoints: ctx.config.pushAllowLocalEndpoints,
    now: ctx.now,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await push.idle();
  });
  await app.register(pushRoutes, { prefix: API_PREFIX, push });
  return push;
}
