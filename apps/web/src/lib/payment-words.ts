import { PAYMENT_METHOD_LABELS } from '@coffee/contract';
import type { DeliveryMethod, PaymentMethod } from '@coffee/contract';

/**
 * The payment method as a finished or placed order says it: cash on a Dine in or Pick up order is paid at the
 * counter, not "on delivery". The checkout's radio list keeps the spec's three labels.
 */
export function paymentMethodLabel(method: PaymentMethod, deliveryMethod: DeliveryMethod): string {
  return method === 'cash-on-delivery' && deliveryMethod !== 'door-delivery' ? 'Cash at the counter' : PAYMENT_METHOD_LABELS[method];
}
