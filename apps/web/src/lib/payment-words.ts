import type { I18n, MessageDescriptor } from '@lingui/core';
import type { DeliveryMethod, PaymentMethod } from '@coffee/contract';
import { msg } from '@lingui/core/macro';
import { i18n as screens } from './i18n';

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
