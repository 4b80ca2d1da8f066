import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { CartService } from '../cart/cart.service.js';
import { createPaymentProviders } from '../payments/payments.service.js';
import type { ProductService } from '../products/products.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { StoreService } from '../stores/stores.service.js';
import type { UserService } from '../users/users.service.js';
import { orderRoutes } from './orders.routes.js';
import { createOrderService, type OrderService } from './orders.service.js';

/**
 * Orders: owns `orders`, `order_lines`, `order_events` (the steps, written with each move) and
 * `order_idempotency_keys`; its door is the order service, which also tells listeners of committed steps.
 */
export async function ordersModule(
  app: FastifyInstance,
  ctx: ModuleContext & { users: UserService; products: ProductService; promotions: PromotionService; stores: StoreService; cart: CartService },
): Promise<OrderService> {
  const { config } = ctx;
  const orders = createOrderService({
    db: ctx.db,
    settings: config.orders,
    now: ctx.now,
    cart: ctx.cart,
    stores: ctx.stores,
    users: ctx.users,
    products: ctx.products,
    payments: createPaymentProviders({ bankAccount: config.orders.bankAccount }),
    promotions: ctx.promotions,
    mailer: ctx.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(orderRoutes, { prefix: API_PREFIX, orders });
  return orders;
}
