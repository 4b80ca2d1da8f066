import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PAYMENT_METHOD_LABELS } from '@coffee/contract';
import type { DeliveryMethod, PaymentMethod } from '@coffee/contract';

/**
 * The contract's delivery and payment words as the screens say them in their language (the contract's tables are the
 * English ones the API and the spec use): rendered with `t(...)` / `i18n._(...)` at render time.
 */
export const DELIVERY_METHOD_WORDS: Record<DeliveryMethod, MessageDescriptor> = {
  'dine-in': msg`Dine in`,
  'door-delivery': msg`Door Delivery`,
  'pick-up': msg`Pick up`,
};

/** The payment methods that are words; QRIS, GoPay and ShopeePay are brand names, the same in every language. */
const PAYMENT_METHOD_WORDS: Partial<Record<PaymentMethod, MessageDescriptor>> = {
  card: msg`Card`,
  'bank-account': msg`Bank Account`,
  'cash-on-delivery': msg`Cash on Delivery`,
};

/** A payment method's label in the screens' language (the component's `i18n`, from useLingui). */
export function paymentMethodWords(method: PaymentMethod, i18n: I18n): string {
  const words = PAYMENT_METHOD_WORDS[method];
  return words ? i18n._(words) : PAYMENT_METHOD_LABELS[method];
}
