import type { Kysely } from 'kysely';
import {
  DeliveryMethod,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  SizeCode,
} from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { imageUrlOf } from '../cart/cart.repository.js';

export interface OrderLineRecord {
  id: number;
  productId: number;
  name: string;
  /** The product's picture as it is now (the product row is never hard-deleted). */
  imageUrl: string | null;
  sizeCode: SizeCode | null;
  sizeLabel: string | null;
  quantity: number;
  unitPriceIdr: number;
  lineTotalIdr: number;
}

export interface OrderRecord {
  id: number;
  userId: number;
  customerEmail: string;
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
  taxAndFeesIdr: number;
  shippingIdr: number;
  totalIdr: number;
  taxRateBasisPoints: number;
  itemCount: number;
  placedAt: string;
  updatedAt: string;
  paidAt: string | null;
  hiddenByCustomerAt: string | null;
  lines: OrderLineRecord[];
}

export type NewOrder = Omit<OrderRecord, 'id' | 'customerEmail' | 'lines' | 'paidAt' | 'hiddenByCustomerAt' | 'updatedAt'> & {
  /** Only for past orders loaded as demo data; a placed order is paid later. */
  paidAt?: string | null;
};
export type NewOrderLine = Omit<OrderLineRecord, 'id' | 'imageUrl'>;

export interface OrderFilter {
  /** Only this customer's orders (the customer's own history). */
  userId?: number | undefined;
  /** Leave out orders the customer removed from the history. */
  visibleToCustomer?: boolean | undefined;
  status?: OrderStatus | undefined;
}

export interface OrderStateChange {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paidAt: string | null;
  updatedAt: string;
}

const ORDER_COLUMNS = [
  'orders.id',
  'orders.user_id',
  'users.email',
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
  'orders.tax_and_fees_idr',
  'orders.shipping_idr',
  'orders.total_idr',
  'orders.tax_rate_bp',
  'orders.item_count',
  'orders.placed_at',
  'orders.updated_at',
  'orders.paid_at',
  'orders.hidden_by_customer_at',
] as const;

