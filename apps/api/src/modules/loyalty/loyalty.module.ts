import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { CartService } from '../cart/cart.service.js';
import type { OrderService } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';
import type { UserService } from '../users/users.service.js';
import { loyaltyRoutes } from './loyalty.routes.js';
import { createLoyaltyService, type LoyaltyService } from './loyalty.service.js';

/**
 * Points and rewards: owns `loyalty_settings`, `loyalty_accounts`, `loyalty_entries` and `loyalty_rewards`. It hears
 * of payments, cancels and refunds through the orders module's committed steps, and the orders module spends
 * rewards through this door (handed to it by app.ts, since this module comes after it).
 */
export async function loyaltyModule(
  app: FastifyInstance,
  ctx: ModuleContext & { orders: OrderService; products: ProductService; users: UserService; cart: CartService },
): Promise<LoyaltyService> {
  const loyalty = createLoyaltyService({
    db: ctx.db,
    now: ctx.now,
    products: ctx.products,
    users: ctx.users,
    cart: ctx.cart,
    pricing: ctx.config.orders,
    orderFacts: (orderId) => ctx.orders.loyaltyFactsOf(orderId),
    paidSpendSince: ctx.orders.paidSpendSince,
    log: app.log,
  });
  ctx.orders.onSteps((orderId, steps) => loyalty.onOrderSteps(orderId, steps));
  app.addHook('onClose', async () => loyalty.settled());
  await app.register(loyaltyRoutes, { prefix: API_PREFIX, loyalty });
  return loyalty;
}
