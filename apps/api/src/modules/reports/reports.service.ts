import {
  DELIVERY_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  weekdayName,
  type DeliveryMethod,
  type PaymentMethod,
  type Report,
  type ReportQuery,
} from '@coffee/contract';
import { notFound } from '../../lib/errors.js';
import type { OrderSettings } from '../../config.js';
import type { HourOfSales, OrderService, ReportWindow, SalesSplit } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';
import type { StoreService } from '../stores/stores.service.js';
import { addDays, daysBetween, resolveRange, shopLocalOf, type ResolvedRange } from './report-range.js';

export interface ReportServiceDeps {
  orders: Pick<OrderService, 'salesByHour' | 'salesBySplit' | 'salesByProduct' | 'refunds' | 'unpaidCancellations' | 'exportPage'>;
  products: Pick<ProductService, 'productFacts'>;
  stores: Pick<StoreService, 'placesOf'>;
  settings: Pick<OrderSettings, 'shopTimeZone' | 'taxRateBasisPoints' | 'taxLabel'>;
  now: () => Date;
}

type Figure = { orders: number; salesIdr: number };
const add = (into: Figure, orders: number, salesIdr: number) => {
  into.orders += orders;
  into.salesIdr += salesIdr;
};
const bySales = <T extends { salesIdr: number }>(a: T, b: T) => b.salesIdr - a.salesIdr;

/** The rate as people write it: 1000 basis points is "10", 1150 is "11.5". */
export const ratePercent = (basisPoints: number): string => String(basisPoints / 100);

/** Folds paid orders per UTC hour into the shop's days, hours of the day and weekdays, and the range's totals. */
function foldHours(hours: readonly HourOfSales[], range: ResolvedRange, timeZone: string) {
  const days = Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) => ({ date: addDays(range.from, i), orders: 0, salesIdr: 0 }));
  const dayIndex = new Map(days.map((d, i) => [d.date, i]));
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, salesIdr: 0 }));
  const byWeekday = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, name: weekdayName(i + 1), orders: 0, salesIdr: 0 }));
  const totals = { orders: 0, salesIdr: 0, items: 0, discountsIdr: 0, taxIdr: 0, deliveryIdr: 0 };
  const localOf = shopLocalOf(timeZone);
  for (const h of hours) {
    const local = localOf(Date.parse(`${h.hourUtc}:00:00Z`));
    const day = dayIndex.get(local.date);
    if (day !== undefined) add(days[day]!, h.orders, h.salesIdr);
    add(byHour[local.hour]!, h.orders, h.salesIdr);
    add(byWeekday[local.isoWeekday - 1]!, h.orders, h.salesIdr);
    totals.orders += h.orders;
    totals.salesIdr += h.salesIdr;
    totals.items += h.items;
    totals.discountsIdr += h.discountsIdr;
    totals.taxIdr += h.taxIdr;
    totals.deliveryIdr += h.deliveryIdr;
  }
  return { days, byHour, byWeekday, totals };
}

function foldSplits(splits: readonly SalesSplit[], storeNames: Map<number, { name: string }>) {
  const stores = new Map<number | null, Figure & { storeId: number | null; name: string }>();
  const methods = new Map<string, Figure & { method: string; label: string }>();
  const channels = new Map<string, Figure & { channel: string; label: string }>();
  for (const s of splits) {
    const name = s.storeId === null ? 'No store' : (storeNames.get(s.storeId)?.name ?? `Store #${s.storeId}`);
    const store = stores.get(s.storeId) ?? { storeId: s.storeId, name, orders: 0, salesIdr: 0 };
    const method = methods.get(s.paymentMethod) ?? { method: s.paymentMethod, label: PAYMENT_METHOD_LABELS[s.paymentMethod as PaymentMethod] ?? s.paymentMethod, orders: 0, salesIdr: 0 };
    const channel = channels.get(s.deliveryMethod) ?? {
      channel: s.deliveryMethod,
      label: DELIVERY_METHOD_LABELS[s.deliveryMethod as DeliveryMethod] ?? s.deliveryMethod,
      orders: 0,
      salesIdr: 0,
    };
    for (const figure of [store, method, channel]) add(figure, s.orders, s.salesIdr);
    stores.set(s.storeId, store);
    methods.set(s.paymentMethod, method);
    channels.set(s.deliveryMethod, channel);
  }
  return { byStore: [...stores.values()].sort(bySales), byPaymentMethod: [...methods.values()].sort(bySales), byChannel: [...channels.values()].sort(bySales) };
}

