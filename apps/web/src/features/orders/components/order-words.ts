import { FINISHED_LABELS, PAYMENT_METHOD_LABELS, orderEventLabel } from '@coffee/contract';
import type { DeliveryMethod, Order, OrderEvent } from '@coffee/contract';
import { paymentMethodLabel } from '../../../lib/payment-words';

/**
 * How the order is paid, said once: 'Bank Account, awaiting payment', 'Paid by Card', 'Cash, to pay at hand-over'
 * (the method and the payment status together, never the same word twice).
 */
export function paymentLine(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'> & Partial<Pick<Order, 'deliveryMethod'>>): string {
  const cancelled = order.status === 'cancelled';
  switch (order.paymentStatus) {
    case 'paid':
      return order.paymentMethod === 'cash-on-delivery' ? 'Paid in cash' : `Paid by ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`;
    case 'cash-on-delivery':
      return cancelled ? 'Cash, nothing was paid' : 'Cash, to pay at hand-over';
    case 'awaiting-payment':
      return `${order.deliveryMethod ? paymentMethodLabel(order.paymentMethod, order.deliveryMethod) : PAYMENT_METHOD_LABELS[order.paymentMethod]}, ${cancelled ? 'nothing was paid' : 'awaiting payment'}`;
  }
}

/** The button that finishes an order, named by how the customer gets it. */
export const finishMoveLabel = (deliveryMethod: DeliveryMethod): string => `Mark ${FINISHED_LABELS[deliveryMethod].toLowerCase()}`;

/** Where the customer gets the order. */
export function orderPlace(order: Pick<Order, 'deliveryMethod' | 'address'>): string {
  if (order.deliveryMethod === 'door-delivery') return order.address ?? 'The address given with the order';
  return order.deliveryMethod === 'pick-up' ? 'At the counter of the shop' : 'At the shop, at your table';
}

/** A history step in words: 'Cancelled by you', 'Picked up'. */
export function eventLabel(event: OrderEvent, deliveryMethod: DeliveryMethod, viewer: 'customer' | 'staff'): string {
  const label = orderEventLabel(event.kind, deliveryMethod);
  if (event.kind !== 'cancelled' || event.by === null) return label;
  if (event.by === 'customer') return viewer === 'customer' ? `${label} by you` : `${label} by the customer`;
  return `${label} by the shop`;
}
