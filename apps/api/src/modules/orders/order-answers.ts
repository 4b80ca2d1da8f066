import { rupiahToPriceUnits, toShopLocal, type Order, type OrderPayment, type PageMeta, type StaffOrder } from '@coffee/contract';
import { toPriceSummary } from '../checkout/checkout.service.js';
import { checkCustomerCancel, checkMarkPaid, nextStatuses } from './order-status.js';
import type { OrderRecord } from './orders.repository.js';

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

export const toStaffOrder = (r: OrderRecord, timeZone: string, payment: OrderPayment | null = null): StaffOrder => {
  const order = toOrder(r, timeZone, payment);
  return {
    ...order,
    lines: order.lines.map((line, i) => ({ ...line, done: r.lines[i]?.doneAt != null })),
    customer: { id: r.userId, email: r.customerEmail, name: r.customerName, phone: r.customerPhone },
    nextStatuses: nextStatuses(r),
    paymentDueAt: r.paymentStatus === 'awaiting-payment' ? r.paymentDueAt : null,
    canMarkPaid: checkMarkPaid(r).ok,
  };
};

/** Where a page of a list stands: its number, its size, and how many there are in all. */
export const pageMeta = (query: { page: number; limit: number }, total: number): PageMeta => ({ page: query.page, limit: query.limit, total });
