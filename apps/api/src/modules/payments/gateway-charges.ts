import { randomBytes } from 'node:crypto';
import { PAYMENT_METHOD_LABELS, type OrderPayment, type PaymentMethod, type VaBank } from '@coffee/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { answerOf, CHARGE_METHOD, failedMessage, isClosedCode, lacksWhatToPayWith, NOT_ANSWERING, outcomeOf, PAID_STATUSES, rank, toView, windowEndedMessage, type GatewayOutcome } from './gateway-status.js';
import { GatewayUnavailableError, isSuccessCode, type ChargeRequest, type MidtransClient, type MidtransTransaction } from './midtrans-client.js';
import type { ChargeMethod, ChargeRecord, PaymentRepository } from './payments.repository.js';

export interface GatewaySettings {
  clientKey: string;
  serverKey: string;
  apiUrl: string;
  /** The payment window of QRIS and card orders, minutes. */
  expiryMinutes: number;
  /** The payment window of a virtual account, minutes (longer: a transfer takes longer than a scan). */
  bankTransferExpiryMinutes: number;
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
  /** The end of the order's payment window (ISO UTC): the charge takes payments until then, not longer. */
  paymentDueAt: string | null;
}

export interface VerifiedNotice {
  charge: ChargeRecord;
  outcome: GatewayOutcome;
  /** The amount the gateway says, from its status answer (not from the notification's body). */
  amountIdr: number | null;
}

