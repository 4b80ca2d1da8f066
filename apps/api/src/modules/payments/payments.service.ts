import { formatIdr, type PaymentMethod, type PaymentStatus } from '@coffee/contract';

/**
 * How an order gets paid. No payment provider is reachable yet, so the three methods the checkout
 * offers (card, bank account, cash on delivery) are handled by the shop itself; a real provider (a card gateway,
 * virtual accounts) implements this interface and is registered in createPaymentProviders, and the
 * orders module does not change.
 *
 * `initiate` runs inside the order's transaction, after the order row exists: if it throws, no order
 * is placed. A provider that calls out over the network must be idempotent on `order.id` (a retried
 * request may initiate twice before one commit wins).
 */
export interface PaymentOrder {
  id: number;
  totalIdr: number;
  customerEmail: string;
}

export interface PaymentInitiation {
  paymentStatus: PaymentStatus;
  /** Shown to the customer with the order and in the confirmation email; null when nothing is needed. */
  instructions: string | null;
}

export interface PaymentProvider {
  readonly method: PaymentMethod;
  initiate(order: PaymentOrder): Promise<PaymentInitiation>;
}

export type PaymentProviders = Record<PaymentMethod, PaymentProvider>;

/** Cash on Delivery: confirmed at once; the courier or the counter takes the cash at hand-over. */
export function cashOnDeliveryProvider(): PaymentProvider {
  return {
    method: 'cash-on-delivery',
    initiate(order) {
      return Promise.resolve({
        paymentStatus: 'cash-on-delivery',
        instructions: `Please have ${formatIdr(order.totalIdr)} in cash ready when you receive order #${order.id}.`,
      });
    },
  };
}

/** Bank transfer to the shop's account (BANK_ACCOUNT); staff mark the order paid when the money arrives. */
export function bankTransferProvider(bankAccount: string): PaymentProvider {
  return {
    method: 'bank-account',
    initiate(order) {
      return Promise.resolve({
        paymentStatus: 'awaiting-payment',
        instructions:
          `Transfer ${formatIdr(order.totalIdr)} to ${bankAccount} with "Order ${order.id}" as the reference. ` +
          'We start preparing your order once the payment has arrived.',
      });
    },
  };
}

/** Card without a gateway: the shop takes the card payment itself and marks the order paid. */
export function manualCardProvider(): PaymentProvider {
  return {
    method: 'card',
    initiate(order) {
      return Promise.resolve({
        paymentStatus: 'awaiting-payment',
        instructions:
          `Pay ${formatIdr(order.totalIdr)} by card at our counter, quoting order #${order.id}. ` +
          'We start preparing your order once the payment is confirmed.',
      });
    },
  };
}

export function createPaymentProviders(options: { bankAccount: string }): PaymentProviders {
  return {
    'cash-on-delivery': cashOnDeliveryProvider(),
    'bank-account': bankTransferProvider(options.bankAccount),
    card: manualCardProvider(),
  };
}
