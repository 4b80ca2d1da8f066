import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import {
  ACTIVE_ORDER_STATUSES,
  DeliveryMethod,
  FINISHED_ORDER_STATUSES,
  type OrderEventKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  RefundStatus,
  type OrderStore,
} from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { createOrderLineRepository } from './order-lines.repository.js';
import { createOrderPaymentStateRepository } from './order-payment-state.repository.js';
import { createOrderSalesRepository, isSale } from './order-sales.repository.js';
import type { OrderLineRecord, OrderLookups } from './order-records.js';
import { createOrderStepRepository, type OrderEventRecord } from './order-steps.repository.js';

export type { OrderEventRecord } from './order-steps.repository.js';
export type { NewOrderLine, OrderLineRecord, OrderLookups } from './order-records.js';


export interface OrderRecord {
  id: number;
  userId: number;
  customerEmail: string;
  /** First and last name, else the display name; null when the account has none. */
  customerName: string | null;
  customerPhone: string | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  paymentInstructions: string | null;
  deliveryMethod: DeliveryMethod;
  scheduledFor: string;
  scheduledAt: string;
  isAsap: boolean;
  address: string | null;
  subtotalIdr: number;
  /** The coupon's discount, taken before tax; 0 without one. */
  discountIdr: number;
  /** The coupon as named when the order was placed; null without one. */
  couponName: string | null;
  taxAndFeesIdr: number;
  shippingIdr: number;
  totalIdr: number;
  taxRateBasisPoints: number;
  itemCount: number;
  placedAt: string;
  updatedAt: string;
  paidAt: string | null;
  hiddenByCustomerAt: string | null;
  refundStatus: RefundStatus | null;
  /** The store that prepares it; null only when that store was removed. */
  store: OrderStore | null;
  /** The slot it took (ISO UTC of its start); null for orders placed before slots. */
  slotAt: string | null;
  /** While it waits for an online payment: when its payment window ends (ISO UTC); null otherwise. */
  paymentDueAt: string | null;
  lines: OrderLineRecord[];
  /** Oldest first. */
  history: OrderEventRecord[];
}

export type NewOrder = Omit<
  OrderRecord,
  'id' | 'customerEmail' | 'customerName' | 'customerPhone' | 'lines' | 'history' | 'refundStatus' | 'paidAt' | 'hiddenByCustomerAt' | 'updatedAt' | 'store' | 'slotAt' | 'discountIdr' | 'couponName' | 'paymentDueAt'
> & {
  /** Absent: no coupon. */
  discountIdr?: number;
  couponName?: string | null;
  /** The store that prepares it (placing an order names it; the demo data names the default store). */
  storeId: number;
  slotAt?: string | null;
  /** Only for past orders loaded as demo data; a placed order is paid later. */
  paidAt?: string | null;
};

export interface OrderFilter {
  /** Only this customer's orders (the customer's own history). */
  userId?: number | undefined;
  /** Leave out orders the customer removed from the history. */
  visibleToCustomer?: boolean | undefined;
  status?: OrderStatus | undefined;
  /**
   * true: only orders still to make or hand over, leaving out those waiting for an online payment (paid is the line);
   * false: only finished ones (delivered, cancelled).
   */
  active?: boolean | undefined;
  /** true: only orders waiting for an online payment within their window (the staff's "Awaiting payment" list). */
  awaitingPayment?: boolean | undefined;
  storeId?: number | undefined;
}

export interface OrderStateChange {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paidAt: string | null;
  updatedAt: string;
  /** Absent: left as it is. */
  refundStatus?: RefundStatus | null;
}

const ORDER_COLUMNS = [
  'orders.id',
  'orders.user_id',
  'orders.status',
  'orders.payment_method',
  'orders.payment_status',
  'orders.payment_instructions',
  'orders.delivery_method',
  'orders.scheduled_for',
  'orders.scheduled_at',
  'orders.is_asap',
  'orders.address',
  'orders.subtotal_idr',
  'orders.discount_idr',
  'orders.coupon_name',
  'orders.tax_and_fees_idr',
  'orders.shipping_idr',
  'orders.total_idr',
  'orders.tax_rate_bp',
  'orders.item_count',
  'orders.placed_at',
  'orders.updated_at',
  'orders.paid_at',
  'orders.hidden_by_customer_at',
  'orders.refund_status',
  'orders.store_id',
  'orders.slot_at',
  'orders.payment_due_at',
] as const;

/** Leaves out an order still waiting for an online payment: not the kitchen's to make, not a sale (decision 034). */
export const notAwaitingOnlinePayment = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('orders.payment_status', '!=', 'awaiting-payment'), eb('orders.payment_due_at', 'is', null)]);

/** The store an order names, as it is now; null when it names none or the store was removed. */
const storeOf = (storeId: number | null, places: ReadonlyMap<number, { name: string; address: string }>): OrderStore | null => {
  const place = storeId === null ? undefined : places.get(storeId);
  return storeId === null || !place ? null : { id: storeId, name: place.name, address: place.address };
};

