import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { CartService } from '../cart/cart.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import type { ProductService } from '../products/products.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { StoresDoor } from '../stores/stores.service.js';
import type { UserService } from '../users/users.service.js';
import { kitchenRoutes } from './kitchen.routes.js';
import { orderRoutes } from './orders.routes.js';
import { paymentNotificationRoutes } from './payment-notification.routes.js';
import { refundTransferRoutes } from './refund-transfer.routes.js';
import { createRefundTransfers } from './refund-transfers.js';
import { createOrderService, type OrderService, type RewardDoor } from './orders.service.js';

/**
 * Orders: owns `orders`, `order_lines`, `order_events` (the steps, written with each move) and
 * `order_idempotency_keys`, and `refund_accounts` (where a transfer refund goes); its door is the order service, which also tells listeners of committed steps.
 */
export async function ordersModule(
  app: FastifyInstance,
  ctx: ModuleContext & {
    users: UserService;
    products: ProductService;
    promotions: PromotionService;
    stores: StoresDoor;
    cart: CartService;
    payments: PaymentService;
    /** Rewards paid with points, from the loyalty module registered after this one (asked once orders are placed). */
    rewards?: RewardDoor | undefined;
  },
): Promise<OrderService> {
  const { config } = ctx;
  const orders = createOrderService({
    db: ctx.db,
    settings: config.orders,
    now: ctx.now,
    cart: ctx.cart,
    stores: ctx.stores,
    stock: ctx.stores.stock,
    users: ctx.users,
    products: ctx.products,
    payments: ctx.payments.providers,
    gateway: ctx.payments,
    promotions: ctx.promotions,
    rewards: ctx.rewards,
    mailer: ctx.mailer,
    translator: ctx.translator,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(orderRoutes, { prefix: API_PREFIX, orders });
  await app.register(kitchenRoutes, { prefix: API_PREFIX, orders });
  await app.register(refundTransferRoutes, { prefix: API_PREFIX, refunds: createRefundTransfers({ db: ctx.db, orders, now: ctx.now, log: app.log }) });
  await app.register(paymentNotificationRoutes, { prefix: API_PREFIX, orders, payments: ctx.payments });
  // The start-up check: a payment whose notification was lost (the process died before answering it) is asked for
  // again. In the background, so a slow gateway never holds the shop's start. Then the shop's own clock, every
  // MIDTRANS_SWEEP_MS: unpaid orders past their window are cancelled and open charges asked about (every process
  // runs it; each move is a compare-and-set, so two processes at once cancel an order once).
  if (config.midtrans) {
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      void orders
        .endOverduePayments()
        .then(() => orders.reconcileGatewayPayments('periodic'))
        .catch((err: unknown) => app.log.error({ err }, 'payment window sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, config.midtrans.sweepMs);
    sweep.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(sweep);
      done();
    });
    app.addHook('onReady', (done) => {
      void orders
        .reconcileGatewayPayments()
        .then(({ checked }) => {
          if (checked > 0) app.log.info({ checked }, 'checked the payments still open at the gateway');
        })
        .catch((err: unknown) => app.log.error({ err }, 'start-up payment check failed'));
      done();
    });
  }
  return orders;
}
