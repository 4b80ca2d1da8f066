import type { Kysely } from 'kysely';
import type { OrderSettings } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../lib/mail.js';
import { createCartService } from '../modules/cart/cart.service.js';
import { createOptionService } from '../modules/options/options.service.js';
import { createOrderService, type OrderServiceDeps } from '../modules/orders/orders.service.js';
import { createPaymentProviders } from '../modules/payments/payments.service.js';
import { createProductService } from '../modules/products/products.service.js';
import { createPromotionService } from '../modules/promotions/promotions.service.js';
import { createStoreService } from '../modules/stores/stores.service.js';
import { createUserService } from '../modules/users/users.service.js';
import { ENGLISH_ONLY } from '../lib/customer-email.js';

export interface DoorSettings {
  orders: OrderSettings;
  memberCardThresholdIdr: number;
  uploadsDir: string;
}

/**
 * The modules' doors over one database, wired as app.ts wires them but without routes: for service tests that call
 * a module directly. `orders` overrides parts of the order service's deps (a payment provider that fails...).
 */
export function createDoors(
  db: Kysely<Database>,
  settings: DoorSettings,
  now: () => Date,
  options: { mailer?: Pick<Mailer, 'sendLater'>; orders?: Partial<OrderServiceDeps> } = {},
) {
  const users = createUserService({ db, uploadsDir: settings.uploadsDir, now });
  const optionGroups = createOptionService({ db, now });
  const products = createProductService({ db, optionGroups });
  const stores = createStoreService({ db, settings: settings.orders, now });
  const promotions = createPromotionService({
    db,
    products,
    users,
    deliveredOrders: (userId, trx) => orders.deliveredOrders(userId, trx),
    settings: { shopTimeZone: settings.orders.shopTimeZone, memberCardThresholdIdr: settings.memberCardThresholdIdr },
    now,
  });
  const cart = createCartService({ db, settings: settings.orders, now, products, promotions, stores });
  const orders = createOrderService({
    db,
    settings: settings.orders,
    now,
    cart,
    stores,
    users,
    products,
    promotions,
    payments: createPaymentProviders({ bankAccount: settings.orders.bankAccount }),
    mailer: options.mailer ?? { sendLater: () => undefined },
    translator: ENGLISH_ONLY,
    publicUrl: 'http://localhost:3000',
    log: { error: () => undefined },
    ...options.orders,
  });
  return { users, options: optionGroups, products, stores, promotions, cart, orders };
}
