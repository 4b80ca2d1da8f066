import type { Transaction } from 'kysely';
import { SIZE_LABELS, type DeliveryMethod, type Order, type PlaceOrderInput } from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n.js';
import { idempotencyKey, requestFingerprint } from '../../lib/idempotency.js';
import { parseShopLocal } from '../../lib/shop-time.js';
import type { PricedCartLine } from '../cart/cart.service.js';
import { lineTotalIdr, summarize, toPriceSummary } from '../checkout/checkout.service.js';
import { mailWords } from '../../lib/customer-email.js';
import { buildOrderConfirmation } from './order-email.js';
import type { OrderEventRecord } from './order-steps.repository.js';
import type { OrderRecord, OrderRepository } from './orders.repository.js';
import type { OrderServiceDeps } from './order-service-deps.js';

export interface Customer {
  id: number;
  email: string;
}

export interface PlacedOrder {
  order: Order;
  /** False when the Idempotency-Key was seen before and this is the first order again. */
  created: boolean;
}

export type OrderPlacementDeps = Pick<
  OrderServiceDeps,
  'db' | 'settings' | 'now' | 'cart' | 'stores' | 'stock' | 'users' | 'payments' | 'promotions' | 'rewards' | 'mailer' | 'translator' | 'publicUrl' | 'log'
> & {
  orders: OrderRepository;
  asOrder: (record: OrderRecord) => Promise<Order>;
  /** The charge at the gateway, after the order committed (order-payments.ts); absent: no gateway. */
  usesGateway: (method: PlaceOrderInput['paymentMethod']) => boolean;
  /** The payment window of an online method, minutes; null for a way paid at hand-over or by staff. */
  paymentWindowMinutes: (method: PlaceOrderInput['paymentMethod']) => number | null;
  chargeOrder: (order: OrderRecord, email: string, method: PlaceOrderInput['paymentMethod'], options: { bank?: PlaceOrderInput['bank'] }) => Promise<void>;
  onOrderSteps: (orderId: number, steps: readonly OrderEventRecord[]) => void;
};

/** Fingerprint of a placement request, so one Idempotency-Key cannot stand for two different requests. */
const requestHash = (input: PlaceOrderInput): string =>
  requestFingerprint([
    input.paymentMethod,
    input.deliveryMethod ?? null,
    input.scheduledFor === undefined ? '(cart)' : input.scheduledFor,
    input.address ?? null,
    // Only when sent, so keys of requests made before stores existed keep their fingerprint.
    ...(input.storeId === undefined ? [] : [input.storeId]),
    ...(input.bank === undefined ? [] : [input.bank]),
    ...(input.rewardId === undefined ? [] : [`reward:${input.rewardId}`]),
  ]);

const emptyCart = () => conflict(/*i18n*/ 'Your cart is empty: add something before placing an order', 'cart');

/** The cart's lines as they can be ordered, or a 409 naming what stands in the way. */
function orderableLines(lines: readonly PricedCartLine[], settings: OrderSettings) {
  if (lines.length === 0) throw emptyCart();
  const blocked = lines.filter(({ check }) => !check.ok);
  if (blocked.length > 0) {
    const problems = blocked.map(({ check }): Text => (check.ok ? '' : check.text));
    const text = /*i18n*/ {
      id: '{problems}: remove {count, plural, one {it} other {them}} from your cart to order',
      values: { problems: { each: problems }, count: blocked.length },
    };
    throw conflict(text, 'cart', {
      productIds: blocked.map(({ record }) => record.productId),
    });
  }
  const itemCount = lines.reduce((n, l) => n + l.record.quantity, 0);
  const tooMany = lines.find((l) => l.record.quantity > settings.maxLineQuantity);
  if (tooMany) {
    const values = { limit: settings.maxLineQuantity, product: tooMany.record.product.name };
    throw conflict(/*i18n*/ { id: 'An order can have at most {limit} of {product}', values }, 'cart');
  }
  if (itemCount > settings.maxOrderItems) {
    throw conflict(/*i18n*/ { id: 'An order can have at most {limit} items; your cart has {count}', values: { limit: settings.maxOrderItems, count: itemCount } }, 'cart');
  }
  const priced = lines.map(({ record, check }) => {
    // Checked above: every line is orderable, so its price (options included) is known.
    const unitPriceIdr = check.ok ? check.unitPriceIdr : 0;
    return {
      productId: record.productId,
      name: record.product.name,
      sizeCode: record.sizeCode,
      sizeLabel: record.sizeCode ? SIZE_LABELS[record.sizeCode] : null,
      options: check.ok ? check.options : [],
      baristaNote: record.baristaNote,
      quantity: record.quantity,
      unitPriceIdr,
      lineTotalIdr: lineTotalIdr({ unitPriceIdr, quantity: record.quantity }),
    };
  });
  return { priced, itemCount };
}

