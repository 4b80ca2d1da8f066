import type { Kysely, Transaction } from 'kysely';
import type { Language, ListOrdersQuery, ListStaffOrdersQuery, Order, OrderPayment, OrderStatus, PageMeta, PayOrderInput, StaffOrder } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { parseId } from '../cart/cart.service.js';
import type { VerifiedNotice } from '../payments/payments.service.js';
import { toOrder, toStaffOrder } from './order-answers.js';
import { createOrderMoves } from './order-moves.js';
import { createOrderPayments } from './order-payments.js';
import { createOrderPlacement } from './order-placement.js';
import { createOrderReportRepository, type ExportedOrder, type HourOfSales, type ProductSales, type ReportWindow, type SalesSplit } from './order-reports.repository.js';
import type { OrderServiceDeps } from './order-service-deps.js';
import { isFinished, refundAfterCancel } from './order-status.js';
import { createOrderStepRepository, type OrderEventRecord, type OrderStepRecord } from './order-steps.repository.js';
import { createOrderRepository, type NewOrder, type NewOrderLine, type OrderRecord } from './orders.repository.js';

// The public file of the orders module: what the events module (live steps, mails, the day's figures) and tests use.
export { toOrder, toStaffOrder } from './order-answers.js';
export type { Customer, PlacedOrder } from './order-placement.js';
export type { OrderEventRecord, OrderStepRecord } from './order-steps.repository.js';
export type { ExportedOrder, HourOfSales, ProductSales, ReportWindow, SalesSplit } from './order-reports.repository.js';
export type { OrderServiceDeps, RewardDoor } from './order-service-deps.js';


/** What points are judged on (the loyalty module): the order's customer, where it is, and what was paid. */
export interface LoyaltyFacts {
  id: number;
  userId: number;
  status: OrderStatus;
  paymentStatus: Order['paymentStatus'];
  refundStatus: Order['refundStatus'];
  totalIdr: number;
}

/** What a notification mail needs to know about an order and its customer. */
export interface NotificationTarget {
  orderId: number;
  /** Whose devices get the push (modules/push). */
  userId: number;
  email: string;
  /** The customer's choice in the profile. */
  orderEmails: boolean;
  /** The customer's language (the profile's): their mails and pushes are written in it. */
  language: Language;
  status: OrderStatus;
  deliveryMethod: Order['deliveryMethod'];
  scheduledFor: string;
  storeName: string | null;
  storeAddress: string | null;
  /** For the payment receipt: what was paid, and how. */
  totalIdr: number;
  paymentMethod: Order['paymentMethod'];
}

/** An order counted in a day's figures. */
export interface DayOrderRecord {
  status: OrderStatus;
  totalIdr: number;
  scheduledFor: string;
  storeId: number | null;
  storeName: string | null;
}

/** Told an order's steps once they are committed. */
export type StepListener = (orderId: number, steps: readonly OrderEventRecord[]) => void;

const pageMeta = (query: { page: number; limit: number }, total: number): PageMeta => ({
  page: query.page,
  limit: query.limit,
  total,
});

