import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DeliveryMethod, PaymentMethod } from '@coffee/contract';
import { i18n } from './i18n';

/**
 * The payment methods' names on screen: the contract's PAYMENT_METHOD_LABELS in each language. The brands (QRIS,
 * GoPay, ShopeePay) are the same in both.
 */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, MessageDescriptor | string> = {
  card: msg`Card`,
  'bank-account': msg`Bank Account`,
  'cash-on-delivery': msg`Cash on Delivery`,
  qris: 'QRIS',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
};

/** A payment method's name in the screens' language. */
export function paymentMethodName(method: PaymentMethod): string {
  const name = PAYMENT_METHOD_NAMES[method];
  return typeof name === 'string' ? name : i18n._(name);
}

/**
 * The payment method as a finished or placed order says it: cash on a Dine in or Pick up order is paid at the
 * counter, not "on delivery". The checkout's radio list keeps the spec's three labels. In the screens' language now
 * (a component that redraws on a switch reads it again).
 */
export function paymentMethodLabel(method: PaymentMethod, deliveryMethod: DeliveryMethod): string {
  return method === 'cash-on-delivery' && deliveryMethod !== 'door-delivery'
    ? i18n._(msg`Cash at the counter`)
    : paymentMethodName(method);
}
