import { randomBytes } from 'node:crypto';
import { formatIdr, PAYMENT_METHOD_LABELS, type OrderPayment, type PaymentMethod, type PaymentStatus, type VaBank } from '@coffee/contract';
import { badRequest, conflict } from '../../lib/errors.js';
import {
  GatewayUnavailableError,
  isSuccessCode,
  midtransSignature,
  signatureMatches,
  type MidtransClient,
  type MidtransTransaction,
} from './midtrans-client.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createPaymentRepository, type ChargeMethod, type ChargeRecord } from './payments.repository.js';

export { createMidtransClient, GatewayUnavailableError, midtransSignature, PRODUCTION_API_URL, SANDBOX_API_URL } from './midtrans-client.js';
export type { MidtransSettings } from './midtrans-client.js';

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

/** QRIS without a gateway: there is nothing to scan, so the order is refused before anything is written. */
function noQrisProvider(): PaymentProvider {
  return {
    method: 'qris',
    initiate() {
      return Promise.reject(badRequest('Paying by QRIS is not available at this shop: choose another payment method', 'paymentMethod'));
    },
  };
}

/** A method the gateway takes: the charge is made once the order is committed (PaymentService.startCharge). */
function gatewayProvider(method: PaymentMethod): PaymentProvider {
  return {
    method,
    initiate() {
      return Promise.resolve({ paymentStatus: 'awaiting-payment', instructions: null });
    },
  };
}

