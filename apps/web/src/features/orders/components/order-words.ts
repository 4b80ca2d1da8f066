import { t } from '@lingui/core/macro';
import { ORDER_STATUS_LABELS, orderStatusLabel } from '@coffee/contract';
import type { DeliveryMethod, Order, OrderEvent, OrderStatus, PaymentMethod } from '@coffee/contract';
import { i18n } from '../../../lib/i18n';
import { paymentMethodLabel, paymentMethodName } from '../../../lib/payment-words';

// Every function here runs when a screen is drawn and reads the screens' language then (never a constant computed once).

/**
 * The order's status in words, in the screens' language: the contract's names ('Pending', 'Picked up'), whose
 * Indonesian the contract's catalogue holds (loaded with the account and staff screens).
 */
export function statusName(status: OrderStatus, deliveryMethod?: DeliveryMethod): string {
  return i18n._(deliveryMethod ? orderStatusLabel(status, deliveryMethod) : ORDER_STATUS_LABELS[status]);
}

/** The method as a placed order says it: cash on a Dine in or Pick up order is paid at the counter. */
function placedMethodName(method: PaymentMethod, deliveryMethod: DeliveryMethod | undefined): string {
  return deliveryMethod ? paymentMethodLabel(method, deliveryMethod) : paymentMethodName(method);
}

/**
 * How the order is paid, said once: 'Bank Account, awaiting payment', 'Paid by Card', 'Cash, to pay at hand-over'
 * (the method and the payment status together, never the same word twice).
 */
export function paymentLine(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'> & Partial<Pick<Order, 'deliveryMethod'>>): string {
  const cancelled = order.status === 'cancelled';
  switch (order.paymentStatus) {
    case 'paid': {
      if (order.paymentMethod === 'cash-on-delivery') return t`Paid in cash`;
      const method = paymentMethodName(order.paymentMethod);
      return t`Paid by ${method}`;
    }
    case 'cash-on-delivery':
      return cancelled ? t`Cash, nothing was paid` : t`Cash, to pay at hand-over`;
    case 'awaiting-payment': {
      const method = placedMethodName(order.paymentMethod, order.deliveryMethod);
      return cancelled ? t`${method}, nothing was paid` : t`${method}, awaiting payment`;
    }
  }
}

/** The button that finishes an order, named by how the customer gets it. */
export function finishMoveLabel(deliveryMethod: DeliveryMethod): string {
  switch (deliveryMethod) {
    case 'pick-up':
      return t`Mark picked up`;
    case 'dine-in':
      return t`Mark served`;
    case 'door-delivery':
      return t`Mark delivered`;
  }
}

/** Where the customer gets the order. */
export function orderPlace(order: Pick<Order, 'deliveryMethod' | 'address'>): string {
  if (order.deliveryMethod === 'door-delivery') return order.address ?? t`The address given with the order`;
  return order.deliveryMethod === 'pick-up' ? t`At the counter of the shop` : t`At the shop, at your table`;
}

/** A history step in words: 'Cancelled by you', 'Picked up'. */
export function eventLabel(event: OrderEvent, deliveryMethod: DeliveryMethod, viewer: 'customer' | 'staff'): string {
  switch (event.kind) {
    case 'placed':
      return t`Placed`;
    case 'refunded':
      return t`Refunded`;
    case 'on-delivery':
      return t`Out for delivery`;
    case 'cancelled':
      if (event.by === 'customer') return viewer === 'customer' ? t`Cancelled by you` : t`Cancelled by the customer`;
      if (event.by !== null) return t`Cancelled by the shop`;
      return statusName('cancelled');
    default:
      return statusName(event.kind, deliveryMethod);
  }
}