/**
 * Orders SQL; every function takes an optional open transaction last. Money columns are bigint: read back as
 * numbers on both databases.
 */
export function createOrderRepository(db: Kysely<Database>, lookups: OrderLookups) {
  const steps = createOrderStepRepository(db);
  const orderLines = createOrderLineRepository(db, lookups.pictureAddresses);
  const { linesOf } = orderLines;
  const selectOrders = (trx?: Transaction<Database>) => (trx ?? db).selectFrom('orders').select(ORDER_COLUMNS);
  type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;


  // The check constraints of migrations 003 and 006 admit only the contract's values, so parse cannot fail on stored rows.
  const toRecord = (r: OrderRow, parts: OrderParts): OrderRecord => ({
    id: r.id,
    userId: r.user_id,
    customerEmail: parts.customers.get(r.user_id)?.email ?? '',
    customerName: parts.customers.get(r.user_id)?.name ?? null,
    customerPhone: parts.customers.get(r.user_id)?.phone ?? null,
    status: OrderStatus.parse(r.status),
    paymentMethod: PaymentMethod.parse(r.payment_method),
    paymentStatus: PaymentStatus.parse(r.payment_status),
    paymentInstructions: r.payment_instructions,
    deliveryMethod: DeliveryMethod.parse(r.delivery_method),
    scheduledFor: r.scheduled_for,
    scheduledAt: r.scheduled_at,
    isAsap: r.is_asap === 1,
    address: r.address,
    // Stored after the discount (migration 009); the app's subtotal is the lines' sum.
    subtotalIdr: Number(r.subtotal_idr) + Number(r.discount_idr),
    discountIdr: Number(r.discount_idr),
    couponName: r.coupon_name,
    taxAndFeesIdr: Number(r.tax_and_fees_idr),
    shippingIdr: Number(r.shipping_idr),
    totalIdr: Number(r.total_idr),
    taxRateBasisPoints: r.tax_rate_bp,
    itemCount: r.item_count,
    placedAt: r.placed_at,
    updatedAt: r.updated_at,
    paidAt: r.paid_at,
    hiddenByCustomerAt: r.hidden_by_customer_at,
    refundStatus: r.refund_status === null ? null : RefundStatus.parse(r.refund_status),
    store: storeOf(r.store_id, parts.places),
    slotAt: r.slot_at,
    paymentDueAt: r.payment_due_at,
    lines: parts.lines.get(r.id) ?? [],
    history: parts.history.get(r.id) ?? [],
  });

  /** The orders' lines, steps, customers and stores, read together. */
  async function partsOf(rows: readonly OrderRow[], trx?: Transaction<Database>) {
    const ids = rows.map((r) => r.id);
    const [lines, history, customers, places] = await Promise.all([
      linesOf(ids, trx),
      steps.historyOf(ids, trx),
      lookups.customersOf(rows.map((r) => r.user_id), trx),
      lookups.placesOf(rows.map((r) => r.store_id)),
    ]);
    return { lines, history, customers, places };
  }
  type OrderParts = Awaited<ReturnType<typeof partsOf>>;

  return {
    async findOrder(orderId: number, trx?: Transaction<Database>): Promise<OrderRecord | undefined> {
      const row = await selectOrders(trx).where('orders.id', '=', orderId).executeTakeFirst();
      if (!row) return undefined;
      return toRecord(row, await partsOf([row], trx));
    },

    /** Newest first; id breaks ties so pages never overlap. */
    async listOrders(
      filter: OrderFilter,
      page: { limit: number; offset: number },
      trx?: Transaction<Database>,
    ): Promise<{ orders: OrderRecord[]; total: number }> {
      let query = (trx ?? db).selectFrom('orders');
      if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
      if (filter.visibleToCustomer) query = query.where('orders.hidden_by_customer_at', 'is', null);
      if (filter.status) query = query.where('orders.status', '=', filter.status);
      if (filter.active !== undefined) {
        query = query.where('orders.status', 'in', filter.active ? ACTIVE_ORDER_STATUSES : FINISHED_ORDER_STATUSES);
        if (filter.active) query = query.where(notAwaitingOnlinePayment);
      }
      if (filter.awaitingPayment) {
        query = query.where('orders.status', '=', 'pending').where('orders.payment_status', '=', 'awaiting-payment').where('orders.payment_due_at', 'is not', null);
      }
      if (filter.storeId !== undefined) query = query.where('orders.store_id', '=', filter.storeId);
      // The kitchen works to the time the customer comes (due first); every other list is newest placed first.
      const byDue = filter.active === true;
      const [counted, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('total')).execute(),
        query
          .select(ORDER_COLUMNS)
          .orderBy(byDue ? 'orders.scheduled_at' : 'orders.placed_at', byDue ? 'asc' : 'desc')
          .orderBy('orders.id', byDue ? 'asc' : 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      const parts = await partsOf(rows, trx);
      return {
        orders: rows.map((r) => toRecord(r, parts)),
        total: Number(counted[0]?.total ?? 0),
      };
    },

    async insertOrder(order: NewOrder, trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('orders')
        .values({
          user_id: order.userId,
          status: order.status,
          payment_method: order.paymentMethod,
          payment_status: order.paymentStatus,
          payment_instructions: order.paymentInstructions,
          delivery_method: order.deliveryMethod,
          scheduled_for: order.scheduledFor,
          scheduled_at: order.scheduledAt,
          is_asap: order.isAsap ? 1 : 0,
          address: order.address,
          subtotal_idr: order.subtotalIdr - (order.discountIdr ?? 0),
          discount_idr: order.discountIdr ?? 0,
          coupon_name: order.couponName ?? null,
          tax_and_fees_idr: order.taxAndFeesIdr,
          shipping_idr: order.shippingIdr,
          total_idr: order.totalIdr,
          tax_rate_bp: order.taxRateBasisPoints,
          item_count: order.itemCount,
          placed_at: order.placedAt,
          updated_at: order.placedAt,
          paid_at: order.paidAt ?? null,
          hidden_by_customer_at: null,
          store_id: order.storeId,
          slot_at: order.slotAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Its history starts with it; a past order loaded as demo data also gets its payment and where it is now.
      const events: { kind: OrderEventKind; at: string; by: 'customer' | null }[] = [{ kind: 'placed', at: order.placedAt, by: 'customer' }];
      if (order.paidAt) events.push({ kind: 'paid', at: order.paidAt, by: null });
      if (order.status !== 'pending' && order.status !== 'paid') events.push({ kind: order.status, at: order.placedAt, by: null });
      await steps.insertSteps(row.id, events, trx);
      return row.id;
    },

    insertLines: orderLines.insertLines,
    markLineDone: orderLines.markLineDone,

    // The payment's state: its method and window, the orders whose window ended, the refund recorded.
    ...createOrderPaymentStateRepository(db),
    ...createOrderStateWrites(db),
  };
}

/** An order's changes after it is placed: its status, its place in the history; and the Idempotency-Key records of placing one. */
function createOrderStateWrites(db: Kysely<Database>) {
  const sales = createOrderSalesRepository();
  return {
    async findIdempotencyKey(
      userId: number,
      key: string,
      trx?: Transaction<Database>,
    ): Promise<{ orderId: number; requestHash: string } | undefined> {
      const row = await (trx ?? db)
        .selectFrom('order_idempotency_keys')
        .select(['order_id', 'request_hash'])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && { orderId: row.order_id, requestHash: row.request_hash };
    },

    async insertIdempotencyKey(
      userId: number,
      key: string,
      orderId: number,
      requestHash: string,
      nowIso: string,
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .insertInto('order_idempotency_keys')
        .values({ user_id: userId, idempotency_key: key, order_id: orderId, request_hash: requestHash, created_at: nowIso })
        .execute();
    },

    /**
     * Moves an order only if it is still in the state the caller checked (compare-and-set), so two staff
     * members acting at once cannot both move it: the second gets false and re-reads. A move that makes the order a
     * sale (paid, not cancelled) or takes one back writes the sales summary in the same transaction.
     */
    async changeState(
      orderId: number,
      expected: { status: OrderStatus; paymentStatus: PaymentStatus },
      change: OrderStateChange,
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      const move = async (t: Transaction<Database>) => {
        const result = await t
          .updateTable('orders')
          .set({
            status: change.status,
            payment_status: change.paymentStatus,
            paid_at: change.paidAt,
            updated_at: change.updatedAt,
            ...(change.refundStatus !== undefined ? { refund_status: change.refundStatus } : {}),
          })
          .where('id', '=', orderId)
          .where('status', '=', expected.status)
          .where('payment_status', '=', expected.paymentStatus)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const wasSale = isSale(expected);
        // A sale taken back keeps its paid_at (every cancel passes the order's own), so it leaves the hour it was added to.
        if (wasSale !== isSale(change)) await sales.record(orderId, wasSale ? -1 : 1, t);
        return true;
      };
      return trx ? move(trx) : db.transaction().execute(move);
    },

    /** Adds an order written already paid (a free order, a past order of the demo data), lines and all, to the sales summary. */
    async recordSale(orderId: number, trx: Transaction<Database>): Promise<void> {
      await sales.record(orderId, 1, trx);
    },

    async hideFromCustomer(orderId: number, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .updateTable('orders')
        .set({ hidden_by_customer_at: nowIso })
        .where('id', '=', orderId)
        .where('hidden_by_customer_at', 'is', null)
        .execute();
    },

  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
