// The pure rules of the reconciliation: when a charge at the payment service and its order disagree.
import { formatIdr, VA_BANK_LABELS, type ReconciliationLine, type ReconciliationProblem, type VaBank } from '@coffee/contract';
import type { Text } from '../../lib/i18n.js';
import { outcomeOf, type LedgerCharge } from '../payments/payments.service.js';
import type { LedgerOrder } from '../orders/orders.service.js';

const METHOD_WORDS: Record<string, string> = { qris: 'QRIS', bank_transfer: 'Virtual account', credit_card: 'Card' };

export const methodWords = (charge: Pick<LedgerCharge, 'method' | 'bank'>): string => {
  const words = METHOD_WORDS[charge.method] ?? charge.method;
  const bank = charge.bank ? (VA_BANK_LABELS[charge.bank as VaBank] ?? charge.bank.toUpperCase()) : null;
  return bank ? `${words} (${bank})` : words;
};

/** The gateway holds (or held) the customer's money for this charge: settled, accepted, or refunded since. */
export const gatewayTookMoney = (charge: LedgerCharge): boolean => {
  const outcome = outcomeOf({ transaction_status: charge.gatewayStatus, ...(charge.fraudStatus ? { fraud_status: charge.fraudStatus } : {}) });
  return outcome === 'paid' || outcome === 'refunded' || charge.refundState !== null;
};

/**
 * How a charge and its order disagree, or null. `paidElsewhere`: another charge of the same order took the money
 * (an expired first QR beside a paid second one is no disagreement).
 */
export function problemOf(charge: LedgerCharge, order: LedgerOrder, paidElsewhere: boolean): { kind: ReconciliationProblem; text: Text } | null {
  const took = gatewayTookMoney(charge);
  if (took && order.status === 'cancelled') {
    const refund =
      charge.refundState === 'refunded'
        ? /*i18n*/ 'refunded through the payment service'
        : order.refundStatus === 'refunded'
          ? /*i18n*/ 'marked refunded by staff'
          : /*i18n*/ 'refund still due';
    return { kind: 'cancelled-in-shop', text: /*i18n*/ { id: 'Paid at the payment service, but the shop cancelled the order ({refund})', values: { refund: { id: refund } } } };
  }
  if (took && order.paymentStatus !== 'paid') {
    return { kind: 'paid-not-in-shop', text: /*i18n*/ 'Paid at the payment service, but the order is not paid in the shop' };
  }
  if (took && charge.amountIdr !== order.totalIdr) {
    return { kind: 'amount', text: /*i18n*/ { id: 'The payment service took {took}, the order is {total}', values: { took: formatIdr(charge.amountIdr), total: formatIdr(order.totalIdr) } } };
  }
  if (!took && !paidElsewhere && order.paymentStatus === 'paid' && order.status !== 'cancelled') {
    return { kind: 'not-settled', text: /*i18n*/ 'Paid in the shop, but not settled at the payment service' };
  }
  return null;
}

/** Disagreements first, then by when the charge was made. */
export const byDisagreementFirst = (a: ReconciliationLine, b: ReconciliationLine): number =>
  Number(a.problem === null) - Number(b.problem === null) || a.createdAt.localeCompare(b.createdAt) || a.reference.localeCompare(b.reference);
