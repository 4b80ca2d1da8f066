import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ORDER_STATUS_LABELS,
  SIZE_LABELS,
  formatIdr,
  rupiahToPriceUnits,
  toShopLocal,
  type ListOrdersQuery,
  type ListStaffOrdersQuery,
  type Order,
  type OrderPayment,
  type OrderStatus,
  type PayOrderInput,
  type PageMeta,
  type PlaceOrderInput,
  type StaffOrder,
} from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { parseId, priceCartLines, type CartRepository, type CartService } from '../cart/cart.service.js';
import { lineTotalIdr, summarize, toPriceSummary } from '../checkout/checkout.service.js';
import type { PaymentProviders, PaymentService, VerifiedNotice } from '../payments/payments.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import { parseShopLocal } from '../../lib/shop-time.js';
import type { StoreService } from '../stores/stores.service.js';
import { buildOrderConfirmation } from './order-email.js';
import { createOrderPayments } from './order-payments.js';
import {
  checkCustomerCancel,
  checkMarkPaid,
  checkStatusChange,
  isFinished,
  nextStatuses,
  paymentStatusAfter,
  refundAfterCancel,
  statusAfterMarkPaid,
} from './order-status.js';
import type { OrderEventRecord, OrderRecord, OrderRepository, OrderStateChange } from './orders.repository.js';

export interface OrderServiceDeps {
  db: Kysely<Database>;
  orderRepository: OrderRepository;
  /** Placing an order takes the customer's cart in the order's own transaction. */
  cartRepository: CartRepository;
  settings: OrderSettings;
  now: () => Date;
  cart: CartService;
  /** The store's hours, pause and slot capacity: placing an order takes a place in its slot. */
  stores: Pick<StoreService, 'reserveSlot' | 'releaseSlot'>;
  payments: PaymentProviders;
  /** The payment gateway's charges, notices and refunds (payments module); absent or without a gateway: manual payments only. */
  gateway?: PaymentService | undefined;
  /** The cart's coupon, judged again and spent in the order's transaction; absent: orders without coupons. */
  promotions?: Pick<PromotionService, 'couponForOrder' | 'redeemCoupon' | 'returnCoupon'> | undefined;
  mailer: Pick<Mailer, 'sendLater'>;
  /** For the link in the confirmation email. */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  /**
   * Called once an order's steps are committed (never for a rolled-back move): live streams and order mails.
   * Must not throw; absent: nobody is told.
   */
  onOrderSteps?: ((orderId: number, steps: readonly OrderEventRecord[]) => void) | undefined;
}

export interface Customer {
  id: number;
  email: string;
}

export interface PlacedOrder {
  order: Order;
  /** False when the Idempotency-Key was seen before and this is the first order again. */
  created: boolean;
}

/** The order as the API shows it; `timeZone` is the shop's, the clock its history is told by. */
export function toOrder(r: OrderRecord, timeZone: string, payment: OrderPayment | null = null): Order {
  return {
    id: r.id,
    status: r.status,
    paymentMethod: r.paymentMethod,
    paymentStatus: r.paymentStatus,
    paymentInstructions: r.paymentInstructions,
    deliveryMethod: r.deliveryMethod,
    scheduledFor: r.scheduledFor,
    scheduledAt: r.scheduledAt,
    isAsap: r.isAsap,
    address: r.address,
    store: r.store,
    lines: r.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.name,
      imageUrl: l.imageUrl,
      sizeCode: l.sizeCode,
      sizeLabel: l.sizeLabel,
      options: l.options,
      baristaNote: l.baristaNote,
      quantity: l.quantity,
      unitPrice: rupiahToPriceUnits(l.unitPriceIdr),
      unitPriceIdr: l.unitPriceIdr,
      lineTotal: rupiahToPriceUnits(l.lineTotalIdr),
      lineTotalIdr: l.lineTotalIdr,
    })),
    // The figures stored when the order was placed, never recomputed from today's rates.
    summary: toPriceSummary({
      subtotalIdr: r.subtotalIdr,
      discountIdr: r.discountIdr,
      discountLabel: r.couponName,
      taxAndFeesIdr: r.taxAndFeesIdr,
      shippingIdr: r.shippingIdr,
      totalIdr: r.totalIdr,
      taxRateBasisPoints: r.taxRateBasisPoints,
    }),
    itemCount: r.itemCount,
    placedAt: r.placedAt,
    updatedAt: r.updatedAt,
    paidAt: r.paidAt,
    refundStatus: r.refundStatus,
    cancellable: checkCustomerCancel(r).ok,
    payment,
    history: r.history.map((e) => ({ kind: e.kind, at: e.at, atShopTime: toShopLocal(new Date(e.at), timeZone).text, by: e.by })),
  };
}

