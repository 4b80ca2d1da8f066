import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ALL_STORES } from './order-sales.repository.js';

/** The orders a report reads: paid (or placed) from `fromIso` up to, not including, `toIso`; one store or all. */
export interface ReportWindow {
  fromIso: string;
  toIso: string;
  storeId: number | null;
}

/** Paid orders of one UTC hour ('YYYY-MM-DDTHH'): the report folds them into the shop's days, hours and weekdays. */
export interface HourOfSales {
  hourUtc: string;
  orders: number;
  salesIdr: number;
  items: number;
  discountsIdr: number;
  taxIdr: number;
  deliveryIdr: number;
}

export interface SalesSplit {
  storeId: number | null;
  paymentMethod: string;
  deliveryMethod: string;
  orders: number;
  salesIdr: number;
}

export interface ProductSales {
  productId: number;
  quantity: number;
  salesIdr: number;
}

/** One order as the orders' export writes it. */
export interface ExportedOrder {
  id: number;
  placedAt: string;
  paidAt: string | null;
  storeId: number | null;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  refundStatus: string | null;
  deliveryMethod: string;
  itemCount: number;
  subtotalIdr: number;
  discountIdr: number;
  taxIdr: number;
  deliveryIdr: number;
  totalIdr: number;
  couponName: string | null;
}

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;
const n = (v: string | number | bigint | null): number => Number(v ?? 0);
// Written out rather than bound, so PostgreSQL sees the partial indexes' own condition (migration 026) in the query.
const isSale = sql<boolean>`orders.payment_status = 'paid' and orders.status <> 'cancelled'`;

function paidIn<O>(query: OrdersQuery<O>, w: ReportWindow): OrdersQuery<O> {
  const inRange = query.where('orders.paid_at', '>=', w.fromIso).where('orders.paid_at', '<', w.toIso);
  return w.storeId === null ? inRange : inRange.where('orders.store_id', '=', w.storeId);
}

const sumOf = (eb: ExpressionBuilder<Database, 'orders'>, column: 'orders.total_idr' | 'orders.item_count' | 'orders.discount_idr' | 'orders.tax_and_fees_idr' | 'orders.shipping_idr') =>
  eb.fn.coalesce(eb.fn.sum<string | number>(column), sql<number>`0`);

/**
 * The report's figures read from the orders themselves, each one GROUP BY statement for both databases: the whole
 * answer before the summary (migration 029), now the edges of a window the summary does not hold whole.
 */
