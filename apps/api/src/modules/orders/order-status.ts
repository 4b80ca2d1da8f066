import {
  ORDER_STATUS_LABELS,
  type DeliveryMethod,
  type OrderStatus,
  type PaymentStatus,
} from '@coffee/contract';

/**
 * The order's life in the shop. Two fields, because "where the order is" and "where the money is"
 * move independently (a cash order is prepared before it is paid):
 *
 *   status:        pending -> paid -> preparing -> ready (dine in, pick up)  -> delivered
 *                         \___________/         \-> on-delivery (door)      -> delivered
 *                  cancelled from pending, paid, preparing or ready; delivered and cancelled are final.
 *   paymentStatus: awaiting-payment (card, bank account) -> paid, by staff (mark paid);
 *                  cash-on-delivery -> paid when delivered (cash taken at hand-over) or marked paid.
 *
 * An order awaiting payment cannot be prepared: staff mark it paid first (status becomes 'paid').
 * 'paid' is never set through a status change, only by markPaid, so the two fields cannot disagree.
 */
export interface OrderState {
  id: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryMethod: DeliveryMethod;
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

export type Check = { ok: true } | { ok: false; message: string };

export function checkStatusChange(order: OrderState, to: OrderStatus): Check {
  const from = order.status;
  const fail = (message: string): Check => ({ ok: false, message });
  if (to === 'paid') return fail('Use mark paid to record a payment');
  if (!MOVES[from].includes(to)) {
    return fail(`Order #${order.id} is ${ORDER_STATUS_LABELS[from]} and cannot become ${ORDER_STATUS_LABELS[to]}`);
  }
  if (to === 'preparing' && order.paymentStatus === 'awaiting-payment') {
    return fail(`Order #${order.id} is awaiting payment: mark it paid before preparing it`);
  }
  if (to === 'ready' && order.deliveryMethod === 'door-delivery') {
    return fail(`Order #${order.id} is for Door Delivery: it goes on-delivery, not ready`);
  }
  if (to === 'on-delivery' && order.deliveryMethod !== 'door-delivery') {
    return fail(`Order #${order.id} is not for Door Delivery: it becomes ready for the customer, not on-delivery`);
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
  if (order.paymentStatus === 'paid') return { ok: false, message: `Order #${order.id} is already paid` };
  if (order.status === 'cancelled') return { ok: false, message: `Order #${order.id} is cancelled` };
  return { ok: true };
}

/** A card or bank order waiting in 'pending' moves to 'paid'; any later status stays where it is. */
export const statusAfterMarkPaid = (order: OrderState): OrderStatus =>
  order.status === 'pending' ? 'paid' : order.status;

/** Customers may remove only finished orders from their history (spec: History, 'Long press to delete item'). */
export const isFinished = (status: OrderStatus): boolean => status === 'delivered' || status === 'cancelled';
