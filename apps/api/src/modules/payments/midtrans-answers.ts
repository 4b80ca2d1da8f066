/**
 * Every Midtrans Core API answer the shop relies on, one row per call and state, each citing the Midtrans API
 * reference page it comes from (decision 034). The simulator answers from this table, and the client's tests
 * (midtrans-answers.test.ts, beside this file) name the rows they hold the shop to. Nothing here has been checked
 * against the real sandbox (no network where this was written): when it is, correct the row, and the simulator
 * and the tests follow.
 *
 * `httpStatus` is the HTTP status of the answer; Midtrans also answers HTTP 200 with an error `status_code` in the
 * body (the "200 with an error" row), so the shop always reads `status_code`, never the HTTP status alone.
 */
export interface MidtransAnswer {
  call: 'charge' | 'status' | 'expire' | 'cancel' | 'refund' | 'notification' | 'any';
  when: string;
  httpStatus: number;
  statusCode: string;
  statusMessage: string;
  /** The transaction's status after the call, when the answer carries one. */
  transactionStatus?: string;
  /** What the shop does with it. */
  shop: string;
  source: string;
}

const REF = 'https://docs.midtrans.com';

export const MIDTRANS_ANSWERS = {
  chargeQris: {
    call: 'charge', when: 'QRIS (acquirer gopay)', httpStatus: 200, statusCode: '201', statusMessage: 'QRIS transaction is created',
    transactionStatus: 'pending', shop: 'shows qr_string; the QR can be saved as a picture', source: `${REF}/docs/coreapi-e-money-integration`,
  },
  chargeGopay: {
    call: 'charge', when: 'gopay with enable_callback and callback_url', httpStatus: 200, statusCode: '201', statusMessage: 'GoPay transaction is created',
    transactionStatus: 'pending',
    shop: 'actions generate-qr-code, deeplink-redirect, get-status, cancel: a phone opens deeplink-redirect, the app returns to callback_url',
    source: `${REF}/reference-link/gopay-object`,
  },
  chargeShopeepay: {
    call: 'charge', when: 'shopeepay with callback_url', httpStatus: 200, statusCode: '201', statusMessage: 'ShopeePay transaction is created',
    transactionStatus: 'pending', shop: 'action deeplink-redirect: a phone opens it, the app returns to callback_url', source: `${REF}/reference-link/shopeepay-object`,
  },
  chargeBankTransfer: {
    call: 'charge', when: 'bank_transfer (bca, bni, bri)', httpStatus: 200, statusCode: '201', statusMessage: 'Success, Bank Transfer transaction is created',
    transactionStatus: 'pending', shop: 'shows va_numbers[0] with copy buttons and the steps', source: `${REF}/reference/code-statuses`,
  },
  chargeCard: {
    call: 'charge', when: 'credit_card with a token, 3-D Secure', httpStatus: 200, statusCode: '201', statusMessage: 'Success, Credit Card transaction is successful',
    transactionStatus: 'pending', shop: 'opens redirect_url (3-D Secure), which returns to the order page', source: `${REF}/reference/code-statuses`,
  },
  chargeDuplicate: {
    call: 'charge', when: 'an order_id already used', httpStatus: 200, statusCode: '406', statusMessage: 'order_id has been paid and utilized, please use another order ID',
    shop: 'an earlier call with this reference went through: read its status instead (never charged twice)', source: `${REF}/docs/error-code-and-response-code`,
  },
  wrongKey: {
    call: 'any', when: 'a wrong server key', httpStatus: 401, statusCode: '401', statusMessage: 'Access denied due to unauthorized transaction, please check client or server key',
    shop: 'the charge is refused: "Try again or pay another way", logged for the owner', source: `${REF}/docs/error-code-and-response-code`,
  },
  errorIn200: {
    call: 'any', when: 'HTTP 200 whose body carries an error status_code', httpStatus: 200, statusCode: '400', statusMessage: 'One or more parameters in the payload is invalid.',
    shop: 'read as the status_code says (a refusal), never as success because of the HTTP 200', source: `${REF}/reference/code-statuses`,
  },
  statusFound: {
    call: 'status', when: 'a known transaction (pending, settlement, capture, refund...)', httpStatus: 200, statusCode: '200', statusMessage: 'Success, transaction is found',
    shop: 'the only source of truth for a notice: its transaction_status, gross_amount and currency', source: `${REF}/docs/get-status-api-requests`,
  },
  statusExpired: {
    call: 'status', when: 'an expired transaction', httpStatus: 200, statusCode: '407', statusMessage: 'Success, transaction is found',
    transactionStatus: 'expire', shop: 'ended unpaid (a paid charge never moves back to it)', source: `${REF}/reference/code-statuses`,
  },
  statusUnknown: {
    call: 'status', when: 'an order_id the gateway does not know', httpStatus: 404, statusCode: '404', statusMessage: "Transaction doesn't exist.",
    shop: 'a charge lost before it reached the gateway: the customer is offered "Try again"', source: `${REF}/reference/code-statuses`,
  },
  expirePending: {
    call: 'expire', when: 'a pending transaction', httpStatus: 200, statusCode: '407', statusMessage: 'Success, transaction has expired',
    transactionStatus: 'expire', shop: 'closed: 407 counts as done for this call', source: `${REF}/reference-link/expire-transaction`,
  },
  expireNotPending: {
    call: 'expire', when: 'a transaction no longer pending (paid, expired...)', httpStatus: 200, statusCode: '412', statusMessage: 'Merchant cannot modify the status of the transaction',
    shop: 'the status is read: paid means the order is paid after all', source: `${REF}/reference/expire-api`,
  },
  cancelPending: {
    call: 'cancel', when: 'a pending transaction', httpStatus: 200, statusCode: '200', statusMessage: 'Success, transaction is canceled',
    transactionStatus: 'cancel', shop: 'closed', source: `${REF}/reference-link/cancel-transaction-card`,
  },
  cancelCapture: {
    call: 'cancel', when: 'a card in capture (not yet settled)', httpStatus: 200, statusCode: '200', statusMessage: 'Success, transaction is canceled',
    transactionStatus: 'cancel', shop: 'the card payment is voided: the refund of a card paid the same day', source: `${REF}/reference-link/cancel-transaction-card`,
  },
  cancelSettled: {
    call: 'cancel', when: 'a settled transaction', httpStatus: 200, statusCode: '412', statusMessage: 'Merchant cannot modify the status of the transaction',
    shop: 'never sent: a settled charge is refunded instead', source: `${REF}/reference-link/cancel-transaction-card`,
  },
  refundSettlement: {
    call: 'refund', when: 'a settled transaction, with a refund_key', httpStatus: 200, statusCode: '200', statusMessage: 'Success, refund request is approved',
    transactionStatus: 'refund', shop: 'refunded; the same refund_key again is the same refund', source: `${REF}/reference-link/refund-transaction`,
  },
  refundCapture: {
    call: 'refund', when: 'a card still in capture', httpStatus: 200, statusCode: '412', statusMessage: 'Transaction status cannot be updated',
    shop: 'never sent: a captured card is cancelled (voided) instead', source: `${REF}/reference-link/refund-transaction`,
  },
  refundNoRefunds: {
    call: 'refund', when: 'a method without refunds (bank transfer)', httpStatus: 200, statusCode: '412', statusMessage: 'Refund is not supported for this payment type',
    shop: 'not asked: the customer gives an account and staff record "Refunded by transfer"', source: `${REF}/reference-link/refund-transaction`,
  },
  refundOutsideWindow: {
    call: 'refund', when: 'after the acquirer\'s refund window (QRIS paid from another app, GoPay, ShopeePay: each its own)', httpStatus: 200, statusCode: '412', statusMessage: 'Refund window has passed',
    shop: '"Refund due" stays with the reason; staff pay it back another way', source: `${REF}/reference-link/refund-transaction`,
  },
  refundOutsideHours: {
    call: 'refund', when: 'ShopeePay between 23:55 and 06:00 Jakarta time', httpStatus: 200, statusCode: '412', statusMessage: 'Refund is not allowed from 23:55 to 06:00 GMT+7',
    shop: 'tried again by itself after 06:00 Jakarta time', source: `${REF}/reference/direct-refund-transaction`,
  },
  notificationRetry: {
    call: 'notification', when: 'the shop answers a notice with anything but 2xx', httpStatus: 503, statusCode: '503', statusMessage: 'Try again later',
    shop: 'the shop asks for the notice again when it could not read the status (a warning, not an error)', source: `${REF}/docs/https-notification-webhooks`,
  },
} as const satisfies Record<string, MidtransAnswer>;

export type MidtransAnswerName = keyof typeof MIDTRANS_ANSWERS;

/** A refusal that depends only on the hour: the refund is tried again later by itself. */
export const HOUR_REFUSAL = /not allowed from 23:55 to 06:00/i;
