import type { OrderPayment, PaymentMethod, VaBank } from '@coffee/contract';
import { MIDTRANS_ANSWERS } from './midtrans-answers.js';
import type { MidtransTransaction } from './midtrans-client.js';
import type { ChargeMethod, ChargeRecord } from './payments.repository.js';

/** Where a gateway transaction leaves the order: paid, failed (expired, denied, cancelled), refunded, or still open. */
export type GatewayOutcome = 'paid' | 'failed' | 'refunded' | 'pending';

export const CHARGE_METHOD: Partial<Record<PaymentMethod, ChargeMethod>> = {
  qris: 'qris',
  'bank-account': 'bank_transfer',
  card: 'credit_card',
  gopay: 'gopay',
  shopeepay: 'shopeepay',
};

/** The payment in the customer's words ("The GoPay payment was declined"). */
const WHAT: Record<ChargeMethod, string> = {
  qris: 'QRIS payment',
  bank_transfer: 'virtual account',
  credit_card: 'card payment',
  gopay: 'GoPay payment',
  shopeepay: 'ShopeePay payment',
};

// Kept with the charge and answered later; the stored English is its catalogue id, so a reader can word it in theirs.
export const NOT_ANSWERING =
  /*i18n*/ 'The payment service is not answering right now. Try again in a moment, or pay another way (cash on delivery needs no payment service).';

/** The answers that mean "closed" for expire and cancel of a pending charge: 407 (expire) and 200 (cancel). */
const CLOSED_CODES: ReadonlySet<string> = new Set([
  MIDTRANS_ANSWERS.expirePending.statusCode,
  MIDTRANS_ANSWERS.cancelPending.statusCode,
  MIDTRANS_ANSWERS.cancelCapture.statusCode,
]);
export const isClosedCode = (code: string): boolean => CLOSED_CODES.has(code);

export const PAID_STATUSES: readonly string[] = ['settlement', 'capture'];

export function outcomeOf(tx: Pick<MidtransTransaction, 'transaction_status' | 'fraud_status'>): GatewayOutcome {
  const status = tx.transaction_status;
  if (status === 'settlement') return 'paid';
  // A card capture counts only when the fraud check accepted it ('challenge' waits for the shop's review).
  if (status === 'capture') return tx.fraud_status === undefined || tx.fraud_status === 'accept' ? 'paid' : tx.fraud_status === 'deny' ? 'failed' : 'pending';
  if (status === 'expire' || status === 'deny' || status === 'cancel' || status === 'failure') return 'failed';
  if (status === 'refund' || status === 'partial_refund') return 'refunded';
  return 'pending';
}

/**
 * How far along a status is; a charge only ever moves forward, so a late "expire" or "cancel" never moves a paid
 * charge back (nor "pending" an ended one), whatever order the notices and status answers arrive in.
 */
export function rank(status: string | undefined): number {
  switch (status) {
    case undefined:
    case 'creating':
    case 'unavailable':
      return 0;
    case 'pending':
    case 'authorize':
      return 1;
    case 'settlement':
    case 'capture':
      return 3;
    case 'refund':
    case 'partial_refund':
      return 4;
    default:
      // expire, deny, cancel, failure, and 'closed' (ours: closed at the gateway by the shop).
      return 2;
  }
}

/** The customer's words for a charge that ended without a payment; the order stays open while its window lasts. */
export function failedMessage(method: ChargeMethod, status: string | undefined): string {
  const what = WHAT[method];
  if (status === 'expire') return `The ${what} ran out of time before it was paid. Nothing was charged.`;
  if (status === 'deny') {
    const next = method === 'credit_card' ? 'try another card or pay another way' : 'try again or pay another way';
    return `The ${what} was declined. Nothing was charged: ${next}.`;
  }
  return `The ${what} was cancelled. Nothing was charged.`;
}

/** The order's window ended unpaid: the shop cancelled it. */
export function windowEndedMessage(method: ChargeMethod | null): string {
  const what = WHAT[method ?? 'credit_card'];
  return `The time to pay ran out before the ${what} was made, so we cancelled the order and gave its time slot back. Nothing was charged.`;
}

/** Midtrans gives times as 'YYYY-MM-DD HH:mm:ss' in Jakarta time (UTC+7); an ISO time is kept as it is. */
export function midtransTimeToIso(text: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  const date = m ? new Date(`${m[1]}T${m[2]}+07:00`) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A charge's answer as the row keeps it. */
export function answerOf(tx: MidtransTransaction) {
  const qrAction = tx.actions?.find((a) => a.name === 'deeplink-redirect');
  return {
    transactionId: tx.transaction_id ?? null,
    gatewayStatus: tx.transaction_status ?? 'pending',
    fraudStatus: tx.fraud_status ?? null,
    ...(tx.qr_string !== undefined ? { qrString: tx.qr_string } : {}),
    ...(qrAction ? { deepLink: qrAction.url } : {}),
    ...(tx.va_numbers?.[0] ? { vaNumber: tx.va_numbers[0].va_number } : {}),
    ...(tx.redirect_url !== undefined ? { redirectUrl: tx.redirect_url } : {}),
    ...(tx.expiry_time !== undefined ? { expiresAt: midtransTimeToIso(tx.expiry_time) } : {}),
  };
}

/** An open charge without the QR, account number or wallet link the customer pays with (lost in a crash). */
export function lacksWhatToPayWith(c: Pick<ChargeRecord, 'method' | 'qrString' | 'vaNumber' | 'deepLink'>): boolean {
  if (c.method === 'qris') return !c.qrString;
  if (c.method === 'bank_transfer') return !c.vaNumber;
  if (c.method === 'gopay' || c.method === 'shopeepay') return !c.deepLink;
  return false;
}

/** A charge as the order's `payment` shows it (the QR, wallet deep link and 3-D Secure page only while it is open). */
export const toView = (c: ChargeRecord): OrderPayment => ({
  gateway: 'midtrans',
  reference: c.reference,
  transactionId: c.transactionId,
  gatewayStatus: c.gatewayStatus,
  qrString: c.gatewayStatus === 'pending' ? c.qrString : null,
  deepLink: c.gatewayStatus === 'pending' ? c.deepLink : null,
  bank: (c.bank as VaBank | null) ?? null,
  vaNumber: c.vaNumber,
  redirectUrl: c.gatewayStatus === 'pending' ? c.redirectUrl : null,
  expiresAt: c.expiresAt,
  message: c.message,
  refundFailure: c.refundState === 'failed' ? c.refundFailure : null,
});