export function createRawOrderFigures(db: Kysely<Database>) {
  return {
    async salesByHour(w: ReportWindow): Promise<HourOfSales[]> {
      const hour = sql<string>`substr(orders.paid_at, 1, 13)`;
      const rows = await paidIn(db.selectFrom('orders').where(isSale), w)
        .select((eb) => [
          hour.as('hour_utc'),
          eb.fn.countAll<string | number>().as('orders'),
          sumOf(eb, 'orders.total_idr').as('sales'),
          sumOf(eb, 'orders.item_count').as('items'),
          sumOf(eb, 'orders.discount_idr').as('discounts'),
          sumOf(eb, 'orders.tax_and_fees_idr').as('tax'),
          sumOf(eb, 'orders.shipping_idr').as('delivery'),
        ])
        .groupBy(hour)
        .execute();
      return rows.map((r) => ({
        hourUtc: r.hour_utc,
        orders: n(r.orders),
        salesIdr: n(r.sales),
        items: n(r.items),
        discountsIdr: n(r.discounts),
        taxIdr: n(r.tax),
        deliveryIdr: n(r.delivery),
      }));
    },

    async salesBySplit(w: ReportWindow): Promise<SalesSplit[]> {
      const rows = await paidIn(db.selectFrom('orders').where(isSale), w)
        .select((eb) => ['orders.store_id', 'orders.payment_method', 'orders.delivery_method', eb.fn.countAll<string | number>().as('orders'), sumOf(eb, 'orders.total_idr').as('sales')])
        .groupBy(['orders.store_id', 'orders.payment_method', 'orders.delivery_method'])
        .execute();
      return rows.map((r) => ({ storeId: r.store_id, paymentMethod: r.payment_method, deliveryMethod: r.delivery_method, orders: n(r.orders), salesIdr: n(r.sales) }));
    },

    async salesByProduct(w: ReportWindow): Promise<ProductSales[]> {
      // The window's first and last order ids, from the sales index alone ('+ 0' keeps PostgreSQL from walking the
      // primary key for min and max instead). Orders are numbered as they are placed and paid soon after, so the
      // lines are then read as one short range of their index instead of the whole table.
      const bounds = await paidIn(db.selectFrom('orders').where(isSale), w)
        .select([sql<number | null>`min(orders.id + 0)`.as('lo'), sql<number | null>`max(orders.id + 0)`.as('hi')])
        .executeTakeFirstOrThrow();
      if (bounds.lo === null || bounds.hi === null) return [];
      let query = db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .where(isSale)
        .where('orders.paid_at', '>=', w.fromIso)
        .where('orders.paid_at', '<', w.toIso)
        .where('order_lines.order_id', '>=', Number(bounds.lo))
        .where('order_lines.order_id', '<=', Number(bounds.hi));
      if (w.storeId !== null) query = query.where('orders.store_id', '=', w.storeId);
      const rows = await query
        .select((eb) => [
          'order_lines.product_id',
          eb.fn.coalesce(eb.fn.sum<string | number>('order_lines.quantity'), sql<number>`0`).as('quantity'),
          eb.fn.coalesce(eb.fn.sum<string | number>('order_lines.line_total_idr'), sql<number>`0`).as('sales'),
        ])
        .groupBy('order_lines.product_id')
        .execute();
      return rows.map((r) => ({ productId: r.product_id, quantity: n(r.quantity), salesIdr: n(r.sales) }));
    },

    /** Orders paid in the window and cancelled after: by refund status ('refund-due', 'refunded'). */
    async refunds(w: ReportWindow): Promise<{ refundStatus: string | null; orders: number; amountIdr: number }[]> {
      // Written out, like isSale, so PostgreSQL takes the small partial index of these (migration 029).
      const rows = await paidIn(db.selectFrom('orders').where(sql<boolean>`orders.payment_status = 'paid' and orders.status = 'cancelled'`), w)
        .select((eb) => ['orders.refund_status', eb.fn.countAll<string | number>().as('orders'), sumOf(eb, 'orders.total_idr').as('amount')])
        .groupBy('orders.refund_status')
        .execute();
      return rows.map((r) => ({ refundStatus: r.refund_status, orders: n(r.orders), amountIdr: n(r.amount) }));
    },

    /** Orders placed in the window and cancelled before anyone paid for them. */
    async unpaidCancellations(w: ReportWindow): Promise<{ orders: number; amountIdr: number }> {
      let query = db
        .selectFrom('orders')
        .where(sql<boolean>`orders.status = 'cancelled' and orders.payment_status <> 'paid'`)
        .where('orders.placed_at', '>=', w.fromIso)
        .where('orders.placed_at', '<', w.toIso);
      if (w.storeId !== null) query = query.where('orders.store_id', '=', w.storeId);
      const row = await query.select((eb) => [eb.fn.countAll<string | number>().as('orders'), sumOf(eb, 'orders.total_idr').as('amount')]).executeTakeFirstOrThrow();
      return { orders: n(row.orders), amountIdr: n(row.amount) };
    },

    /**
     * One page of the orders placed in the window, after the order `after` (placed_at, id): keyset pages, so an export
     * of a year reads a page at a time and never holds the year.
     */
    async exportPage(w: ReportWindow, after: { placedAt: string; id: number } | null, limit: number): Promise<ExportedOrder[]> {
      let query = db.selectFrom('orders').where('orders.placed_at', '>=', w.fromIso).where('orders.placed_at', '<', w.toIso);
      if (w.storeId !== null) query = query.where('orders.store_id', '=', w.storeId);
      if (after) {
        // The bare `>=` lets the index start at the last page's moment; the `or` then skips what that page already had.
        query = query
          .where('orders.placed_at', '>=', after.placedAt)
          .where((eb) => eb.or([eb('orders.placed_at', '>', after.placedAt), eb('orders.id', '>', after.id)]));
      }
      const rows = await query
        .select([
          'id', 'placed_at', 'paid_at', 'store_id', 'status', 'payment_method', 'payment_status', 'refund_status', 'delivery_method',
          'item_count', 'subtotal_idr', 'discount_idr', 'tax_and_fees_idr', 'shipping_idr', 'total_idr', 'coupon_name',
        ])
        .orderBy('orders.placed_at')
        .orderBy('orders.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        placedAt: r.placed_at,
        paidAt: r.paid_at,
        storeId: r.store_id,
        status: r.status,
        paymentMethod: r.payment_method,
        paymentStatus: r.payment_status,
        refundStatus: r.refund_status,
        deliveryMethod: r.delivery_method,
        itemCount: n(r.item_count),
        // The database keeps the subtotal after the coupon; the export shows the items' price and the discount apart.
        subtotalIdr: n(r.subtotal_idr) + n(r.discount_idr),
        discountIdr: n(r.discount_idr),
        taxIdr: n(r.tax_and_fees_idr),
        deliveryIdr: n(r.shipping_idr),
        totalIdr: n(r.total_idr),
        couponName: r.coupon_name,
      }));
    },
  };
}

