import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { promotionRoutes } from './promotions.routes.js';
import { createPromotionService, type PromotionService } from './promotions.service.js';

/** Coupons and member cards: owns `promotions`, `cart_coupons`, `promotion_redemptions` and `member_cards`. */
export async function promotionsModule(app: FastifyInstance, ctx: ModuleContext): Promise<PromotionService> {
  const promotions = createPromotionService({
    db: ctx.db,
    settings: { shopTimeZone: ctx.config.orders.shopTimeZone, memberCardThresholdIdr: ctx.config.memberCardThresholdIdr },
    now: ctx.now,
  });
  await app.register(promotionRoutes, { prefix: API_PREFIX, promotions });
  return promotions;
}