export function createOrderService(deps: OrderServiceDeps) {
  const { db, settings, now } = deps;
  const orders =
    deps.orderRepository ??
    createOrderRepository(db, {
      customersOf: (ids, trx) => deps.users.customersOf(ids, trx),
      placesOf: (ids) => deps.stores.placesOf(ids),
      pictureAddresses: (ids, trx) => deps.products.pictureAddresses(ids, trx),
    });
  const steps = createOrderStepRepository(db);
  const figures = createOrderReportRepository(db);

  const { gateway } = deps;
  /** The gateway payments of these orders (QR, virtual account, status), when the shop has a gateway. */
  const paymentsOf = async (records: readonly OrderRecord[]): Promise<Map<number, OrderPayment>> =>
    gateway ? gateway.viewsOf(records.map((r) => r.id)) : new Map();
  const asOrder = async (r: OrderRecord) => toOrder(r, settings.shopTimeZone, (await paymentsOf([r])).get(r.id) ?? null);
  const asStaffOrder = async (r: OrderRecord) => toStaffOrder(r, settings.shopTimeZone, (await paymentsOf([r])).get(r.id) ?? null);

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

  /** Who hears of committed steps besides `deps.onOrderSteps`: modules registered after this one (live events). */
  const listeners = new Set<StepListener>();
  const onOrderSteps: StepListener = (orderId, committed) => {
    deps.onOrderSteps?.(orderId, committed);
    for (const listener of listeners) listener(orderId, committed);
  };

  // Each part gets what it uses; the gateway's part is told how to move an order, the moves how to refund one.
  let gatewayAfterCancel: (order: OrderRecord) => Promise<void> = () => Promise.resolve();
  const moves = createOrderMoves({
    ...deps,
    orders,
    steps,
    findOwnOrder,
    findAnyOrder,
    asOrder,
    asStaffOrder,
    onOrderSteps,
    gatewayAfterCancel: (order) => gatewayAfterCancel(order),
    claimManualRefund: (orderId) => gateway?.claimManualRefund(orderId) ?? Promise.resolve('ok' as const),
  });
  const payments = createOrderPayments({
    db,
    orders,
    steps,
    gateway,
    providers: deps.payments,
    now,
    log: deps.log,
    onOrderSteps,
    moveOrder: moves.moveOrder,
    findOwnOrder,
    lostRace: moves.lostRace,
  });
  // Only the request that cancelled an order refunds it or closes its charge (a second tap lost the move).
  gatewayAfterCancel = async (order) => {
    if (refundAfterCancel(order) === 'refund-due') await payments.refundThroughGateway(order.id, 'customer');
    else await gateway?.closeOpenCharge(order.id);
  };
  const placement = createOrderPlacement({
    ...deps,
    orders,
    asOrder,
    onOrderSteps,
    usesGateway: (method) => gateway?.usesGateway(method) ?? false,
    paymentWindowMinutes: (method) => gateway?.paymentWindowMinutes(method) ?? null,
    chargeOrder: payments.chargeOrder,
  });

  /**
   * Staff refund a cancelled order through the gateway it was paid with. Exactly once against a customer's cancel
   * at the same moment: the refund is claimed on the charge first, and the loser is told it is under way.
   */
  async function refundMyShopOrder(rawId: string): Promise<StaffOrder> {
    const { statusConflict } = moves;
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
  }

  return {
    placeOrder: placement.placeOrder,
    changeStatus: moves.changeStatus,
    markPaid: moves.markPaid,
    cancelMyOrder: moves.cancelMyOrder,
    markRefunded: moves.markRefunded,
    /** Pays an order awaiting payment through the gateway: a card's first charge, a new try, or another method. */
    payMyOrder: async (userId: number, rawId: string, input: PayOrderInput): Promise<Order> => asOrder(await payments.payMyOrder(userId, rawId, input)),
    /** A gateway notice, verified by the payments module: moves the order. False when the amount is not the order's total. */
    applyGatewayNotice: (notice: VerifiedNotice): Promise<boolean> => payments.applyNotice(notice),
    /** The start-up check of the payments still open at the gateway (order-payments.ts). */
    reconcileGatewayPayments: (when?: 'start-up' | 'periodic'): Promise<{ checked: number }> => payments.reconcile(when),
    /** The shop's clock: orders whose payment window ended unpaid are cancelled (order-payments.ts). */
    endOverduePayments: (): Promise<{ cancelled: number }> => payments.endOverduePayments(),
    refundMyShopOrder,

    /** The loyalty module's question: whose order, where it is and what was paid; undefined for no such order. */
    async loyaltyFactsOf(orderId: number): Promise<LoyaltyFacts | undefined> {
      const o = await orders.findOrder(orderId);
      return o && { id: o.id, userId: o.userId, status: o.status, paymentStatus: o.paymentStatus, refundStatus: o.refundStatus, totalIdr: o.totalIdr };
    },

    /** The points tiers' question (loyalty module), in its transaction: what the customer paid since then, other orders. */
    paidSpendSince: (userId: number, sinceIso: string, exceptOrderId: number, trx?: Transaction<Database>): Promise<number> =>
      orders.paidSpendSince(userId, sinceIso, exceptOrderId, trx),

    /** Calls `listener` once an order's steps are committed (never for a rolled-back move); it must not throw. */
    onSteps(listener: StepListener): void {
      listeners.add(listener);
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
        { status: query.status, active: query.active, awaitingPayment: query.awaitingPayment, storeId: query.storeId },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const payments = await paymentsOf(rows);
      return { data: rows.map((r) => toStaffOrder(r, settings.shopTimeZone, payments.get(r.id) ?? null)), meta: pageMeta(query, total) };
    },

    /** The kitchen's per-line tick; a line not of the order is a 404 (the tick is not an order's step: no event). */
    async markLineDone(rawId: string, rawLineId: string, done: boolean): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      const lineId = parseId(rawLineId);
      if (lineId === null || !(await orders.markLineDone(order.id, lineId, done ? now().toISOString() : null))) {
        throw notFound(`Order #${order.id} has no line ${rawLineId.slice(0, 20)}`);
      }
      return asStaffOrder(await findAnyOrder(rawId));
    },

    async getAnyOrder(rawId: string): Promise<StaffOrder> {
      return asStaffOrder(await findAnyOrder(rawId));
    },

    /** For the live streams: steps with an id above `afterId`, oldest first; with `userId`, only that customer's visible orders. */
    listStepsAfter: (afterId: number, options: { userId?: number; limit: number }): Promise<OrderStepRecord[]> => steps.listStepsAfter(afterId, options),

    /** The steps with these ids (ones a feed saw missing and looks for again). */
    listStepsByIds: (ids: readonly number[]): Promise<OrderStepRecord[]> => steps.listStepsByIds(ids),

    /** The newest step's id; 0 when there is none. */
    lastStepId: (): Promise<number> => steps.lastStepId(),

    /** What a mail about an order's step needs: the order, its customer's address and wishes, its store. */
    async notificationTarget(orderId: number): Promise<NotificationTarget | undefined> {
      const order = await steps.findOrderForNotice(orderId);
      if (!order) return undefined;
      const [customers, places] = await Promise.all([deps.users.customersOf([order.userId]), deps.stores.placesOf([order.storeId])]);
      const customer = customers.get(order.userId);
      if (!customer) return undefined;
      const place = order.storeId === null ? undefined : places.get(order.storeId);
      return {
        orderId: order.orderId,
        userId: order.userId,
        email: customer.email,
        orderEmails: customer.orderEmails,
        language: customer.language,
        status: order.status,
        deliveryMethod: order.deliveryMethod,
        scheduledFor: order.scheduledFor,
        storeName: place?.name ?? null,
        storeAddress: place?.address ?? null,
        totalIdr: order.totalIdr,
        paymentMethod: order.paymentMethod,
      };
    },

    /** For promotions: the customer's delivered orders, their total (whole rupiah) and how many. */
    deliveredOrders: (userId: number, trx?: Transaction<Database>): Promise<{ totalIdr: number; count: number }> => steps.deliveredTotals(userId, trx),

    /** Orders the customers get on one shop day (`day` YYYY-MM-DD), with their stores' names. */
    async dayOrders(day: string): Promise<DayOrderRecord[]> {
      const rows = await steps.listDayOrders(day);
      const places = await deps.stores.placesOf(rows.map((r) => r.storeId));
      return rows.map((r) => ({ ...r, storeName: r.storeId === null ? null : (places.get(r.storeId)?.name ?? null) }));
    },

    /** For reports: read-only GROUP BY figures of the paid orders (and refunds, cancellations) of a window. */
    salesByHour: (w: ReportWindow): Promise<HourOfSales[]> => figures.salesByHour(w),
    salesBySplit: (w: ReportWindow): Promise<SalesSplit[]> => figures.salesBySplit(w),
    salesByProduct: (w: ReportWindow): Promise<ProductSales[]> => figures.salesByProduct(w),
    refunds: (w: ReportWindow) => figures.refunds(w),
    unpaidCancellations: (w: ReportWindow) => figures.unpaidCancellations(w),
    /** For the orders' export: one keyset page of the orders placed in the window. */
    exportPage: (w: ReportWindow, after: { placedAt: string; id: number } | null, limit: number): Promise<ExportedOrder[]> => figures.exportPage(w, after, limit),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

/** For the demo data: orders placed in the past, written as they were (with their lines and the steps of where they are). */
export function createPastOrderWriter(db: Kysely<Database>) {
  const notRead = () => Promise.reject(new Error('the past-order writer reads no orders'));
  const orders = createOrderRepository(db, { customersOf: notRead, placesOf: notRead, pictureAddresses: notRead });
  return {
    async write(order: NewOrder, lines: readonly NewOrderLine[], trx: Transaction<Database>): Promise<number> {
      const id = await orders.insertOrder(order, trx);
      await orders.insertLines(id, lines, trx);
      return id;
    },
  };
}

// Read-only: orders by id for the owner's reconciliation of the gateway's charges.
export { createOrderLedger, type LedgerOrder, type OrderLedger } from './order-ledger.js';