export type RawOrderFigures = ReturnType<typeof createRawOrderFigures>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * A window cut at whole UTC hours or days: the whole ones in between (as the summary's keys, the first included and
 * the last not) and the pieces at its ends the summary cannot give, read from the orders. Shop days in a zone a whole
 * number of hours from UTC are whole hours, so only the day-keyed figures have edges there.
 */
export function cutWindow(w: ReportWindow, unit: 'hour' | 'day'): { whole: { from: string; to: string } | null; edges: ReportWindow[] } {
  const ms = unit === 'hour' ? HOUR_MS : DAY_MS;
  const keyLength = unit === 'hour' ? 13 : 10;
  const from = Date.parse(w.fromIso);
  const to = Date.parse(w.toIso);
  const wholeFrom = Math.ceil(from / ms) * ms;
  const wholeTo = Math.floor(to / ms) * ms;
  if (wholeFrom >= wholeTo) return { whole: null, edges: [w] };
  const edges: ReportWindow[] = [];
  if (from < wholeFrom) edges.push({ ...w, toIso: isoOf(wholeFrom) });
  if (wholeTo < to) edges.push({ ...w, fromIso: isoOf(wholeTo) });
  return { whole: { from: isoOf(wholeFrom).slice(0, keyLength), to: isoOf(wholeTo).slice(0, keyLength) }, edges };
}

/** Rows of one key added together, in the key's order: the same answer however the window was cut. */
function merged<T>(rows: readonly T[], keyOf: (row: T) => string, add: (into: T, row: T) => void): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const into = byKey.get(key);
    if (into) add(into, row);
    else byKey.set(key, { ...row });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** The summary's rows of a store, or of every store together. */
const storeKey = (storeId: number | null) => storeId ?? ALL_STORES;

/**
 * The report's figures: whole UTC hours and days summed from the sales summary the order moves keep (migration 029,
 * order-sales.repository.ts), the window's partial ends from the orders, so the answer is the one the orders alone
 * give. The report (modules/reports) asks the order service, never these tables.
 */
