import type { I18n, MessageDescriptor } from '@lingui/core';
import type { DeliveryMethod, Order, PaymentMethod } from '@coffee/contract';
import { msg } from '@lingui/core/macro';
import { i18n as screens } from './i18n';
import { money } from './money';

/**
 * The contract's PAYMENT_METHOD_LABELS (the English the API and the spec use) as the screens say them, in their
 * language. The brands (QRIS, GoPay, ShopeePay) are the same in every language.
 */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, MessageDescriptor | string> = {
  card: msg`Card`,
  'bank-account': msg`Bank Account`,
  'cash-on-delivery': msg`Cash on Delivery`,
  qris: 'QRIS',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
};

/** A payment method's name in the screens' language (a component passes its `i18n`, from useLingui). */
export function paymentMethodName(method: PaymentMethod, i18n: I18n = screens): string {
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
    ? screens._(msg`Cash at the counter`)
    : paymentMethodName(method);
}

/**
 * How to pay an order, as its page says it: cash at hand-over worded here in the screens' language from the order's
 * own figures; any other way as the shop wrote it when the order was placed (a bank transfer names the shop's
 * account), which is kept with the order.
 */
export function paymentInstructions(order: Pick<Order, 'id' | 'paymentStatus' | 'paymentInstructions' | 'summary'>): string | null {
  if (order.paymentStatus !== 'cash-on-delivery' || order.paymentInstructions === null) return order.paymentInstructions;
  const amount = money(order.summary.totalIdr);
  const id = order.id;
  return screens._(msg`Please have ${amount} in cash ready when you receive order #${id}.`);
}
