import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { PaymentService } from '../payments/payments.service.js';
import { shopRoutes } from './shop.routes.js';
import { createShopService, type ShopService } from './shop.service.js';

/** Public shop settings (GET /shop): owns no table, only configuration, and how customers can pay. */
export async function shopModule(app: FastifyInstance, ctx: ModuleContext & { payments: PaymentService }): Promise<ShopService> {
  const { payments } = ctx;
  const shop = createShopService({
    orders: ctx.config.orders,
    chatUrl: ctx.config.chatUrl,
    payments: { gateway: payments.gatewayName, methods: payments.checkoutMethods(), clientKey: payments.clientKey, apiUrl: payments.apiUrl },
  });
  await app.register(shopRoutes, { prefix: API_PREFIX, shop });
  return shop;
}