/** The manual providers (no gateway: today's behaviour, so the shop runs with no account anywhere). */
export function createPaymentProviders(options: { bankAccount: string }): PaymentProviders {
  return {
    'cash-on-delivery': cashOnDeliveryProvider(),
    'bank-account': bankTransferProvider(options.bankAccount),
    card: manualCardProvider(),
    qris: noQrisProvider(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The payment gateway (Midtrans Core API), when MIDTRANS_* is set.

export interface GatewaySettings {
  clientKey: string;
  serverKey: string;
  apiUrl: string;
  /** How long a QR or virtual account takes payments. */
  expiryMinutes: number;
}

/** What a charge needs from the order: its own total and lines (never figures from the client). */
export interface ChargeOrder {
  id: number;
  totalIdr: number;
  email: string;
  lines: { productId: number; name: string; unitPriceIdr: number; quantity: number }[];
  discountIdr: number;
  taxAndFeesIdr: number;
  shippingIdr: number;
}

/** Where a gateway transaction leaves the order: paid, failed (expired, denied, cancelled), refunded, or still open. */
export type GatewayOutcome = 'paid' | 'failed' | 'refunded' | 'pending';

export interface VerifiedNotice {
  charge: ChargeRecord;
  outcome: GatewayOutcome;
  /** The amount the gateway says, from its status answer (not from the notification's body). */
  amountIdr: number | null;
}

export type RefundResult =
  | { state: 'refunded' }
  | { state: 'failed'; reason: string }
  | { state: 'busy' }
  | { state: 'none' };

const CHARGE_METHOD: Partial<Record<PaymentMethod, ChargeMethod>> = { qris: 'qris', 'bank-account': 'bank_transfer', card: 'credit_card' };

export function outcomeOf(tx: Pick<MidtransTransaction, 'transaction_status' | 'fraud_status'>): GatewayOutcome {
  const status = tx.transaction_status;
  if (status === 'settlement') return 'paid';
  // A card capture counts only when the fraud check accepted it ('challenge' waits for the shop's review).
  if (status === 'capture') return tx.fraud_status === undefined || tx.fraud_status === 'accept' ? 'paid' : tx.fraud_status === 'deny' ? 'failed' : 'pending';
  if (status === 'expire' || status === 'deny' || status === 'cancel' || status === 'failure') return 'failed';
  if (status === 'refund' || status === 'partial_refund') return 'refunded';
  return 'pending';
}

/** The customer's words for a charge that ended without a payment. */
function failedMessage(method: ChargeMethod, status: string | undefined): string {
  const what = method === 'qris' ? 'QRIS payment' : method === 'bank_transfer' ? 'virtual account' : 'card payment';
  if (status === 'expire') {
    return `The time to pay ran out before the ${what} was paid, so we cancelled the order and gave its time slot back. Nothing was charged.`;
  }
  if (status === 'deny') return `The ${what} was declined, so we cancelled the order and gave its time slot back. Nothing was charged.`;
  return `The ${what} was cancelled, so we cancelled the order and gave its time slot back. Nothing was charged.`;
}

const NOT_ANSWERING =
  'The payment service is not answering right now. Try again in a moment, or pay another way (cash on delivery needs no payment service).';

export interface PaymentServiceDeps {
  /** The module builds its own repository over it: only this module touches payment_charges. */
  db: Kysely<Database>;
  /** Null: no gateway configured; only the manual providers. */
  gateway: { client: MidtransClient; settings: GatewaySettings } | null;
  bankAccount: string;
  /** `${PUBLIC_URL}`: where the card's 3-D Secure page sends the customer back to. */
  publicUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A charge's answer as the row keeps it. */
function answerOf(tx: MidtransTransaction) {
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

/** A charge as the order's `payment` shows it (the QR, deep link and 3-D Secure page only while it is open). */
const toView = (c: ChargeRecord): OrderPayment => ({
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

/**
 * The payments module's one door: the providers the orders module initiates payments with, and the gateway's
 * charges, notifications, status checks and refunds. It owns payment_charges; orders are moved by the orders module.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { gateway, now } = deps;
  const charges = createPaymentRepository(deps.db);
  const manual = createPaymentProviders({ bankAccount: deps.bankAccount });
  const providers: PaymentProviders = gateway
    ? { ...manual, qris: gatewayProvider('qris'), 'bank-account': gatewayProvider('bank-account'), card: gatewayProvider('card') }
    : manual;
  const nowIso = () => now().toISOString();

  function requireGateway() {
    if (!gateway) throw new Error('no payment gateway configured');
    return gateway;
  }

  /** Asks the gateway where a charge is and writes it down; undefined when the gateway does not know it. */
  async function refresh(charge: ChargeRecord): Promise<MidtransTransaction | undefined> {
    const tx = await requireGateway().client.status(charge.reference);
    if (!isSuccessCode(tx.status_code) && tx.transaction_status === undefined) return undefined;
    const outcome = outcomeOf(tx);
    // Never back: a late "pending" after "settlement" leaves the row (and so the order) where it is; a charge we closed
    // stays closed unless it was paid after all.
    const closedByUs = charge.gatewayStatus === 'closed' && outcome !== 'paid';
    if (!closedByUs && rank(tx.transaction_status) >= rank(charge.gatewayStatus)) {
      await charges.recordAnswer(
        charge.id,
        { ...answerOf(tx), ...(outcome === 'failed' ? { message: failedMessage(charge.method, tx.transaction_status) } : {}) },
        nowIso(),
      );
    }
    return tx;
  }

  return {
    providers,
    gatewayName: gateway ? ('midtrans' as const) : null,
    /** For GET /shop: what the checkout offers, QRIS first when a gateway takes it. */
    checkoutMethods(): PaymentMethod[] {
      return gateway ? ['qris', 'card', 'bank-account', 'cash-on-delivery'] : ['card', 'bank-account', 'cash-on-delivery'];
    },
    clientKey: gateway?.settings.clientKey ?? null,
    apiUrl: gateway?.settings.apiUrl ?? null,

    /** True when this method is paid through the gateway (the order then waits for its notification). */
    usesGateway(method: PaymentMethod): boolean {
      return gateway !== null && CHARGE_METHOD[method] !== undefined;
    },

    /** The newest charge of each order, as the order's `payment`. */
    async viewsOf(orderIds: readonly number[]): Promise<Map<number, OrderPayment>> {
      const latest = await charges.latestOf(orderIds);
      return new Map([...latest].map(([id, c]) => [id, toView(c)]));
    },

    /**
     * Creates a charge for the order at the gateway, from the order's own total and lines. The row (with a reference
     * unique to this attempt) is written first; the call is retried once with the same reference, and a "duplicate"
     * answer means the first call went through, so its status is read instead: nothing is charged twice. A gateway that
     * does not answer leaves the charge 'unavailable' with words for the customer, and the order waiting for another try.
     */
    async startCharge(
      order: ChargeOrder,
      method: PaymentMethod,
      options: {
        bank?: VaBank | undefined;
        tokenId?: string | undefined;
        /** The attempt after the newest charge the caller saw: another request that made it first wins (409 here). */
        attempt?: number | undefined;
      },
    ): Promise<OrderPayment> {
      const { client, settings } = requireGateway();
      const chargeMethod = CHARGE_METHOD[method];
      if (!chargeMethod) throw new Error(`${method} is not paid through the gateway`);
      if (chargeMethod === 'credit_card' && !options.tokenId) throw badRequest('Enter your card details to pay by card', 'tokenId');
      const attempt = options.attempt ?? (await charges.countForOrder(order.id)) + 1;
      // Unique across databases too (a wiped shop must not reuse a reference at the gateway).
      const reference = `${order.id}-${attempt}-${randomBytes(3).toString('hex')}`;
      const bank = chargeMethod === 'bank_transfer' ? (options.bank ?? 'bca') : null;
      let charge: ChargeRecord;
      try {
        charge = await charges.insertCharge({ orderId: order.id, attempt, reference, method: chargeMethod, bank, amountIdr: order.totalIdr, nowIso: nowIso() });
      } catch (err) {
        // Another request took this attempt a moment ago (a double tap on "Try again"): one charge, not two.
        if (isUniqueViolation(err)) throw conflict('A payment for this order is being set up already: wait a moment and look again', 'method');
        throw err;
      }
      const items = [
        ...order.lines.map((l) => ({ id: String(l.productId), name: l.name, priceIdr: l.unitPriceIdr, quantity: l.quantity })),
        ...(order.discountIdr > 0 ? [{ id: 'discount', name: 'Coupon', priceIdr: -order.discountIdr, quantity: 1 }] : []),
        ...(order.taxAndFeesIdr > 0 ? [{ id: 'tax', name: 'Tax & fees', priceIdr: order.taxAndFeesIdr, quantity: 1 }] : []),
        ...(order.shippingIdr > 0 ? [{ id: 'shipping', name: 'Delivery', priceIdr: order.shippingIdr, quantity: 1 }] : []),
      ];
      const request = {
        reference,
        amountIdr: order.totalIdr,
        items,
        email: order.email,
        expiryMinutes: settings.expiryMinutes,
        payment:
          chargeMethod === 'qris'
            ? ({ type: 'qris' } as const)
            : chargeMethod === 'bank_transfer'
              ? ({ type: 'bank_transfer', bank: bank ?? 'bca' } as const)
              : ({ type: 'credit_card', tokenId: options.tokenId ?? '', callbackUrl: `${deps.publicUrl}/history/${order.id}` } as const),
      };
      let tx: MidtransTransaction | undefined;
      for (let call = 1; call <= 2 && !tx; call += 1) {
        try {
          tx = await client.charge(request);
          // 406: this reference exists already, so an earlier call of ours went through: read it instead.
          if (tx.status_code === '406') tx = await client.status(reference);
        } catch (err) {
          if (!(err instanceof GatewayUnavailableError)) throw err;
          deps.log.warn({ err, orderId: order.id, reference, call }, 'payment gateway did not answer a charge');
        }
      }
      if (!tx) {
        await charges.recordAnswer(charge.id, { gatewayStatus: 'unavailable', message: NOT_ANSWERING }, nowIso());
      } else if (!isSuccessCode(tx.status_code)) {
        deps.log.warn({ orderId: order.id, reference, statusCode: tx.status_code, statusMessage: tx.status_message }, 'payment gateway refused a charge');
        const label = PAYMENT_METHOD_LABELS[method];
        await charges.recordAnswer(
          charge.id,
          { gatewayStatus: 'failure', transactionId: tx.transaction_id ?? null, message: `The payment service refused the ${label} payment${tx.status_message ? ` (${tx.status_message})` : ''}. Try again or pay another way.` },
          nowIso(),
        );
      } else {
        await charges.recordAnswer(charge.id, answerOf(tx), nowIso());
      }
      const saved = await charges.findByReference(reference);
      if (!saved) throw new Error(`charge ${reference} vanished`);
      return toView(saved);
    },

    /**
     * A notification from the gateway: its signature checked in constant time, then the gateway asked for the
     * transaction's status (the body is never trusted for what happened). Null when it is refused: a wrong signature,
     * an unknown reference. Throws GatewayUnavailableError when the status cannot be read (the gateway retries).
     */
    async verifyNotification(
      body: { order_id: string; status_code: string; gross_amount: string; signature_key: string },
    ): Promise<VerifiedNotice | 'no-gateway' | 'bad-signature' | 'unknown'> {
      if (!gateway) return 'no-gateway';
      const expected = midtransSignature(body.order_id, body.status_code, body.gross_amount, gateway.settings.serverKey);
      if (!signatureMatches(body.signature_key, expected)) return 'bad-signature';
      const charge = await charges.findByReference(body.order_id);
      if (!charge) return 'unknown';
      const tx = await refresh(charge);
      if (!tx) return 'unknown';
      return { charge, outcome: outcomeOf(tx), amountIdr: tx.gross_amount ?? null };
    },

    /** The start-up check: charges whose outcome may have been missed (a notification lost to a crash) asked again. */
    async unsettledCharges(): Promise<ChargeRecord[]> {
      return gateway ? charges.listUnsettled() : [];
    },

    /** One charge's status asked again (see verifyNotification). */
    async recheck(reference: string): Promise<VerifiedNotice | null> {
      const charge = await charges.findByReference(reference);
      if (!charge) return null;
      const tx = await refresh(charge);
      if (!tx) return null;
      return { charge, outcome: outcomeOf(tx), amountIdr: tx.gross_amount ?? null };
    },

    /** The newest charge of an order, when it has one. */
    async latestCharge(orderId: number): Promise<ChargeRecord | undefined> {
      return (await charges.latestOf([orderId])).get(orderId);
    },

    /**
     * An unpaid order was cancelled, or the customer makes a new attempt: its open QR or virtual account is closed at
     * the gateway. False when it could not be closed (the gateway refused or did not answer, or another request is
     * closing it right now): the charge is then left open, and a payment made with it is still recorded when notified
     * (and refunded when the order is cancelled by then).
     */
    async closeOpenCharge(orderId: number): Promise<boolean> {
      if (!gateway) return true;
      const charge = (await charges.latestOf([orderId])).get(orderId);
      if (!charge || charge.gatewayStatus !== 'pending') return charge?.gatewayStatus !== 'creating';
      // 'closed' is ours, not the gateway's word, and taken BEFORE the gateway is asked (compare-and-set: one closer):
      // the expire notice that follows (it can arrive before the call returns, or before the next attempt's row exists)
      // then finds it closed and never cancels the order. Put back when the gateway did not close it.
      if (!(await charges.swapStatus(charge.id, 'pending', 'closed', nowIso()))) return false;
      let closed = false;
      try {
        const tx = charge.method === 'credit_card' ? await gateway.client.cancel(charge.reference) : await gateway.client.expire(charge.reference);
        closed = isSuccessCode(tx.status_code);
      } catch (err) {
        deps.log.warn({ err, orderId, reference: charge.reference }, 'could not close an open charge at the gateway');
      }
      if (!closed) await charges.swapStatus(charge.id, 'closed', 'pending', nowIso());
      return closed;
    },

    /** True when the order was paid through the gateway (so its refund goes back through it). */
    async paidThroughGateway(orderId: number): Promise<boolean> {
      return gateway !== null && (await charges.paidChargeOf(orderId)) !== undefined;
    },

    /**
     * A full refund through the gateway, exactly once: the refund is claimed on the charge row first (of a customer's
     * cancel and a staff refund at the same moment one wins, the other gets 'busy'), and the call carries a refund key
     * of its own so a repeat after a crash is the same refund at the gateway.
     */
    async refund(orderId: number, reason: string): Promise<RefundResult> {
      if (!gateway) return { state: 'none' };
      const charge = await charges.paidChargeOf(orderId);
      if (!charge) return { state: 'none' };
      if (charge.refundState === 'refunded') return { state: 'refunded' };
      if (!(await charges.claimRefund(charge.id, nowIso()))) {
        const now2 = await charges.findByReference(charge.reference);
        return now2?.refundState === 'refunded' ? { state: 'refunded' } : { state: 'busy' };
      }
      return callRefund(charge, reason);
    },

    /** A refund claimed but never finished (the process died in the call): the same refund key again. */
    async finishClaimedRefund(reference: string): Promise<RefundResult> {
      const charge = await charges.findByReference(reference);
      if (!charge || charge.refundState !== 'requested') return { state: 'none' };
      return callRefund(charge, 'Order cancelled');
    },
  };

  async function callRefund(charge: ChargeRecord, reason: string): Promise<RefundResult> {
    const { client } = requireGateway();
    let failure: string;
    try {
      const tx = await client.refund(charge.reference, { refundKey: `refund-${charge.reference}`, amountIdr: charge.amountIdr, reason });
      if (isSuccessCode(tx.status_code)) {
        await charges.finishRefund(charge.id, { refunded: true }, nowIso());
        return { state: 'refunded' };
      }
      failure = tx.status_message ?? `the payment service answered ${tx.status_code}`;
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError)) throw err;
      failure = 'the payment service did not answer';
    }
    deps.log.warn({ orderId: charge.orderId, reference: charge.reference, failure }, 'refund through the gateway failed');
    await charges.finishRefund(charge.id, { refunded: false, failure }, nowIso());
    return { state: 'failed', reason: failure };
  }
}
export type PaymentService = ReturnType<typeof createPaymentService>;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** How far along a gateway status is: a notice never moves a charge back (order-independent notifications). */
function rank(status: string | undefined): number {
  switch (status) {
    case undefined:
    case 'creating':
    case 'unavailable':
      return 0;
    case 'pending':
    case 'authorize':
      return 1;
    case 'refund':
    case 'partial_refund':
      return 3;
    default:
      return 2;
  }
}

/** Midtrans gives times as 'YYYY-MM-DD HH:mm:ss' in Jakarta time (UTC+7); an ISO time is kept as it is. */
export function midtransTimeToIso(text: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  const date = m ? new Date(`${m[1]}T${m[2]}+07:00`) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