/** Orders SQL; takes the database or an open transaction. Money columns are bigint: read back as numbers on both databases. */
export function createOrderRepository(db: Kysely<Database>) {
  const selectOrders = () => db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select(ORDER_COLUMNS);
  type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

  async function linesOf(orderIds: readonly number[]): Promise<Map<number, OrderLineRecord[]>> {
    const byOrder = new Map<number, OrderLineRecord[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await db
      .selectFrom('order_lines')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .select([
        'order_lines.id',
        'order_lines.order_id',
        'order_lines.product_id',
        'order_lines.product_name',
        'order_lines.size_code',
        'order_lines.size_label',
        'order_lines.quantity',
        'order_lines.unit_price_idr',
        'order_lines.line_total_idr',
        'products.images',
      ])
      .where('order_lines.order_id', 'in', [...orderIds])
      .orderBy('order_lines.id', 'asc')
      .execute();
    for (const r of rows) {
      const size = SizeCode.safeParse(r.size_code);
      const line: OrderLineRecord = {
        id: r.id,
        productId: r.product_id,
        name: r.product_name,
        imageUrl: imageUrlOf(r.images),
        sizeCode: size.success ? size.data : null,
        sizeLabel: r.size_label,
        quantity: r.quantity,
        unitPriceIdr: Number(r.unit_price_idr),
        lineTotalIdr: Number(r.line_total_idr),
      };
      const list = byOrder.get(r.order_id);
      if (list) list.push(line);
      else byOrder.set(r.order_id, [line]);
    }
    return byOrder;
  }

  // The check constraints of migration 003 admit only the contract's values, so parse cannot fail on stored rows.
  const toRecord = (r: OrderRow, lines: OrderLineRecord[]): OrderRecord => ({
    id: r.id,
    userId: r.user_id,
    customerEmail: r.email,
    status: OrderStatus.parse(r.status),
    paymentMethod: PaymentMethod.parse(r.payment_method),
    paymentStatus: PaymentStatus.parse(r.payment_status),
    paymentInstructions: r.payment_instructions,
    deliveryMethod: DeliveryMethod.parse(r.delivery_method),
    scheduledFor: r.scheduled_for,
    scheduledAt: r.scheduled_at,
    isAsap: r.is_asap === 1,
    address: r.address,
    subtotalIdr: Number(r.subtotal_idr),
    taxAndFeesIdr: Number(r.tax_and_fees_idr),
    shippingIdr: Number(r.shipping_idr),
    totalIdr: Number(r.total_idr),
    taxRateBasisPoints: r.tax_rate_bp,
    itemCount: r.item_count,
    placedAt: r.placed_at,
    updatedAt: r.updated_at,
    paidAt: r.paid_at,
    hiddenByCustomerAt: r.hidden_by_customer_at,
    lines,
  });

  return {
    async findOrder(orderId: number): Promise<OrderRecord | undefined> {
      const row = await selectOrders().where('orders.id', '=', orderId).executeTakeFirst();
      if (!row) return undefined;
      return toRecord(row, (await linesOf([row.id])).get(row.id) ?? []);
    },

    /** Newest first; id breaks ties so pages never overlap. */
    async listOrders(filter: OrderFilter, page: { limit: number; offset: number }): Promise<{ orders: OrderRecord[]; total: number }> {
      let query = db.selectFrom('orders');
      if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
      if (filter.visibleToCustomer) query = query.where('orders.hidden_by_customer_at', 'is', null);
      if (filter.status) query = query.where('orders.status', '=', filter.status);
      const [counted, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('total')).execute(),
        query
          .innerJoin('users', 'users.id', 'orders.user_id')
          .select(ORDER_COLUMNS)
          .orderBy('orders.placed_at', 'desc')
          .orderBy('orders.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      const lines = await linesOf(rows.map((r) => r.id));
      return { orders: rows.map((r) => toRecord(r, lines.get(r.id) ?? [])), total: Number(counted[0]?.total ?? 0) };
    },

    async insertOrder(order: NewOrder): Promise<number> {
      const row = await db
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
          subtotal_idr: order.subtotalIdr,
          tax_and_fees_idr: order.taxAndFeesIdr,
          shipping_idr: order.shippingIdr,
          total_idr: order.totalIdr,
          tax_rate_bp: order.taxRateBasisPoints,
          item_count: order.itemCount,
          placed_at: order.placedAt,
          updated_at: order.placedAt,
          paid_at: order.paidAt ?? null,
          hidden_by_customer_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertLines(orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
      if (lines.length === 0) return;
      await db
        .insertInto('order_lines')
        .values(
          lines.map((l) => ({
            order_id: orderId,
            product_id: l.productId,
            product_name: l.name,
            size_code: l.sizeCode,
            size_label: l.sizeLabel,
            quantity: l.quantity,
            unit_price_idr: l.unitPriceIdr,
            line_total_idr: l.lineTotalIdr,
          })),
        )
        .execute();
    },

    async setPayment(orderId: number, paymentStatus: PaymentStatus, instructions: string | null): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_status: paymentStatus, payment_instructions: instructions })
        .where('id', '=', orderId)
        .execute();
    },

    async findIdempotencyKey(userId: number, key: string): Promise<{ orderId: number; requestHash: string } | undefined> {
      const row = await db
        .selectFrom('order_idempotency_keys')
        .select(['order_id', 'request_hash'])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && { orderId: row.order_id, requestHash: row.request_hash };
    },

    async insertIdempotencyKey(userId: number, key: string, orderId: number, requestHash: string, nowIso: string): Promise<void> {
      await db
        .insertInto('order_idempotency_keys')
        .values({ user_id: userId, idempotency_key: key, order_id: orderId, request_hash: requestHash, created_at: nowIso })
        .execute();
    },

    /**
     * Moves an order only if it is still in the state the caller checked (compare-and-set), so two staff
     * members acting at once cannot both move it: the second gets false and re-reads.
     */
    async changeState(
      orderId: number,
      expected: { status: OrderStatus; paymentStatus: PaymentStatus },
      change: OrderStateChange,
    ): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({
          status: change.status,
          payment_status: change.paymentStatus,
          paid_at: change.paidAt,
          updated_at: change.updatedAt,
        })
        .where('id', '=', orderId)
        .where('status', '=', expected.status)
        .where('payment_status', '=', expected.paymentStatus)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async hideFromCustomer(orderId: number, nowIso: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ hidden_by_customer_at: nowIso })
        .where('id', '=', orderId)
        .where('hidden_by_customer_at', 'is', null)
        .execute();
    },

    async findDeliveryAddress(userId: number): Promise<string> {
      const row = await db.selectFrom('users').select('delivery_address').where('id', '=', userId).executeTakeFirst();
      return row?.delivery_address ?? '';
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
