import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SIZE_LABELS,
  rupiahToPriceUnits,
  type ListOrdersQuery,
  type ListStaffOrdersQuery,
  type Order,
  type OrderStatus,
  type PageMeta,
  type PlaceOrderInput,
  type StaffOrder,
} from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { createCartRepository, type CartRepository } from '../cart/cart.repository.js';
import { parseId, priceCartLines, type CartService } from '../cart/cart.service.js';
import type { PaymentProviders } from '../payments/payment-provider.js';
import { resolveRequestedTime } from './delivery-window.js';
import { buildOrderConfirmation } from './order-email.js';
import {
  checkMarkPaid,
  checkStatusChange,
  isFinished,
  nextStatuses,
  paymentStatusAfter,
  statusAfterMarkPaid,
} from './order-status.js';
import { createOrderRepository, type OrderRecord, type OrderRepository } from './orders.repository.js';
import { lineTotalIdr, summarize, toPriceSummary } from './pricing.js';

export interface OrderServiceDeps {
  db: Kysely<Database>;
  settings: OrderSettings;
  now: () => Date;
  cart: CartService;
  payments: PaymentProviders;
  mailer: Pick<Mailer, 'sendLater'>;
  /** For the link in the confirmation email. */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  /** Repository factories; tests wrap one to make a step fail half-way through placing an order. */
  repositories?: {
    orders?: (db: Kysely<Database>) => OrderRepository;
    carts?: (db: Kysely<Database>) => CartRepository;
  };
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

export function toOrder(r: OrderRecord): Order {
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
    lines: r.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.name,
      imageUrl: l.imageUrl,
      sizeCode: l.sizeCode,
      sizeLabel: l.sizeLabel,
      quantity: l.quantity,
      unitPrice: rupiahToPriceUnits(l.unitPriceIdr),
      unitPriceIdr: l.unitPriceIdr,
      lineTotal: rupiahToPriceUnits(l.lineTotalIdr),
      lineTotalIdr: l.lineTotalIdr,
    })),
    // The figures stored when the order was placed, never recomputed from today's rates.
    summary: toPriceSummary({
      subtotalIdr: r.subtotalIdr,
      taxAndFeesIdr: r.taxAndFeesIdr,
      shippingIdr: r.shippingIdr,
      totalIdr: r.totalIdr,
      taxRateBasisPoints: r.taxRateBasisPoints,
    }),
    itemCount: r.itemCount,
    placedAt: r.placedAt,
    updatedAt: r.updatedAt,
    paidAt: r.paidAt,
  };
}

export const toStaffOrder = (r: OrderRecord): StaffOrder => ({
  ...toOrder(r),
  customer: { id: r.userId, email: r.customerEmail },
  nextStatuses: nextStatuses(r),
});

