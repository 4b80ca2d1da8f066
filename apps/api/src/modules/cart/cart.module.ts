import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { ProductService } from '../products/products.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { StoresDoor } from '../stores/stores.service.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService, type CartService } from './cart.service.js';

/** The server-side cart: owns `carts`, `cart_items` and `cart_idempotency_keys`; its door is the cart service. */
export async function cartModule(
  app: FastifyInstance,
  ctx: ModuleContext & { products: ProductService; promotions: PromotionService; stores: StoresDoor },
): Promise<CartService> {
  const { products, promotions, stores } = ctx;
  const cart = createCartService({ db: ctx.db, settings: ctx.config.orders, now: ctx.now, products, promotions, stores, stock: stores.stock });
  await app.register(cartRoutes, { prefix: API_PREFIX, cart });
  return cart;
}
