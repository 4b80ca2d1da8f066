import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { shopRoutes } from './shop.routes.js';
import { createShopService, type ShopService } from './shop.service.js';

/** Public shop settings (GET /shop): owns no table, only configuration. */
export async function shopModule(app: FastifyInstance, ctx: ModuleContext): Promise<ShopService> {
  const shop = createShopService({ orders: ctx.config.orders, chatUrl: ctx.config.chatUrl });
  await app.register(shopRoutes, { prefix: API_PREFIX, shop });
  return shop;
}