export function createOrderReportRepository(db: Kysely<Database>) {
  const raw = createRawOrderFigures(db);
  const fromEdges = <T>(edges: readonly ReportWindow[], read: (w: ReportWindow) => Promise<T[]>) => Promise.all(edges.map(read)).then((parts) => parts.flat());

  async function summedHours(whole: { from: string; to: string } | null, storeId: number | null): Promise<HourOfSales[]> {
    if (!whole) return [];
    const rows = await db
      .selectFrom('order_sales_hours')
      .select(['hour_utc', 'order_count', 'sales_idr', 'items', 'discount_idr', 'tax_idr', 'delivery_idr'])
      .where('store_key', '=', storeKey(storeId))
      .where('hour_utc', '>=', whole.from)
      .where('hour_utc', '<', whole.to)
      .where('order_count', '<>', 0)
      .execute();
    return rows.map((r) => ({
      hourUtc: r.hour_utc,
      orders: n(r.order_count),
      salesIdr: n(r.sales_idr),
      items: n(r.items),
      discountsIdr: n(r.discount_idr),
      taxIdr: n(r.tax_idr),
      deliveryIdr: n(r.delivery_idr),
    }));
  }

  async function summedSplits(whole: { from: string; to: string } | null, storeId: number | null): Promise<SalesSplit[]> {
    if (!whole) return [];
    let query = db.selectFrom('order_sales_days').where('day_utc', '>=', whole.from).where('day_utc', '<', whole.to);
    if (storeId !== null) query = query.where('store_key', '=', storeId);
    const rows = await query
      .select((eb) => ['store_key', 'payment_method', 'delivery_method', eb.fn.sum<string | number>('order_count').as('orders'), eb.fn.sum<string | number>('sales_idr').as('sales')])
      .groupBy(['store_key', 'payment_method', 'delivery_method'])
      .having((eb) => eb.fn.sum('order_count'), '<>', 0)
      .execute();
    return rows.map((r) => ({ storeId: r.store_key === 0 ? null : r.store_key, paymentMethod: r.payment_method, deliveryMethod: r.delivery_method, orders: n(r.orders), salesIdr: n(r.sales) }));
  }

  async function summedProducts(whole: { from: string; to: string } | null, storeId: number | null): Promise<ProductSales[]> {
    if (!whole) return [];
    const rows = await db
      .selectFrom('order_sales_products')
      .select((eb) => ['product_id', eb.fn.sum<string | number>('quantity').as('quantity'), eb.fn.sum<string | number>('sales_idr').as('sales')])
      .where('store_key', '=', storeKey(storeId))
      .where('day_utc', '>=', whole.from)
      .where('day_utc', '<', whole.to)
      .groupBy('product_id')
      .having((eb) => eb.fn.sum('quantity'), '<>', 0)
      .execute();
    return rows.map((r) => ({ productId: r.product_id, quantity: n(r.quantity), salesIdr: n(r.sales) }));
  }

  return {
    async salesByHour(w: ReportWindow): Promise<HourOfSales[]> {
      const { whole, edges } = cutWindow(w, 'hour');
      const rows = (await Promise.all([summedHours(whole, w.storeId), fromEdges(edges, (e) => raw.salesByHour(e))])).flat();
      return merged(rows, (r) => r.hourUtc, (into, r) => {
        into.orders += r.orders;
        into.salesIdr += r.salesIdr;
        into.items += r.items;
        into.discountsIdr += r.discountsIdr;
        into.taxIdr += r.taxIdr;
        into.deliveryIdr += r.deliveryIdr;
      });
    },

    async salesBySplit(w: ReportWindow): Promise<SalesSplit[]> {
      const { whole, edges } = cutWindow(w, 'day');
      const rows = (await Promise.all([summedSplits(whole, w.storeId), fromEdges(edges, (e) => raw.salesBySplit(e))])).flat();
      return merged(rows, (r) => `${String(r.storeId ?? 0).padStart(12, '0')} ${r.paymentMethod} ${r.deliveryMethod}`, (into, r) => {
        into.orders += r.orders;
        into.salesIdr += r.salesIdr;
      });
    },

    async salesByProduct(w: ReportWindow): Promise<ProductSales[]> {
      const { whole, edges } = cutWindow(w, 'day');
      const rows = (await Promise.all([summedProducts(whole, w.storeId), fromEdges(edges, (e) => raw.salesByProduct(e))])).flat();
      return merged(rows, (r) => String(r.productId).padStart(12, '0'), (into, r) => {
        into.quantity += r.quantity;
        into.salesIdr += r.salesIdr;
      });
    },

    // A few percent of the orders, read from the orders through partial indexes of their own (migration 029).
    refunds: (w: ReportWindow) => raw.refunds(w),
    unpaidCancellations: (w: ReportWindow) => raw.unpaidCancellations(w),
    exportPage: (w: ReportWindow, after: { placedAt: string; id: number } | null, limit: number) => raw.exportPage(w, after, limit),
  };
}

export type OrderReportRepository = ReturnType<typeof createOrderReportRepository>;
