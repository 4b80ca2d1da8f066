import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { storeRoutes } from './stores.routes.js';
import { createStoreService, type StoreService } from './stores.service.js';

/** Stores, their hours and rush control, and their slots: owns `stores` and `slot_counters`. */
export async function storesModule(app: FastifyInstance, ctx: ModuleContext): Promise<StoreService> {
  const stores = createStoreService({ db: ctx.db, settings: ctx.config.orders, now: ctx.now });
  await app.register(storeRoutes, { prefix: API_PREFIX, stores });
  return stores;
}