/** The order mail in the customer's language (the profile's), queued after the commit. */
async function sendConfirmation(deps: OrderPlacementDeps, order: Order, customer: Customer): Promise<void> {
  try {
    const language = (await deps.users.customersOf([customer.id])).get(customer.id)?.language;
    const words = mailWords(deps.translator, language);
    deps.mailer.sendLater(buildOrderConfirmation(order, customer.email, { publicUrl: deps.publicUrl, timeZone: deps.settings.shopTimeZone, words }));
  } catch (err) {
    // The order is committed; a mail problem is logged for the shop, never turned into a failed order.
    deps.log.error({ err, orderId: order.id }, 'order confirmation could not be queued');
  }
}

/**
 * Refuses lines the order's store has run out of (set at the till since the customer opened the cart, or a store other
 * than the cart's), naming them and the store; the product ids go separately for a client to mark the lines.
 */
async function refuseSoldOutAt(deps: OrderPlacementDeps, storeId: number, lines: readonly { productId: number; name: string }[], trx: Transaction<Database>) {
  if (!deps.stock) return;
  const soldOut = await deps.stock.soldOutAmong(storeId, lines.map((l) => l.productId), trx);
  if (soldOut.size === 0) return;
  const names = [...new Set(lines.filter((l) => soldOut.has(l.productId)).map((l) => l.name))];
  const store = (await deps.stores.timeRulesOf(storeId, trx))?.name ?? 'this store';
  throw conflict(
    /*i18n*/ {
      id: '{names} {count, plural, one {is} other {are}} sold out at {store}: remove {count, plural, one {it} other {them}} from your cart or choose another store',
      values: { names: { and: names }, count: names.length, store },
    },
    'cart',
    { productIds: [...soldOut] },
  );
}

/**
 * The order's discount: the cart's coupon (judged on the day and method the customer gets the order) or the reward
 * the customer chose, never both (decision 032: the loyalty module refuses a reward beside a coupon).
 */
async function discountsFor(
  deps: OrderPlacementDeps,
  userId: number,
  rewardId: number | undefined,
  order: { lines: ReturnType<typeof orderableLines>['priced']; deliveryMethod: DeliveryMethod; scheduledFor: string },
  trx: Transaction<Database>,
) {
  const receivedAt = parseShopLocal(order.scheduledFor);
  const coupon =
    deps.promotions && receivedAt ? await deps.promotions.couponForOrder(userId, { lines: order.lines, deliveryMethod: order.deliveryMethod, at: receivedAt }, trx) : null;
  if (rewardId === undefined) return { coupon, reward: null };
  if (!deps.rewards) throw badRequest(/*i18n*/ 'This shop does not offer rewards: order without one', 'rewardId');
  const reward = await deps.rewards.rewardForOrder(userId, rewardId, { lines: order.lines, hasCoupon: coupon !== null }, trx);
  return { coupon, reward };
}

