import type { Kysely, Transaction } from 'kysely';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Translator } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mail.js';
import type { CartService } from '../cart/cart.service.js';
import type { PaymentProviders, PaymentService } from '../payments/payments.service.js';
import type { ProductService } from '../products/products.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { StoreService, StoreStock } from '../stores/stores.service.js';
import type { UserService } from '../users/users.service.js';
import type { OrderEventRecord } from './order-steps.repository.js';
import type { OrderRepository } from './orders.repository.js';

/** What the orders service is built from: its database, settings and the other modules' doors it uses. */
export interface OrderServiceDeps {
  /** The module builds its own repositories over it: only this module touches orders, order_lines, order_events and order_idempotency_keys. */
  db: Kysely<Database>;
  settings: OrderSettings;
  now: () => Date;
  /** The cart module's door: placing an order takes the customer's cart in the order's own transaction; "order again" fills it. */
  cart: Pick<CartService, 'takeForOrder' | 'addLinesBestEffort'>;
  /** The store's hours, pause and slot capacity (placing an order takes a place in its slot), and its name for answers. */
  stores: Pick<StoreService, 'reserveSlot' | 'releaseSlot' | 'placesOf' | 'timeRulesOf'>;
  /** What each store has sold out: an order refuses a product its store has run out of; absent: only the products' own flag. */
  stock?: Pick<StoreStock, 'soldOutAmong'> | undefined;
  /** The customers as their orders show them, and their saved delivery address. */
  users: Pick<UserService, 'customersOf' | 'deliveryAddressOf'>;
  /** The pictures of the ordered products as they are now. */
  products: Pick<ProductService, 'pictureAddresses'>;
  payments: PaymentProviders;
  /** The payment gateway's charges, notices and refunds (payments module); absent or without a gateway: manual payments only. */
  gateway?: PaymentService | undefined;
  /** The cart's coupon, judged again and spent in the order's transaction, and given back on a cancel; absent: orders without coupons. */
  promotions?: Pick<PromotionService, 'couponForOrder' | 'redeemCoupon' | 'returnCoupon'> | undefined;
  /** Rewards paid with points (the loyalty module, registered after this one); absent: orders without rewards. */
  rewards?: RewardDoor | undefined;
  mailer: Pick<Mailer, 'sendLater'>;
  /** The confirmation is written in the customer's language. */
  translator: Translator;
  /** For the link in the confirmation email. */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  /**
   * Called once an order's steps are committed (never for a rolled-back move): live streams and order mails.
   * Must not throw; absent: nobody is told.
   */
  onOrderSteps?: ((orderId: number, steps: readonly OrderEventRecord[]) => void) | undefined;
  /** Tests of this module: a repository of their own. */
  orderRepository?: OrderRepository | undefined;
}

/**
 * The loyalty module's door at placing (decision 032), inside the order's transaction: the reward judged on the
 * order's lines (refused with a coupon), and `spend`, which takes its points once the order has its number.
 */
export interface RewardDoor {
  rewardForOrder(
    userId: number,
    rewardId: number,
    order: { lines: readonly { productId: number; unitPriceIdr: number; quantity: number; options: readonly { name: string; priceDeltaIdr: number }[] }[]; hasCoupon: boolean },
    trx: Transaction<Database>,
  ): Promise<{ discountIdr: number; label: string; spend: (orderId: number) => Promise<void> }>;
}