export const toStaffOrder = (r: OrderRecord, timeZone: string, payment: OrderPayment | null = null): StaffOrder => ({
  ...toOrder(r, timeZone, payment),
  customer: { id: r.userId, email: r.customerEmail, name: r.customerName, phone: r.customerPhone },
  nextStatuses: nextStatuses(r),
});

/** Fingerprint of a placement request, so one Idempotency-Key cannot stand for two different requests. */
function requestHash(input: PlaceOrderInput): string {
  const canonical = JSON.stringify([
    input.paymentMethod,
    input.deliveryMethod ?? null,
    input.scheduledFor === undefined ? '(cart)' : input.scheduledFor,
    input.address ?? null,
    // Only when sent, so keys of requests made before stores existed keep their fingerprint.
    ...(input.storeId === undefined ? [] : [input.storeId]),
    ...(input.bank === undefined ? [] : [input.bank]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A repeated key racing the first request: the loser's insert breaks the primary key. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const pageMeta = (query: { page: number; limit: number }, total: number): PageMeta => ({
  page: query.page,
  limit: query.limit,
  total,
});

export function createOrderService(deps: OrderServiceDeps) {
  const { db, orderRepository: orders, cartRepository: carts, settings, now } = deps;

  const { gateway } = deps;
  /** The gateway payments of these orders (QR, virtual account, status), when the shop has a gateway. */
  const paymentsOf = async (records: readonly OrderRecord[]): Promise<Map<number, OrderPayment>> =>
    gateway ? gateway.viewsOf(records.map((r) => r.id)) : new Map();
  const asOrder = async (r: OrderRecord) => toOrder(r, settings.shopTimeZone, (await paymentsOf([r])).get(r.id) ?? null);
  const asStaffOrder = async (r: OrderRecord) => toStaffOrder(r, settings.shopTimeZone, (await paymentsOf([r])).get(r.id) ?? null);

  /**
   * Moves an order only from the state it was read in (compare-and-set) and writes the steps to its history in the
   * same transaction; false when someone else moved it first.
   */
  async function moveOrder(order: OrderRecord, change: OrderStateChange, events: OrderEventRecord[]): Promise<boolean> {
    const moved = await db.transaction().execute(async (trx) => {
      const changed = await orders.changeState(order.id, order, change, trx);
      if (changed) await orders.insertEvents(order.id, events, trx);
      // A cancelled order gives its place in the slot back, so another customer can take it, and its coupon back.
      // Every cancel (customer, staff, an unpaid order expiring) comes through here, and the compare-and-set above
      // lets exactly one of two racing cancels in: the coupon comes back once.
      if (changed && change.status === 'cancelled') {
        await deps.stores.releaseSlot({ storeId: order.store?.id ?? null, deliveryMethod: order.deliveryMethod, slotAt: order.slotAt }, trx);
        await deps.promotions?.returnCoupon(order.id, trx);
      }
      return changed;
    });
    if (moved) deps.onOrderSteps?.(order.id, events);
    return moved;
  }

  const orderNotFound = (raw: string) => notFound(`You have no order ${raw.slice(0, 20)}`);

  /** One of the customer's own visible orders; another customer's order is "not found", never "forbidden". */
  async function findOwnOrder(userId: number, rawId: string): Promise<OrderRecord> {
    const id = parseId(rawId);
    const order = id === null ? undefined : await orders.findOrder(id);
    if (!order || order.userId !== userId || order.hiddenByCustomerAt !== null) throw orderNotFound(rawId);
    return order;
  }

  async function findAnyOrder(rawId: string): Promise<OrderRecord> {
    const id = parseId(rawId);
    const order = id === null ? undefined : await orders.findOrder(id);
    if (!order) throw notFound(`There is no order ${rawId.slice(0, 20)}`);
    return order;
  }

  async function replay(customer: Customer, key: string, hash: string, found: { orderId: number; requestHash: string }): Promise<PlacedOrder> {
    if (found.requestHash !== hash) {
      throw conflict(
        `This Idempotency-Key was already used for a different order request; generate a new key for a new order`,
        'idempotency-key',
      );
    }
    const order = await orders.findOrder(found.orderId);
    if (!order || order.userId !== customer.id) throw new Error(`order ${found.orderId} of key ${key} is missing`);
    return { order: await asOrder(order), created: false };
  }

  /** A refused move, with where the order is now so the staff screen can catch up without a reload. */
  const statusConflict = (order: OrderRecord, message: string, field?: 'status') =>
    conflict(message, field, { currentStatus: order.status, nextStatuses: nextStatuses(order) });

  /** Another request moved the order between our read and our write: say where it is now. */
  async function lostRace(orderId: number, field?: 'status') {
    const current = await findAnyOrder(String(orderId));
    return statusConflict(
      current,
      `Order #${orderId} was changed by someone else just now and is ${ORDER_STATUS_LABELS[current.status]}: check it and choose again`,
      field,
    );
  }

  // The gateway's side of an order (charges, notices, refunds, the start-up check), moving orders with moveOrder.
  const payments = createOrderPayments({
    db,
    orders,
    gateway,
    providers: deps.payments,
    now,
    log: deps.log,
    onOrderSteps: deps.onOrderSteps,
    moveOrder,
    findOwnOrder,
    lostRace,
  });

  function sendConfirmation(order: Order, to: string): void {
    try {
      deps.mailer.sendLater(buildOrderConfirmation(order, to, { publicUrl: deps.publicUrl, timeZone: settings.shopTimeZone }));
    } catch (err) {
      // The order is committed; a mail problem is logged for the shop, never turned into a failed order.
      deps.log.error({ err, orderId: order.id }, 'order confirmation could not be queued');
    }
  }

  return {
    /**
     * Places an order from the customer's cart in ONE transaction: the order, its lines (a snapshot of
     * name, size and today's price), the payment initiation, the Idempotency-Key and the emptied cart
     * commit together or not at all. The same key again returns the first order instead of a second.
     */
    async placeOrder(customer: Customer, key: string, input: PlaceOrderInput): Promise<PlacedOrder> {
      const hash = requestHash(input);
      const seen = await orders.findIdempotencyKey(customer.id, key);
      if (seen) return replay(customer, key, hash, seen);

      const at = now();
      const nowIso = at.toISOString();
      let outcome: { orderId: number } | { seen: { orderId: number; requestHash: string } };
      try {
        outcome = await db.transaction().execute(async (trx) => {
          const cart = await carts.findCartByUser(customer.id, trx);
          if (!cart) throw conflict('Your cart is empty: add something before placing an order', 'cart');
          // Serialises placements for one customer: a double click with two keys waits here, then finds the cart empty.
          await carts.lockCart(cart.id, nowIso, trx);
          const again = await orders.findIdempotencyKey(customer.id, key, trx);
          if (again) return { seen: again };

          const lines = priceCartLines(await carts.listLines(cart.id, trx));
          if (lines.length === 0) throw conflict('Your cart is empty: add something before placing an order', 'cart');
          const blocked = lines.flatMap(({ check }) => (check.ok ? [] : [check.message]));
          if (blocked.length > 0) {
            throw conflict(`${blocked.join('; ')}: remove ${blocked.length === 1 ? 'it' : 'them'} from your cart to order`, 'cart');
          }
          const itemCount = lines.reduce((n, l) => n + l.record.quantity, 0);
          const tooMany = lines.find((l) => l.record.quantity > settings.maxLineQuantity);
          if (tooMany) {
            throw conflict(`An order can have at most ${settings.maxLineQuantity} of ${tooMany.record.product.name}`, 'cart');
          }
          if (itemCount > settings.maxOrderItems) {
            throw conflict(`An order can have at most ${settings.maxOrderItems} items; your cart has ${itemCount}`, 'cart');
          }

          const deliveryMethod = input.deliveryMethod ?? cart.deliveryMethod;
          const requested = input.deliveryMethod ? (input.scheduledFor ?? null) : cart.scheduledFor;
          // The store's hours and pause, and a place in the slot: taken inside this transaction, so the slot's cap holds
          // against every concurrent placement and a refused order gives its place back by rolling back.
          const time = await deps.stores.reserveSlot({ storeId: input.storeId, method: deliveryMethod, requested }, trx);

          let address: string | null = null;
          if (deliveryMethod === 'door-delivery') {
            address = input.address ?? ((await orders.findDeliveryAddress(customer.id, trx)).trim() || null);
            if (!address) throw badRequest('Door Delivery needs an address: enter one, or add it to your profile.', 'address');
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
          // The coupon's day, hours and method are those of when the customer gets the order.
          const receivedAt = parseShopLocal(time.scheduledFor);
          const coupon =
            deps.promotions && receivedAt
              ? await deps.promotions.couponForOrder(customer.id, { lines: priced, deliveryMethod, at: receivedAt }, trx)
              : null;
          const summary = summarize(priced, deliveryMethod, settings, coupon && { amountIdr: coupon.discountIdr, label: coupon.promotion.name });
          // The customer agreed to the total they saw: a menu price changed since is never charged without their word.
          if (input.expectedTotalIdr !== undefined && input.expectedTotalIdr !== summary.totalIdr) {
            throw conflict(
              `Prices changed since you opened your cart: the total is now ${formatIdr(summary.totalIdr)}, not ${formatIdr(input.expectedTotalIdr)}. Check the new figures and confirm again`,
              'expectedTotalIdr',
              { summary: toPriceSummary(summary) },
            );
          }
          // A coupon that covers everything: nothing to charge, so the order is paid at once and goes to the kitchen.
          const free = summary.totalIdr === 0;
          const orderId = await orders.insertOrder({
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
          }, trx);
          await orders.insertLines(orderId, priced, trx);
          if (coupon) await deps.promotions?.redeemCoupon(customer.id, coupon, orderId, trx);
          const payment = free
            ? { paymentStatus: 'paid' as const, instructions: null }
            : await deps.payments[input.paymentMethod].initiate({ id: orderId, totalIdr: summary.totalIdr, customerEmail: customer.email });
          await orders.setPayment(orderId, payment.paymentStatus, payment.instructions, trx);
          await orders.insertIdempotencyKey(customer.id, key, orderId, hash, nowIso, trx);
          await carts.deleteAllLines(cart.id, trx);
          // The method stays as the customer's preference; a chosen time is used up.
          await carts.setDelivery(cart.id, cart.deliveryMethod, null, nowIso, trx);
          return { orderId };
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const winner = await orders.findIdempotencyKey(customer.id, key);
          if (winner) return replay(customer, key, hash, winner);
        }
        throw err;
      }
      if ('seen' in outcome) return replay(customer, key, hash, outcome.seen);

      let record = await orders.findOrder(outcome.orderId);
      if (!record) throw new Error(`order ${outcome.orderId} vanished after commit`);
      // The charge at the gateway, after the order committed (never a network call inside its transaction). A card
      // waits for the customer's card on the order page; a gateway that does not answer leaves the order waiting for
      // another try or another method (the order page says so).
      if (gateway?.usesGateway(input.paymentMethod) && input.paymentMethod !== 'card' && record.paymentStatus === 'awaiting-payment') {
        await payments.chargeOrder(record, customer.email, input.paymentMethod, { bank: input.bank });
        record = (await orders.findOrder(outcome.orderId)) ?? record;
      }
      const order = await asOrder(record);
      sendConfirmation(order, customer.email);
      // The steps the placement committed (placed, and paid when the provider settled at once): metrics and the live feed.
      deps.onOrderSteps?.(record.id, record.history);
      if (record.paymentStatus === 'paid' && !record.history.some((step) => step.kind === 'paid')) {
        deps.onOrderSteps?.(record.id, [{ kind: 'paid', at: record.paidAt ?? record.placedAt, by: null }]);
      }
      return { order, created: true };
    },

    async listMyOrders(userId: number, query: ListOrdersQuery): Promise<{ data: Order[]; meta: PageMeta }> {
      const { orders: rows, total } = await orders.listOrders(
        { userId, visibleToCustomer: true },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const payments = await paymentsOf(rows);
      return { data: rows.map((r) => toOrder(r, settings.shopTimeZone, payments.get(r.id) ?? null)), meta: pageMeta(query, total) };
    },

    async getMyOrder(userId: number, rawId: string): Promise<Order> {
      return asOrder(await findOwnOrder(userId, rawId));
    },

    /** Pays an order awaiting payment through the gateway: a card's first charge, a new try, or another method. */
    async payMyOrder(userId: number, rawId: string, input: PayOrderInput): Promise<Order> {
      return asOrder(await payments.payMyOrder(userId, rawId, input));
    },

    /**
     * A gateway notice, verified by the payments module (signature, then the gateway's own status): moves the order.
     * False when the amount is not the order's total (order-payments.ts).
     */
    applyGatewayNotice: (notice: VerifiedNotice): Promise<boolean> => payments.applyNotice(notice),

    /** The start-up check of the payments still open at the gateway (order-payments.ts). */
    reconcileGatewayPayments: (): Promise<{ checked: number }> => payments.reconcile(),


    /** Removes a finished order from the customer's history; the shop keeps it (hidden_by_customer_at). */
    async hideMyOrder(userId: number, rawId: string): Promise<void> {
      const order = await findOwnOrder(userId, rawId);
      if (!isFinished(order.status)) {
        throw conflict(`Order #${order.id} is still ${order.status}: only delivered or cancelled orders can be removed from your history`);
      }
      await orders.hideFromCustomer(order.id, now().toISOString());
    },

    /** "Order again": the order's lines go into the cart at today's prices; what cannot be ordered is skipped with a note. */
    async reorder(userId: number, rawId: string) {
      const order = await findOwnOrder(userId, rawId);
      return deps.cart.addLinesBestEffort(
        userId,
        // The same options by id; an option since removed from the product makes that line a note, not a guess.
        order.lines.map((l) => ({
          productId: l.productId,
          sizeCode: l.sizeCode,
          optionIds: l.options.map((o) => o.optionId),
          baristaNote: l.baristaNote,
          quantity: l.quantity,
        })),
      );
    },

    async listAllOrders(query: ListStaffOrdersQuery): Promise<{ data: StaffOrder[]; meta: PageMeta }> {
      const { orders: rows, total } = await orders.listOrders(
        { status: query.status, active: query.active, storeId: query.storeId },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const payments = await paymentsOf(rows);
      return { data: rows.map((r) => toStaffOrder(r, settings.shopTimeZone, payments.get(r.id) ?? null)), meta: pageMeta(query, total) };
    },

    async getAnyOrder(rawId: string): Promise<StaffOrder> {
      return asStaffOrder(await findAnyOrder(rawId));
    },

    /**
     * Moves an order from the status it was read in, and only from that one (compare-and-set): of staff acting at
     * once exactly one wins. With `expectedStatus` (what the staff member's screen showed) the order must still be
     * in it, so a move chosen on a stale screen is refused instead of being applied to whatever the order became.
     */
    async changeStatus(
      rawId: string,
      // Never back to pending: no move leads there, and it is no step of the history.
      { status: to, expectedStatus }: { status: Exclude<OrderStatus, 'pending'>; expectedStatus?: OrderStatus | undefined },
    ): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      if (expectedStatus !== undefined && order.status !== expectedStatus) {
        throw statusConflict(
          order,
          `Order #${order.id} is ${ORDER_STATUS_LABELS[order.status]} now, no longer ${ORDER_STATUS_LABELS[expectedStatus]}: someone changed it just now. Check it and choose again`,
          'status',
        );
      }
      const check = checkStatusChange(order, to);
      if (!check.ok) throw statusConflict(order, check.message, 'status');
      const nowIso = now().toISOString();
      const paymentStatus = paymentStatusAfter(order, to);
      const paidNow = paymentStatus === 'paid' && order.paymentStatus !== 'paid';
      const moved = await moveOrder(
        order,
        {
          status: to,
          paymentStatus,
          paidAt: paidNow ? nowIso : order.paidAt,
          updatedAt: nowIso,
          ...(to === 'cancelled' ? { refundStatus: refundAfterCancel(order) } : {}),
        },
        [...(paidNow ? [{ kind: 'paid' as const, at: nowIso, by: 'staff' as const }] : []), { kind: to, at: nowIso, by: 'staff' }],
      );
      if (!moved) throw await lostRace(order.id, 'status');
      return asStaffOrder(await findAnyOrder(String(order.id)));
    },

    async markPaid(rawId: string): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      const check = checkMarkPaid(order);
      if (!check.ok) throw statusConflict(order, check.message);
      const nowIso = now().toISOString();
      const moved = await moveOrder(
        order,
        { status: statusAfterMarkPaid(order), paymentStatus: 'paid', paidAt: nowIso, updatedAt: nowIso },
        [{ kind: 'paid', at: nowIso, by: 'staff' }],
      );
      if (!moved) throw await lostRace(order.id);
      return asStaffOrder(await findAnyOrder(String(order.id)));
    },

    /**
     * The customer cancels an order the shop has not started on (pending or paid). Compare-and-set like the staff's
     * moves: against staff starting it at the same moment exactly one wins. A payment recorded in between leaves the
     * order cancellable, so that one case is judged once more from the fresh order (now with a refund due).
     */
    async cancelMyOrder(userId: number, rawId: string): Promise<Order> {
      for (let attempt = 1; ; attempt += 1) {
        const order = await findOwnOrder(userId, rawId);
        const check = checkCustomerCancel(order);
        if (!check.ok) throw conflict(check.message, 'status', { currentStatus: order.status });
        const nowIso = now().toISOString();
        const moved = await moveOrder(
          order,
          { status: 'cancelled', paymentStatus: order.paymentStatus, paidAt: order.paidAt, updatedAt: nowIso, refundStatus: refundAfterCancel(order) },
          [{ kind: 'cancelled', at: nowIso, by: 'customer' }],
        );
        if (moved) {
          // Only the request that cancelled it refunds or closes the charge: a second tap lost the move above.
          if (refundAfterCancel(order) === 'refund-due') await payments.refundThroughGateway(order.id, 'customer');
          else await gateway?.closeOpenCharge(order.id);
          return asOrder(await findOwnOrder(userId, rawId));
        }
        if (attempt >= 2) {
          const current = await findOwnOrder(userId, rawId);
          throw conflict(
            `Order #${current.id} was changed by the shop just now and is ${ORDER_STATUS_LABELS[current.status]}: check it and try again`,
            'status',
            { currentStatus: current.status },
          );
        }
      }
    },

    /**
     * Staff refund a cancelled order through the gateway it was paid with. Exactly once against a customer's cancel
     * at the same moment: the refund is claimed on the charge first, and the loser is told it is under way.
     */
    async refundMyShopOrder(rawId: string): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      if (order.refundStatus !== 'refund-due') {
        throw statusConflict(order, order.refundStatus === 'refunded' ? `Order #${order.id} is already refunded` : `Order #${order.id} has no refund due`);
      }
      if (!(await gateway?.paidThroughGateway(order.id))) {
        throw statusConflict(order, `Order #${order.id} was not paid through the payment service: pay it back yourself and mark it refunded`);
      }
      const result = await payments.refundThroughGateway(order.id, 'staff');
      if (result === 'busy') throw statusConflict(order, `A refund of order #${order.id} is under way already: check the order again in a moment`);
      if (result !== 'refunded') {
        const charge = await gateway?.latestCharge(order.id);
        throw statusConflict(
          order,
          `The payment service did not refund order #${order.id}${charge?.refundFailure ? ` (${charge.refundFailure})` : ''}: the refund stays due. Pay it back another way and mark it refunded, or try again`,
        );
      }
      return asStaffOrder(await findAnyOrder(String(order.id)));
    },

    /** Staff paid back the total of a paid order that was cancelled. */
    async markRefunded(rawId: string): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      if (order.refundStatus !== 'refund-due') {
        throw statusConflict(
          order,
          order.refundStatus === 'refunded' ? `Order #${order.id} is already refunded` : `Order #${order.id} has no refund due`,
        );
      }
      const nowIso = now().toISOString();
      const refunded = await db.transaction().execute(async (trx) => {
        const done = await orders.markRefunded(order.id, nowIso, trx);
        if (done) await orders.insertEvents(order.id, [{ kind: 'refunded', at: nowIso, by: 'staff' }], trx);
        return done;
      });
      if (!refunded) throw statusConflict(order, `Order #${order.id} was just marked refunded by someone else`);
      deps.onOrderSteps?.(order.id, [{ kind: 'refunded', at: nowIso, by: 'staff' }]);
      return asStaffOrder(await findAnyOrder(String(order.id)));
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