/** Reports: reads the orders module's figures through its door and names them with the products' and stores'. */
export function createReportService(deps: ReportServiceDeps) {
  const { settings } = deps;

  async function windowOf(query: ReportQuery): Promise<{ range: ResolvedRange; window: ReportWindow; storeName: string | null }> {
    const range = resolveRange(query, deps.now(), settings.shopTimeZone);
    const storeId = query.storeId ?? null;
    let storeName: string | null = null;
    if (storeId !== null) {
      storeName = (await deps.stores.placesOf([storeId])).get(storeId)?.name ?? null;
      if (storeName === null) throw notFound(/*i18n*/ 'That store is not in the list any more: choose another');
    }
    return { range, window: { fromIso: range.fromIso, toIso: range.toIso, storeId }, storeName };
  }

  async function productFigures(w: ReportWindow) {
    const rows = await deps.orders.salesByProduct(w);
    const facts = await deps.products.productFacts(rows.map((r) => r.productId));
    const byProduct = rows
      .map((r) => ({ ...r, name: facts.get(r.productId)?.name ?? `Product #${r.productId}`, category: facts.get(r.productId)?.category ?? 'other' }))
      .sort(bySales);
    const categories = new Map<string, { category: string; quantity: number; salesIdr: number }>();
    for (const p of byProduct) {
      const c = categories.get(p.category) ?? { category: p.category, quantity: 0, salesIdr: 0 };
      c.quantity += p.quantity;
      c.salesIdr += p.salesIdr;
      categories.set(p.category, c);
    }
    return { byProduct, byCategory: [...categories.values()].sort(bySales) };
  }

  async function report(query: ReportQuery): Promise<Report> {
    const { range, window: w, storeName } = await windowOf(query);
    // Independent statements: on PostgreSQL each runs on its own pooled connection at once.
    const [hours, splits, products, refunds, cancelled] = await Promise.all([
      deps.orders.salesByHour(w),
      deps.orders.salesBySplit(w),
      productFigures(w),
      deps.orders.refunds(w),
      deps.orders.unpaidCancellations(w),
    ]);
    const storeNames = await deps.stores.placesOf(splits.map((s) => s.storeId));
    const { days, byHour, byWeekday, totals } = foldHours(hours, range, settings.shopTimeZone);
    const paidBack = refunds.filter((r) => r.refundStatus === 'refunded');
    return {
      range: range.range,
      from: range.from,
      to: range.to,
      timeZone: settings.shopTimeZone,
      storeId: w.storeId,
      storeName,
      totals: {
        salesIdr: totals.salesIdr,
        orders: totals.orders,
        averageTicketIdr: totals.orders === 0 ? 0 : Math.round(totals.salesIdr / totals.orders),
        itemsSold: totals.items,
        itemSalesIdr: totals.salesIdr - totals.taxIdr - totals.deliveryIdr + totals.discountsIdr,
        discountsIdr: totals.discountsIdr,
        taxIdr: totals.taxIdr,
        deliveryIdr: totals.deliveryIdr,
      },
      tax: {
        label: settings.taxLabel,
        ratePercent: ratePercent(settings.taxRateBasisPoints),
        basis: `Menu prices exclude ${settings.taxLabel}: each order adds ${ratePercent(settings.taxRateBasisPoints)} % of its items after the coupon discount (delivery fee untaxed), rounded to the rupiah once per order. Collected is the sum of what the paid orders were charged.`,
        collectedIdr: totals.taxIdr,
      },
      refunds: {
        orders: refunds.reduce((s, r) => s + r.orders, 0),
        amountIdr: refunds.reduce((s, r) => s + r.amountIdr, 0),
        paidBackOrders: paidBack.reduce((s, r) => s + r.orders, 0),
        paidBackIdr: paidBack.reduce((s, r) => s + r.amountIdr, 0),
      },
      cancellations: cancelled,
      byDay: days,
      byHour,
      byWeekday,
      ...foldSplits(splits, storeNames),
      ...products,
    };
  }

  return { report, windowOf };
}

export type ReportService = ReturnType<typeof createReportService>;
