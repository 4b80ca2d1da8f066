import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { ProductService } from '../products/products.service.js';
import type { UserService } from '../users/users.service.js';
import { promotionRoutes } from './promotions.routes.js';
import { createPromotionService, type PromotionServiceDeps, type PromotionService } from './promotions.service.js';

/** Coupons and member cards: owns `promotions`, `cart_coupons`, `promotion_redemptions` and `member_cards`. */
export async function promotionsModule(
  app: FastifyInstance,
  ctx: ModuleContext & { products: ProductService; users: UserService; deliveredOrders: PromotionServiceDeps['deliveredOrders'] },
): Promise<PromotionService> {
  const promotions = createPromotionService({
    db: ctx.db,
    products: ctx.products,
    users: ctx.users,
    deliveredOrders: ctx.deliveredOrders,
    settings: { shopTimeZone: ctx.config.orders.shopTimeZone, memberCardThresholdIdr: ctx.config.memberCardThresholdIdr },
    now: ctx.now,
  });
  await app.register(promotionRoutes, { prefix: API_PREFIX, promotions });
  return promotions;
}