/** Placing an order from the customer's cart. */
export function createOrderPlacement(deps: OrderPlacementDeps) {
  const { db, orders, settings, now } = deps;

  /**
   * Places an order from the customer's cart in ONE transaction: the order, its lines (a snapshot of
   * name, size and today's price), the payment initiation, the Idempotency-Key and the emptied cart
   * commit together or not at all. The same key again returns the first order instead of a second.
   */
  async function placeOrder(customer: Customer, key: string, input: PlaceOrderInput): Promise<PlacedOrder> {
    const nowIso = now().toISOString();
    const keyed = idempotencyKey<number>(
      {
        find: async (trx) => {
          const seen = await orders.findIdempotencyKey(customer.id, key, trx);
          return seen && { requestHash: seen.requestHash, result: seen.orderId };
        },
        remember: (hash, orderId, trx) => orders.insertIdempotencyKey(customer.id, key, orderId, hash, nowIso, trx),
      },
      requestHash(input),
      'This Idempotency-Key was already used for a different order request; generate a new key for a new order',
    );
    const replay = async (orderId: number): Promise<PlacedOrder> => {
      const order = await orders.findOrder(orderId);
      if (!order || order.userId !== customer.id) throw new Error(`order ${orderId} of key ${key} is missing`);
      return { order: await deps.asOrder(order), created: false };
    };

    const seen = await keyed.seen();
    if (seen) return replay(seen.result);
    let outcome: { result: number; replayed: boolean };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        // Serialises placements for one customer: a double click with two keys waits here, then finds the cart empty.
        const cart = await deps.cart.takeForOrder(customer.id, trx);
        return keyed.once(trx, async () => {
          const { priced, itemCount } = orderableLines(cart.lines, settings);
          const deliveryMethod = input.deliveryMethod ?? cart.deliveryMethod;
          const requested = input.deliveryMethod ? (input.scheduledFor ?? null) : cart.scheduledFor;
          // The store's hours and pause, and a place in the slot: taken inside this transaction, so the slot's cap holds
          // against every concurrent placement and a refused order gives its place back by rolling back.
          const time = await deps.stores.reserveSlot({ storeId: input.storeId, method: deliveryMethod, requested }, trx);
          await refuseSoldOutAt(deps, time.storeId, priced, trx);

          let address: string | null = null;
          if (deliveryMethod === 'door-delivery') {
            address = input.address ?? ((await deps.users.deliveryAddressOf(customer.id, trx)).trim() || null);
            if (!address) throw badRequest(/*i18n*/ 'Door Delivery needs an address: enter one, or add it to your profile.', 'address');
          }
          const { coupon, reward } = await discountsFor(deps, customer.id, input.rewardId, { lines: priced, deliveryMethod, scheduledFor: time.scheduledFor }, trx);
          const summary = summarize(
            priced,
            deliveryMethod,
            settings,
            coupon ? { amountIdr: coupon.discountIdr, label: coupon.promotion.name } : reward && { amountIdr: reward.discountIdr, label: reward.label },
          );
          // The customer agreed to the total they saw: a menu price changed since is never charged without their word.
          if (input.expectedTotalIdr !== undefined && input.expectedTotalIdr !== summary.totalIdr) {
            throw conflict(
              /*i18n*/ {
                id: 'Prices changed since you opened your cart: the total is now {total}, not {expected}. Check the new figures and confirm again',
                values: { total: { idr: summary.totalIdr }, expected: { idr: input.expectedTotalIdr } },
              },
              'expectedTotalIdr',
              { summary: toPriceSummary(summary) },
            );
          }
          // A coupon that covers everything: nothing to charge, so the order is paid at once and goes to the kitchen.
          const free = summary.totalIdr === 0;
          const orderId = await orders.insertOrder(
            {
              userId: customer.id,
              status: free ? 'paid' : 'pending',
              ...(free ? { paidAt: nowIso } : {}),
              paymentMethod: input.paymentMethod,
              // Replaced below by what the payment provider says.
              paymentStatus: 'awaiting-payment',
              paymentInstructions: null,
              deliveryMethod,
              scheduledFor: time.scheduledFor,
              scheduledAt: time.scheduledAt,
              isAsap: time.isAsap,
              storeId: time.storeId,
              slotAt: time.slotAt,
              address,
              ...summary,
              couponName: summary.discountLabel,
              itemCount,
              placedAt: nowIso,
            },
            trx,
          );
          await orders.insertLines(orderId, priced, trx);
          if (coupon) await deps.promotions?.redeemCoupon(customer.id, coupon, orderId, trx);
          await reward?.spend(orderId);
          const payment = free
            ? { paymentStatus: 'paid' as const, instructions: null }
            : await deps.payments[input.paymentMethod].initiate({ id: orderId, totalIdr: summary.totalIdr, customerEmail: customer.email });
          // An online payment has a window (its slot place is held that long); the sweep ends it unpaid.
          const windowMinutes = deps.paymentWindowMinutes(input.paymentMethod);
          const dueAt = windowMinutes === null ? null : new Date(Date.parse(nowIso) + windowMinutes * 60_000).toISOString();
          await orders.setPayment(orderId, payment.paymentStatus, payment.instructions, trx, dueAt);
          // Paid at once (a coupon covered it all): a sale of this hour, in the report's summary from this transaction on.
          if (payment.paymentStatus === 'paid') await orders.recordSale(orderId, trx);
          await cart.clear();
          return orderId;
        });
      });
    } catch (err) {
      const winner = await keyed.afterRace(err);
      if (winner) return replay(winner.result);
      throw err;
    }
    if (outcome.replayed) return replay(outcome.result);

    let record = await orders.findOrder(outcome.result);
    if (!record) throw new Error(`order ${outcome.result} vanished after commit`);
    // The charge at the gateway, after the order committed (never a network call inside its transaction). A card
    // waits for the customer's card on the order page; a gateway that does not answer leaves the order waiting for
    // another try or another method (the order page says so).
    if (deps.usesGateway(input.paymentMethod) && input.paymentMethod !== 'card' && record.paymentStatus === 'awaiting-payment') {
      await deps.chargeOrder(record, customer.email, input.paymentMethod, { bank: input.bank });
      record = (await orders.findOrder(outcome.result)) ?? record;
    }
    const order = await deps.asOrder(record);
    await sendConfirmation(deps, order, customer);
    // The steps the placement committed (placed, and paid when the provider settled at once): metrics and the live feed.
    deps.onOrderSteps(record.id, record.history);
    if (record.paymentStatus === 'paid' && !record.history.some((step) => step.kind === 'paid')) {
      deps.onOrderSteps(record.id, [{ kind: 'paid', at: record.paidAt ?? record.placedAt, by: null }]);
    }
    return { order, created: true };
  }

  return { placeOrder };
}