/** Fingerprint of a placement request, so one Idempotency-Key cannot stand for two different requests. */
function requestHash(input: PlaceOrderInput): string {
  const canonical = JSON.stringify([
    input.paymentMethod,
    input.deliveryMethod ?? null,
    input.scheduledFor === undefined ? '(cart)' : input.scheduledFor,
    input.address ?? null,
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
  const { db, settings, now } = deps;
  const orderRepo = deps.repositories?.orders ?? createOrderRepository;
  const cartRepo = deps.repositories?.carts ?? createCartRepository;
  const orders = orderRepo(db);

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
    return { order: toOrder(order), created: false };
  }

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
          const carts = cartRepo(trx);
          const txOrders = orderRepo(trx);
          const cart = await carts.findCartByUser(customer.id);
          if (!cart) throw conflict('Your cart is empty: add something before placing an order', 'cart');
          // Serialises placements for one customer: a double click with two keys waits here, then finds the cart empty.
          await carts.lockCart(cart.id, nowIso);
          const again = await txOrders.findIdempotencyKey(customer.id, key);
          if (again) return { seen: again };

          const lines = priceCartLines(await carts.listLines(cart.id));
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
          const time = resolveRequestedTime(deliveryMethod, requested, at, {
            timeZone: settings.shopTimeZone,
            maxDaysAhead: settings.maxDaysAhead,
          });
          if (!time.ok) throw badRequest(time.message, time.field);

          let address: string | null = null;
          if (deliveryMethod === 'door-delivery') {
            address = input.address ?? ((await txOrders.findDeliveryAddress(customer.id)).trim() || null);
            if (!address) throw badRequest('address is needed for Door Delivery: enter one, or add it to your profile', 'address');
          }

          const priced = lines.map(({ record, check }) => {
            // Checked above: every line is orderable, so its price is known.
            const unitPriceIdr = check.ok ? check.unitPriceIdr : 0;
            return {
              productId: record.productId,
              name: record.product.name,
              sizeCode: record.sizeCode,
              sizeLabel: record.sizeCode ? SIZE_LABELS[record.sizeCode] : null,
              quantity: record.quantity,
              unitPriceIdr,
              lineTotalIdr: lineTotalIdr({ unitPriceIdr, quantity: record.quantity }),
            };
          });
          const summary = summarize(priced, deliveryMethod, settings);
          const orderId = await txOrders.insertOrder({
            userId: customer.id,
            status: 'pending',
            paymentMethod: input.paymentMethod,
            // Replaced below by what the payment provider says.
            paymentStatus: 'awaiting-payment',
            paymentInstructions: null,
            deliveryMethod,
            scheduledFor: time.scheduledFor,
            scheduledAt: time.scheduledAt,
            isAsap: time.isAsap,
            address,
            ...summary,
            itemCount,
            placedAt: nowIso,
          });
          await txOrders.insertLines(orderId, priced);
          const payment = await deps.payments[input.paymentMethod].initiate({
            id: orderId,
            totalIdr: summary.totalIdr,
            customerEmail: customer.email,
          });
          await txOrders.setPayment(orderId, payment.paymentStatus, payment.instructions);
          await txOrders.insertIdempotencyKey(customer.id, key, orderId, hash, nowIso);
          await carts.deleteAllLines(cart.id);
          // The method stays as the customer's preference; a chosen time is used up.
          await carts.setDelivery(cart.id, cart.deliveryMethod, null, nowIso);
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

      const record = await orders.findOrder(outcome.orderId);
      if (!record) throw new Error(`order ${outcome.orderId} vanished after commit`);
      const order = toOrder(record);
      sendConfirmation(order, customer.email);
      return { order, created: true };
    },

    async listMyOrders(userId: number, query: ListOrdersQuery): Promise<{ data: Order[]; meta: PageMeta }> {
      const { orders: rows, total } = await orders.listOrders(
        { userId, visibleToCustomer: true },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: rows.map(toOrder), meta: pageMeta(query, total) };
    },

    async getMyOrder(userId: number, rawId: string): Promise<Order> {
      return toOrder(await findOwnOrder(userId, rawId));
    },

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
        order.lines.map((l) => ({ productId: l.productId, sizeCode: l.sizeCode, quantity: l.quantity })),
      );
    },

    async listAllOrders(query: ListStaffOrdersQuery): Promise<{ data: StaffOrder[]; meta: PageMeta }> {
      const { orders: rows, total } = await orders.listOrders(
        { status: query.status },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: rows.map(toStaffOrder), meta: pageMeta(query, total) };
    },

    async getAnyOrder(rawId: string): Promise<StaffOrder> {
      return toStaffOrder(await findAnyOrder(rawId));
    },

    async changeStatus(rawId: string, to: OrderStatus): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      const check = checkStatusChange(order, to);
      if (!check.ok) throw conflict(check.message, 'status');
      const nowIso = now().toISOString();
      const paymentStatus = paymentStatusAfter(order, to);
      const moved = await orders.changeState(order.id, order, {
        status: to,
        paymentStatus,
        paidAt: paymentStatus === 'paid' && order.paymentStatus !== 'paid' ? nowIso : order.paidAt,
        updatedAt: nowIso,
      });
      if (!moved) throw conflict(`Order #${order.id} was changed by someone else just now: reload it and try again`, 'status');
      return toStaffOrder(await findAnyOrder(String(order.id)));
    },

    async markPaid(rawId: string): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      const check = checkMarkPaid(order);
      if (!check.ok) throw conflict(check.message);
      const nowIso = now().toISOString();
      const moved = await orders.changeState(order.id, order, {
        status: statusAfterMarkPaid(order),
        paymentStatus: 'paid',
        paidAt: nowIso,
        updatedAt: nowIso,
      });
      if (!moved) throw conflict(`Order #${order.id} was changed by someone else just now: reload it and try again`);
      return toStaffOrder(await findAnyOrder(String(order.id)));
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
