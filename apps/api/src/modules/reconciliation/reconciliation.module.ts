import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { StoreService } from '../stores/stores.service.js';
import { reconciliationRoutes } from './reconciliation.routes.js';
import { createReconciliationService } from './reconciliation.service.js';

/** The owner's reconciliation of the payment service's charges against the orders: owns no table, reads through doors. */
export async function reconciliationModule(app: FastifyInstance, ctx: ModuleContext & { stores: Pick<StoreService, 'placesOf'> }): Promise<void> {
  const reconciliation = createReconciliationService({ db: ctx.db, now: ctx.now, shopTimeZone: ctx.config.orders.shopTimeZone, stores: ctx.stores });
  await app.register(reconciliationRoutes, { prefix: API_PREFIX, reconciliation });
}
