import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS, type DeliveryMethod, type PaymentMethod, type Report } from '@coffee/contract';
import type { ExportedOrder, OrderService, ReportWindow } from '../orders/orders.service.js';
import type { StoreService } from '../stores/stores.service.js';
import { CSV_BOM, csvLine } from './csv.js';
import { shopLocalOf } from './report-range.js';

/** The report as rows a spreadsheet sums: section, line, orders, quantity, amount in whole rupiah. */
export function* reportCsv(report: Report): Generator<string> {
  yield CSV_BOM + csvLine(['Section', 'Line', 'Orders', 'Quantity', 'Amount (IDR)']);
  const tax = `${report.tax.label} ${report.tax.ratePercent} %`;
  yield csvLine(['Report', `${report.from} to ${report.to} (${report.timeZone}), ${report.storeName ?? 'all stores'}`, null, null, null]);
  const t = report.totals;
  for (const [line, orders, quantity, amount] of [
    ['Sales', t.orders, null, t.salesIdr],
    ['Average ticket', null, null, t.averageTicketIdr],
    ['Items at menu prices', null, t.itemsSold, t.itemSalesIdr],
    ['Discounts', null, null, t.discountsIdr],
    [`Tax collected (${tax})`, null, null, report.tax.collectedIdr],
    ['Delivery fees', null, null, t.deliveryIdr],
    ['Refunds (paid, then cancelled)', report.refunds.orders, null, report.refunds.amountIdr],
    ['Refunds paid back', report.refunds.paidBackOrders, null, report.refunds.paidBackIdr],
    ['Cancelled before payment', report.cancellations.orders, null, report.cancellations.amountIdr],
  ] as const) {
    yield csvLine(['Totals', line, orders, quantity, amount]);
  }
  for (const d of report.byDay) yield csvLine(['By day', d.date, d.orders, null, d.salesIdr]);
  for (const h of report.byHour) yield csvLine(['By hour', `${String(h.hour).padStart(2, '0')}:00`, h.orders, null, h.salesIdr]);
  for (const w of report.byWeekday) yield csvLine(['By weekday', w.name, w.orders, null, w.salesIdr]);
  for (const s of report.byStore) yield csvLine(['By store', s.name, s.orders, null, s.salesIdr]);
  for (const m of report.byPaymentMethod) yield csvLine(['By payment method', m.label, m.orders, null, m.salesIdr]);
  for (const c of report.byChannel) yield csvLine(['By channel', c.label, c.orders, null, c.salesIdr]);
  for (const p of report.byProduct) yield csvLine(['By product', p.name, null, p.quantity, p.salesIdr]);
  for (const c of report.byCategory) yield csvLine(['By category', c.category, null, c.quantity, c.salesIdr]);
}

const PAGE = 1000;

export interface OrdersCsvDeps {
  orders: Pick<OrderService, 'exportPage'>;
  stores: Pick<StoreService, 'placesOf'>;
  timeZone: string;
  taxLabel: string;
}

function orderRow(o: ExportedOrder, store: string, localOf: ReturnType<typeof shopLocalOf>) {
  const localTime = (iso: string | null) => (iso === null ? null : localOf(Date.parse(iso)).text);
  const isSale = o.paymentStatus === 'paid' && o.status !== 'cancelled';
  return csvLine([
    o.id,
    localTime(o.placedAt),
    localTime(o.paidAt),
    store,
    o.status,
    PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod,
    o.paymentStatus,
    o.refundStatus,
    DELIVERY_METHOD_LABELS[o.deliveryMethod as DeliveryMethod] ?? o.deliveryMethod,
    o.itemCount,
    o.subtotalIdr,
    o.discountIdr,
    o.taxIdr,
    o.deliveryIdr,
    o.totalIdr,
    o.couponName,
    isSale ? 'yes' : 'no',
  ]);
}

/**
 * Every order placed in the window, a keyset page at a time: the generator asks for the next page only when the
 * reply has taken the last one, so a year of orders is never in memory at once.
 */
export async function* ordersCsv(w: ReportWindow, deps: OrdersCsvDeps): AsyncGenerator<string> {
  yield CSV_BOM +
    csvLine([
      'Order', 'Placed (shop time)', 'Paid (shop time)', 'Store', 'Status', 'Payment method', 'Payment status', 'Refund', 'Channel', 'Items',
      'Items at menu prices (IDR)', 'Discount (IDR)', `${deps.taxLabel} (IDR)`, 'Delivery fee (IDR)', 'Total (IDR)', 'Coupon', 'Counted as sale',
    ]);
  const storeNames = new Map<number, string>();
  const localOf = shopLocalOf(deps.timeZone);
  let after: { placedAt: string; id: number } | null = null;
  for (;;) {
    const page = await deps.orders.exportPage(w, after, PAGE);
    const unknown = [...new Set(page.map((o) => o.storeId).filter((id): id is number => id !== null && !storeNames.has(id)))];
    if (unknown.length > 0) for (const [id, place] of await deps.stores.placesOf(unknown)) storeNames.set(id, place.name);
    let chunk = '';
    for (const o of page) chunk += orderRow(o, o.storeId === null ? 'No store' : (storeNames.get(o.storeId) ?? `Store #${o.storeId}`), localOf);
    if (chunk) yield chunk;
    if (page.length < PAGE) return;
    const last = page[page.length - 1]!;
    after = { placedAt: last.placedAt, id: last.id };
  }
}
