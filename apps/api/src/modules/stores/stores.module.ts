import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { CatalogueVersion, ProductService } from '../products/products.service.js';
import { createStoreStock } from './store-stock.js';
import { storeStockRoutes } from './store-stock.routes.js';
import { storeRoutes } from './stores.routes.js';
import { createStoreService, type StoresDoor } from './stores.service.js';

/** Stores, their hours and rush control, their slots, and what each has sold out: owns `stores`, `slot_counters` and `store_sold_out`. */
export async function storesModule(
  app: FastifyInstance,
  ctx: ModuleContext & { catalogueVersion: CatalogueVersion; products: Pick<ProductService, 'productFacts'> },
): Promise<StoresDoor> {
  const stores = createStoreService({ db: ctx.db, settings: ctx.config.orders, now: ctx.now });
  const stock = createStoreStock({
    db: ctx.db,
    now: ctx.now,
    catalogueVersion: ctx.catalogueVersion,
    findStore: (rawId) => stores.getStore(rawId),
    products: ctx.products,
  });
  await app.register(storeRoutes, { prefix: API_PREFIX, stores });
  await app.register(storeStockRoutes, { prefix: API_PREFIX, stock });
  return { ...stores, stock };
}
