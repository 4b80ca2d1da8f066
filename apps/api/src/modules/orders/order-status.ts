import {
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  type DeliveryMethod,
  type OrderStatus,
  type PaymentStatus,
  type RefundStatus,
} from '@coffee/contract';
import type { Text } from '../../lib/i18n.js';

/**
 * The order's life in the shop. Two fields, because "where the order is" and "where the money is"
 * move independently (a cash order is prepared before it is paid):
 *
 *   status:        pending -> paid -> preparing -> ready (dine in, pick up)  -> delivered
 *                         \___________/         \-> on-delivery (door)      -> delivered
 *                  cancelled from pending, paid, preparing or ready; delivered and cancelled are final.
 *   paymentStatus: awaiting-payment (card, bank account, qris, gopay, shopeepay) -> paid, by staff (mark paid) or, with a payment
 *                  gateway, by its notification (decision 023: the order then goes to the kitchen by itself);
 *                  cash-on-delivery -> paid when delivered (cash taken at hand-over) or marked paid.
 *
 * An order awaiting payment cannot be prepared: staff mark it paid first (status becomes 'paid').
 * The customer may cancel it themselves until it is being prepared (pending or paid); a paid order that is
 * cancelled, by anyone, owes the customer a refund (refund-due) until staff record it paid back.
 * 'paid' is never set through a status change, only by markPaid, so the two fields cannot disagree.
 */
export interface OrderState {
  id: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryMethod: DeliveryMethod;
  /** Set while it waits for an online payment (the end of its window): that payment confirms itself. */
  paymentDueAt?: string | null;
}

const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['preparing', 'cancelled'],
  paid: ['preparing', 'cancelled'],
  preparing: ['ready', 'on-delivery', 'cancelled'],
  ready: ['delivered', 'cancelled'],
  'on-delivery': ['delivered'],
  delivered: [],
  cancelled: [],
};

export type Check = { ok: true } | { ok: false; message: Text };

/** A status in the reader's words ('Picked up' for a Pick up order), as a text of its own inside another. */
const statusText = (status: OrderStatus, deliveryMethod: DeliveryMethod): Text => ({ id: orderStatusLabel(status, deliveryMethod) });

export function checkStatusChange(order: OrderState, to: OrderStatus): Check {
  const from = order.status;
  const fail = (message: Text): Check => ({ ok: false, message });
  if (to === 'paid') return fail(/*i18n*/ 'Use mark paid to record a payment');
  if (!MOVES[from].includes(to)) {
    return fail(
      /*i18n*/ {
        id: 'Order #{id} is {from} and cannot become {to}',
        values: { id: order.id, from: statusText(from, order.deliveryMethod), to: statusText(to, order.deliveryMethod) },
      },
    );
  }
  if (to === 'preparing' && order.paymentStatus === 'awaiting-payment') {
    return fail(/*i18n*/ { id: 'Order #{id} is awaiting payment: mark it paid before preparing it', values: { id: order.id } });
  }
  if (to === 'ready' && order.deliveryMethod === 'door-delivery') {
    return fail(/*i18n*/ { id: 'Order #{id} is for Door Delivery: it goes on-delivery, not ready', values: { id: order.id } });
  }
  if (to === 'on-delivery' && order.deliveryMethod !== 'door-delivery') {
    return fail(/*i18n*/ { id: 'Order #{id} is not for Door Delivery: it becomes ready for the customer, not on-delivery', values: { id: order.id } });
  }
  return { ok: true };
}

/** Where staff may move the order next (for the staff screen's buttons). */
export function nextStatuses(order: OrderState): OrderStatus[] {
  return MOVES[order.status].filter((to) => checkStatusChange(order, to).ok);
}

/** Payment status after a status change: cash is collected when the order is handed over. */
export function paymentStatusAfter(order: OrderState, to: OrderStatus): PaymentStatus {
  return to === 'delivered' && order.paymentStatus === 'cash-on-delivery' ? 'paid' : order.paymentStatus;
}

export function checkMarkPaid(order: OrderState): Check {
  if (order.paymentStatus === 'paid') return { ok: false, message: /*i18n*/ { id: 'Order #{id} is already paid', values: { id: order.id } } };
  if (order.status === 'cancelled') return { ok: false, message: /*i18n*/ { id: 'Order #{id} is cancelled', values: { id: order.id } } };
  // Paid is the line: an online payment is confirmed by the gateway only, never by a tap that takes no money.
  if (order.paymentStatus === 'awaiting-payment' && order.paymentDueAt) {
    return {
      ok: false,
      message: /*i18n*/ { id: 'Order #{id} is being paid online: it becomes paid by itself once the payment service confirms it', values: { id: order.id } },
    };
  }
  return { ok: true };
}

/** A card or bank order waiting in 'pending' moves to 'paid'; any later status stays where it is. */
export const statusAfterMarkPaid = (order: OrderState): OrderStatus =>
  order.status === 'pending' ? 'paid' : order.status;

/** Customers may remove only finished orders from their history (History's 'Long press to delete item'). */
export const isFinished = (status: OrderStatus): boolean => status === 'delivered' || status === 'cancelled';

/** The customer cancels their own order only before the shop starts on it: after that, the shop decides. */
export function checkCustomerCancel(order: OrderState): Check {
  if (order.status === 'pending' || order.status === 'paid') return { ok: true };
  if (order.status === 'cancelled') return { ok: false, message: /*i18n*/ { id: 'Order #{id} is already cancelled', values: { id: order.id } } };
  if (order.status === 'delivered') {
    return {
      ok: false,
      message: /*i18n*/ { id: 'Order #{id} is already {status} and cannot be cancelled', values: { id: order.id, status: statusText(order.status, order.deliveryMethod) } },
    };
  }
  return {
    ok: false,
    message: /*i18n*/ {
      id: 'Order #{id} is {status} already, so it can no longer be cancelled: chat with the shop if something is wrong',
      values: { id: order.id, status: { id: ORDER_STATUS_LABELS[order.status] } },
    },
  };
}

/** A paid order that is cancelled owes its money back; an unpaid one owes nothing. */
export const refundAfterCancel = (order: OrderState): RefundStatus | null =>
  order.paymentStatus === 'paid' ? 'refund-due' : null;