export interface GatewayContext {
  client: MidtransClient;
  settings: GatewaySettings;
  charges: PaymentRepository;
  publicUrl: string;
  nowIso: () => string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The items the gateway shows: the order's lines, the coupon as a negative line, tax and delivery. */
function itemsOf(order: ChargeOrder): ChargeRequest['items'] {
  return [
    ...order.lines.map((l) => ({ id: String(l.productId), name: l.name, priceIdr: l.unitPriceIdr, quantity: l.quantity })),
    ...(order.discountIdr > 0 ? [{ id: 'discount', name: 'Coupon', priceIdr: -order.discountIdr, quantity: 1 }] : []),
    ...(order.taxAndFeesIdr > 0 ? [{ id: 'tax', name: 'Tax & fees', priceIdr: order.taxAndFeesIdr, quantity: 1 }] : []),
    ...(order.shippingIdr > 0 ? [{ id: 'shipping', name: 'Delivery', priceIdr: order.shippingIdr, quantity: 1 }] : []),
  ];
}

/** What the charge asks of the gateway for its method; the card's 3-D Secure page and the wallets return to the order page. */
function paymentOf(method: ChargeMethod, o: { bank: string; tokenId: string; callbackUrl: string }): ChargeRequest['payment'] {
  switch (method) {
    case 'qris':
      return { type: 'qris' };
    case 'bank_transfer':
      return { type: 'bank_transfer', bank: o.bank };
    case 'credit_card':
      return { type: 'credit_card', tokenId: o.tokenId, callbackUrl: o.callbackUrl };
    case 'gopay':
    case 'shopeepay':
      return { type: method, callbackUrl: o.callbackUrl };
  }
}

/** The gateway's charges: made, read, closed; a charge's status only ever moves forward. */
export function createGatewayCharges(ctx: GatewayContext) {
  const { client, settings, charges, nowIso } = ctx;

  /**
   * Asks the gateway where a charge is and writes it down (never backwards). Undefined when the gateway does not know
   * it; else the transaction and the outcome of the charge as it now stands.
   */
  async function refresh(charge: ChargeRecord): Promise<{ tx: MidtransTransaction; outcome: GatewayOutcome } | undefined> {
    const tx = await client.status(charge.reference);
    if (tx.transaction_status === undefined) return undefined;
    // A card cancelled after its capture was voided: for the shop that is a refund, not a payment that never happened.
    const status = charge.gatewayStatus === 'capture' && tx.transaction_status === 'cancel' ? 'refund' : tx.transaction_status;
    const outcome = outcomeOf({ transaction_status: status, fraud_status: tx.fraud_status });
    // A charge the shop closed stays closed unless it was paid after all.
    const closedByUs = charge.gatewayStatus === 'closed' && outcome !== 'paid';
    if (closedByUs || rank(status) < rank(charge.gatewayStatus)) {
      return { tx, outcome: outcomeOf({ transaction_status: charge.gatewayStatus, fraud_status: charge.fraudStatus ?? undefined }) };
    }
    const words = outcome === 'failed' ? { message: failedMessage(charge.method, status) } : {};
    await charges.recordAnswer(charge.id, { ...answerOf(tx), gatewayStatus: status, ...words }, nowIso());
    return { tx, outcome };
  }

  /** The minutes the charge may take payments: what is left of the order's window (at least one). */
  function minutesLeft(order: ChargeOrder, method: ChargeMethod): number {
    const fallback = method === 'bank_transfer' ? settings.bankTransferExpiryMinutes : settings.expiryMinutes;
    if (!order.paymentDueAt) return fallback;
    return Math.max(1, Math.ceil((Date.parse(order.paymentDueAt) - Date.parse(nowIso())) / 60_000));
  }

  /** Calls the gateway for the charge, retried once with the same reference; undefined when it never answered. */
  async function callCharge(request: ChargeRequest, orderId: number): Promise<MidtransTransaction | undefined> {
    let tx: MidtransTransaction | undefined;
    for (let call = 1; call <= 2 && !tx; call += 1) {
      try {
        tx = await client.charge(request);
        // 406: this reference exists already, so an earlier call of ours went through: read it instead.
        if (tx.status_code === '406') tx = await client.status(request.reference);
      } catch (err) {
        if (!(err instanceof GatewayUnavailableError)) throw err;
        ctx.log.warn({ err, orderId, reference: request.reference, call }, 'payment gateway did not answer a charge');
      }
    }
    return tx;
  }

  /**
   * Creates a charge for the order at the gateway, from the order's own total and lines. The row (with a reference
   * unique to this attempt) is written first; a "duplicate" answer means the first call went through, so nothing is
   * charged twice. A gateway that does not answer leaves the charge 'unavailable' with words for the customer.
   */
  async function startCharge(
    order: ChargeOrder,
    method: PaymentMethod,
    options: { bank?: VaBank | undefined; tokenId?: string | undefined; attempt?: number | undefined },
  ): Promise<OrderPayment> {
    const chargeMethod = CHARGE_METHOD[method];
    if (!chargeMethod) throw new Error(`${method} is not paid through the gateway`);
    if (chargeMethod === 'credit_card' && !options.tokenId) throw badRequest(/*i18n*/ 'Enter your card details to pay by card', 'tokenId');
    const attempt = options.attempt ?? (await charges.countForOrder(order.id)) + 1;
    // Unique across databases too (a wiped shop must not reuse a reference at the gateway).
    const reference = `${order.id}-${attempt}-${randomBytes(3).toString('hex')}`;
    const bank = chargeMethod === 'bank_transfer' ? (options.bank ?? 'bca') : null;
    let charge: ChargeRecord;
    try {
      charge = await charges.insertCharge({ orderId: order.id, attempt, reference, method: chargeMethod, bank, amountIdr: order.totalIdr, nowIso: nowIso() });
    } catch (err) {
      // Another request took this attempt a moment ago (a double tap on "Try again"): one charge, not two.
      if (isUniqueViolation(err)) throw conflict(/*i18n*/ 'A payment for this order is being set up already: wait a moment and look again', 'method');
      throw err;
    }
    const payment = paymentOf(chargeMethod, { bank: bank ?? 'bca', tokenId: options.tokenId ?? '', callbackUrl: `${ctx.publicUrl}/history/${order.id}` });
    const request = { reference, amountIdr: order.totalIdr, items: itemsOf(order), email: order.email, expiryMinutes: minutesLeft(order, chargeMethod), payment };
    const tx = await callCharge(request, order.id);
    if (!tx) {
      await charges.recordAnswer(charge.id, { gatewayStatus: 'unavailable', message: NOT_ANSWERING }, nowIso());
    } else if (!isSuccessCode(tx.status_code)) {
      ctx.log.warn({ orderId: order.id, reference, statusCode: tx.status_code, statusMessage: tx.status_message }, 'payment gateway refused a charge');
      const label = PAYMENT_METHOD_LABELS[method];
      const why = tx.status_message ? ` (${tx.status_message})` : '';
      await charges.recordAnswer(
        charge.id,
        { gatewayStatus: 'failure', transactionId: tx.transaction_id ?? null, message: `The payment service refused the ${label} payment${why}. Try again or pay another way.` },
        nowIso(),
      );
    } else {
      await charges.recordAnswer(charge.id, answerOf(tx), nowIso());
    }
    let saved = await charges.findByReference(reference);
    // A first answer lost on the way: the status read instead has no wallet deep link (only a charge's answer has
    // one), so the charge is closed and the customer offered a new try rather than a payment with nothing to open.
    // It stays 'closed' (ours), so the gateway's expiry notice that follows changes nothing.
    if (saved?.gatewayStatus === 'pending' && lacksWhatToPayWith(saved) && (await closeLatest(order.id)) === 'closed') {
      await charges.setMessage(charge.id, NOT_ANSWERING, nowIso());
      saved = await charges.findByReference(reference);
    }
    if (!saved) throw new Error(`charge ${reference} vanished`);
    return toView(saved);
  }

  /**
   * Closes the order's open charge at the gateway with the call its state needs (expire for a QR, a wallet or a virtual
   * account, cancel for a card; 407 and 200 both count as done). 'closed' when nothing is open any more, 'paid' when the gateway
   * says it was paid after all, 'open' when it could not be closed now (no answer, or another request is closing it).
   */
  async function closeLatest(orderId: number): Promise<'closed' | 'paid' | 'open'> {
    const charge = (await charges.latestOf([orderId])).get(orderId);
    if (!charge) return 'closed';
    if (charge.gatewayStatus === 'creating') return 'open';
    if (PAID_STATUSES.includes(charge.gatewayStatus)) return 'paid';
    if (charge.gatewayStatus !== 'pending') return 'closed';
    // 'closed' is ours, taken BEFORE the gateway is asked (compare-and-set: one closer), so the expire notice that
    // follows finds it closed. Put back when the gateway did not close it.
    if (!(await charges.swapStatus(charge.id, 'pending', 'closed', nowIso()))) return 'open';
    try {
      const tx = charge.method === 'credit_card' ? await client.cancel(charge.reference) : await client.expire(charge.reference);
      if (isClosedCode(tx.status_code)) return 'closed';
      ctx.log.warn({ orderId, reference: charge.reference, statusCode: tx.status_code }, 'the gateway did not close an open charge');
    } catch (err) {
      ctx.log.warn({ err, orderId, reference: charge.reference }, 'could not close an open charge at the gateway');
    }
    await charges.swapStatus(charge.id, 'closed', 'pending', nowIso());
    // Refused (412): it is no longer pending there. Read where it is (paid, or ended by the gateway itself).
    const now = await refresh({ ...charge, gatewayStatus: 'pending' }).catch(() => undefined);
    if (now?.outcome === 'paid') return 'paid';
    return now?.outcome === 'failed' ? 'closed' : 'open';
  }

  /**
   * The order's payment window ended: its charge is asked about first (a payment made at the last second counts), then
   * closed; the customer's words say why the order ends. The paid notice when it was paid, else null.
   */
  async function endPaymentWindow(orderId: number): Promise<VerifiedNotice | null> {
    const charge = (await charges.latestOf([orderId])).get(orderId);
    if (!charge) return null;
    const state = await closeLatest(orderId).catch(() => 'open' as const);
    const fresh = (await charges.findByReference(charge.reference)) ?? charge;
    if (state === 'paid') {
      const seen = await refresh(fresh).catch(() => undefined);
      return { charge: fresh, outcome: 'paid', amountIdr: seen?.tx.gross_amount ?? null };
    }
    await charges.setMessage(charge.id, windowEndedMessage(charge.method), nowIso());
    return null;
  }

  return { refresh, startCharge, closeLatest, endPaymentWindow };
}
export type GatewayCharges = ReturnType<typeof createGatewayCharges>;
