import type { DeliveryMethod, PaymentMethod } from '@coffee/contract';
import { msg } from '@lingui/core/macro';
import { paymentMethodName } from './contract-words';
import { i18n } from './i18n';

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
