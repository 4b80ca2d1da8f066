import type { Kysely, Transaction } from 'kysely';
import type { Order, PayOrderInput, StaffOrder } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { VerifiedNotice } from '../payments/payments.service.js';
import { createCustomerOrders } from './customer-orders.js';
import { createOrderFacts } from './order-facts.js';
import { createOrderLookup } from './order-lookup.js';
import { createOrderMoves } from './order-moves.js';
import { createOrderPayments } from './order-payments.js';
import { createOrderPlacement } from './order-placement.js';
import { createOrderReportRepository, type ExportedOrder, type HourOfSales, type ProductSales, type ReportWindow, type SalesSplit } from './order-reports.repository.js';
import type { OrderServiceDeps } from './order-service-deps.js';
import { refundAfterCancel } from './order-status.js';
import { createOrderStepRepository, type OrderEventRecord } from './order-steps.repository.js';
import { createOrderRepository, type NewOrder, type NewOrderLine, type OrderRecord } from './orders.repository.js';
import { createStaffOrders } from './staff-orders.js';
import { createStaffRefund } from './staff-refund.js';

// The public file of the orders module: what the events module (live steps, mails, the day's figures) and tests use.
export { toOrder, toStaffOrder } from './order-answers.js';
export type { DayOrderRecord, LoyaltyFacts, NotificationTarget } from './order-facts.js';
export type { Customer, PlacedOrder } from './order-placement.js';
export type { OrderEventRecord, OrderStepRecord } from './order-steps.repository.js';
export type { ExportedOrder, HourOfSales, ProductSales, ReportWindow, SalesSplit } from './order-reports.repository.js';
export type { OrderServiceDeps, RewardDoor } from './order-service-deps.js';

/** Told an order's steps once they are committed. */
export type StepListener = (orderId: number, steps: readonly OrderEventRecord[]) => void;

/**
 * The orders module's door, put together from its parts, each its own file: placing an order (order-placement.ts),
 * its moves (order-moves.ts), paying and refunding through the gateway (order-payments.ts, staff-refund.ts), the
 * customer's history (customer-orders.ts), the staff's view (staff-orders.ts), and what other modules ask
 * (order-facts.ts); all find and answer orders one way (order-lookup.ts).
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { db, settings, now, gateway } = deps;
  const orders =
    deps.orderRepository ??
    createOrderRepository(db, {
      customersOf: (ids, trx) => deps.users.customersOf(ids, trx),
      placesOf: (ids) => deps.stores.placesOf(ids),
      pictureAddresses: (ids, trx) => deps.products.pictureAddresses(ids, trx),
    });
  const steps = createOrderStepRepository(db);
  const figures = createOrderReportRepository(db);
  const lookup = createOrderLookup({ orders, settings, gateway });
  const { findOwnOrder, findAnyOrder, asOrder, asStaffOrder } = lookup;

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
  const refundForStaff = createStaffRefund({ findAnyOrder, statusConflict: moves.statusConflict, gateway, refundThroughGateway: payments.refundThroughGateway });
  const mine = createCustomerOrders({ orders, lookup, cart: deps.cart, now });
  const shop = createStaffOrders({ orders, lookup, now });
  const facts = createOrderFacts({ orders, steps, users: deps.users, stores: deps.stores });

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
    /** Staff refund a cancelled order through the gateway it was paid with (staff-refund.ts). */
    refundMyShopOrder: async (rawId: string): Promise<StaffOrder> => asStaffOrder(await refundForStaff(rawId)),

    ...mine,
    ...shop,
    ...facts,

    /** Calls `listener` once an order's steps are committed (never for a rolled-back move); it must not throw. */
    onSteps(listener: StepListener): void {
      listeners.add(listener);
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
      if (order.paymentStatus === 'paid' && order.status !== 'cancelled') await orders.recordSale(id, trx);
      return id;
    },
  };
}

// Read-only: orders by id for the owner's reconciliation of the gateway's charges.
export { createOrderLedger, type LedgerOrder, type OrderLedger } from './order-ledger.js';
