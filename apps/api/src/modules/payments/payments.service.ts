import { formatIdr, PAYMENT_METHOD_LABELS, type OrderPayment, type PaymentMethod, type PaymentStatus } from '@coffee/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { createGatewayCharges, type ChargeOrder, type GatewaySettings, type VerifiedNotice } from './gateway-charges.js';
import { createGatewayRefunds, type RefundResult } from './gateway-refunds.js';
import { CHARGE_METHOD, lacksWhatToPayWith, toView } from './gateway-status.js';
import { midtransSignature, signatureMatches, type MidtransClient } from './midtrans-client.js';
import { createPaymentRepository, type ChargeRecord } from './payments.repository.js';

export { createMidtransClient, GatewayUnavailableError, midtransSignature, PRODUCTION_API_URL, SANDBOX_API_URL } from './midtrans-client.js';
export type { MidtransSettings } from './midtrans-client.js';
export { midtransTimeToIso, outcomeOf, type GatewayOutcome } from './gateway-status.js';
export type { ChargeOrder, GatewaySettings, VerifiedNotice } from './gateway-charges.js';
export type { RefundResult } from './gateway-refunds.js';
export type { ChargeRecord } from './payments.repository.js';
// Read-only: the day's charges for the owner's reconciliation (modules/reconciliation).
export { createChargeLedger, type ChargeLedger, type LedgerCharge } from './charge-ledger.js';

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

/**
 * QRIS, GoPay or ShopeePay without a gateway: there is nothing to scan or open, so the order is refused before
 * anything is written.
 */
function gatewayOnlyProvider(method: 'qris' | 'gopay' | 'shopeepay'): PaymentProvider {
  return {
    method,
    initiate() {
      return Promise.reject(
        badRequest(
          /*i18n*/ { id: 'Paying by {method} is not available at this shop: choose another payment method', values: { method: PAYMENT_METHOD_LABELS[method] } },
          'paymentMethod',
        ),
      );
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
    qris: gatewayOnlyProvider('qris'),
    gopay: gatewayOnlyProvider('gopay'),
    shopeepay: gatewayOnlyProvider('shopeepay'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The payment gateway (Midtrans Core API), when MIDTRANS_* is set.

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

/** A notification's fields the shop reads: enough to check its signature, find the charge and refuse another currency. */
export interface NotificationBody {
  order_id: string;
  status_code: string;
  gross_amount: string;
  signature_key: string;
  currency?: unknown;
}

// Kept with the charge and answered later; the stored English is its catalogue id, so a reader can word it in theirs.
const NOT_ANSWERING_AGAIN = /*i18n*/ 'The payment could not be set up. Try again, or pay another way (cash on delivery needs no payment service).';

/** The shop sells in rupiah only: a notice or a status in another currency is not this shop's payment. */
const isRupiah = (currency: unknown) => currency === undefined || currency === 'IDR';

/**
 * The payments module's one door: the providers the orders module initiates payments with, and the gateway's
 * charges, notifications, status checks and refunds. It owns payment_charges; orders are moved by the orders module.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { gateway, now } = deps;
  const charges = createPaymentRepository(deps.db);
  const manual = createPaymentProviders({ bankAccount: deps.bankAccount });
  const providers: PaymentProviders = gateway
    ? {
        ...manual,
        qris: gatewayProvider('qris'),
        gopay: gatewayProvider('gopay'),
        shopeepay: gatewayProvider('shopeepay'),
        'bank-account': gatewayProvider('bank-account'),
        card: gatewayProvider('card'),
      }
    : manual;
  const nowIso = () => now().toISOString();
  const context = gateway && { ...gateway, charges, publicUrl: deps.publicUrl, nowIso, log: deps.log };
  const parts = context && { ...createGatewayCharges(context), ...createGatewayRefunds(context) };

  function requireGateway() {
    if (!parts) throw new Error('no payment gateway configured');
    return parts;
  }

  /** The gateway asked where a charge is; null when it does not know it, or answers in another currency. */
  async function recheckCharge(charge: ChargeRecord): Promise<VerifiedNotice | null> {
    const seen = await requireGateway().refresh(charge);
    if (!seen) return null;
    if (!isRupiah(seen.tx.currency)) {
      deps.log.warn({ reference: charge.reference, currency: seen.tx.currency }, 'the gateway reports a charge in another currency: not applied');
      return null;
    }
    return { charge, outcome: seen.outcome, amountIdr: seen.tx.gross_amount ?? null };
  }

  return {
    providers,
    gatewayName: gateway ? ('midtrans' as const) : null,
    /**
     * For GET /shop: what the checkout offers, QRIS first when a gateway takes it. GoPay and ShopeePay open the wallet
     * app on the same device, so the web checkout shows them on a phone only (decision 034).
     */
    checkoutMethods(): PaymentMethod[] {
      return gateway ? ['qris', 'gopay', 'shopeepay', 'card', 'bank-account', 'cash-on-delivery'] : ['card', 'bank-account', 'cash-on-delivery'];
    },
    clientKey: gateway?.settings.clientKey ?? null,
    apiUrl: gateway?.settings.apiUrl ?? null,

    /** True when this method is paid through the gateway (the order then waits for its notification). */
    usesGateway(method: PaymentMethod): boolean {
      return gateway !== null && CHARGE_METHOD[method] !== undefined;
    },

    /** The payment window of an order paid this way, minutes; null when it is not paid online. */
    paymentWindowMinutes(method: PaymentMethod): number | null {
      if (!gateway || CHARGE_METHOD[method] === undefined) return null;
      return method === 'bank-account' ? gateway.settings.bankTransferExpiryMinutes : gateway.settings.expiryMinutes;
    },

    /** The newest charge of each order, as the order's `payment`. */
    async viewsOf(orderIds: readonly number[]): Promise<Map<number, OrderPayment>> {
      const latest = await charges.latestOf(orderIds);
      return new Map([...latest].map(([id, c]) => [id, toView(c)]));
    },

    /** See gateway-charges.ts. */
    startCharge: (order: ChargeOrder, method: PaymentMethod, options: Parameters<NonNullable<typeof parts>['startCharge']>[2]) =>
      requireGateway().startCharge(order, method, options),

    /**
     * A notification from the gateway: its signature checked in constant time, its currency read, then the gateway
     * asked for the transaction's status (the body is never trusted for what happened). Throws GatewayUnavailableError
     * when the status cannot be read (the gateway retries).
     */
    async verifyNotification(body: NotificationBody): Promise<VerifiedNotice | 'no-gateway' | 'bad-signature' | 'unknown' | 'wrong-currency'> {
      if (!gateway) return 'no-gateway';
      const expected = midtransSignature(body.order_id, body.status_code, body.gross_amount, gateway.settings.serverKey);
      if (!signatureMatches(body.signature_key, expected)) return 'bad-signature';
      if (!isRupiah(body.currency)) return 'wrong-currency';
      const charge = await charges.findByReference(body.order_id);
      if (!charge) return 'unknown';
      return (await recheckCharge(charge)) ?? 'unknown';
    },

    /**
     * Charges to ask about again (see PaymentRepository.listUnsettled): at start-up every open one, periodically an open
     * one at most every few minutes (its notice usually comes first), so a lost notice never leaves an order waiting.
     */
    async unsettledCharges(when: 'start-up' | 'periodic'): Promise<ChargeRecord[]> {
      if (!gateway) return [];
      const ago = (ms: number) => new Date(now().getTime() - ms).toISOString();
      return charges.listUnsettled({ quiet: ago(15_000), pendingQuiet: ago(when === 'start-up' ? 0 : 5 * 60_000), unavailable: ago(2 * 3_600_000) });
    },

    /** One charge's status asked again (see verifyNotification). */
    async recheck(reference: string): Promise<VerifiedNotice | null> {
      const charge = await charges.findByReference(reference);
      return charge ? recheckCharge(charge) : null;
    },

    /**
     * A charge cut short by a crash (still 'creating') that the gateway does not know: never made, so the customer is
     * offered "Try again"; one it made without the QR or account number the customer needs is closed for a new one.
     */
    async settleLostCharge(charge: ChargeRecord, known: boolean): Promise<void> {
      const current = await charges.findByReference(charge.reference);
      if (!current) return;
      const lacking = current.gatewayStatus === 'pending' && lacksWhatToPayWith(current);
      if (known && !lacking) return;
      if (lacking && (await requireGateway().closeLatest(charge.orderId)) !== 'closed') return;
      await charges.recordAnswer(current.id, { gatewayStatus: 'unavailable', message: NOT_ANSWERING_AGAIN }, nowIso());
    },

    /** The newest charge of an order, when it has one. */
    async latestCharge(orderId: number): Promise<ChargeRecord | undefined> {
      return (await charges.latestOf([orderId])).get(orderId);
    },

    /** Closes the order's open QR, virtual account or card charge at the gateway; false when it is still open. */
    async closeOpenCharge(orderId: number): Promise<boolean> {
      if (!parts) return true;
      return (await parts.closeLatest(orderId)) === 'closed';
    },

    /** The order's payment window ended (the sweep): the paid notice when it was paid at the last second, else null. */
    endPaymentWindow: (orderId: number): Promise<VerifiedNotice | null> => (parts ? parts.endPaymentWindow(orderId) : Promise.resolve(null)),

    /** True when the order was paid through the gateway (so its refund goes back through it). */
    async paidThroughGateway(orderId: number): Promise<boolean> {
      return gateway !== null && (await charges.paidChargeOf(orderId)) !== undefined;
    },

    /** A full refund through the gateway, exactly once (gateway-refunds.ts). */
    refund: (orderId: number, reason: string): Promise<RefundResult> => (parts ? parts.refund(orderId, reason) : Promise.resolve({ state: 'none' })),

    /** Staff paid it back themselves: no gateway refund may follow; 'busy' while one runs. */
    claimManualRefund: (orderId: number): Promise<'ok' | 'busy'> => (parts ? parts.claimManualRefund(orderId) : Promise.resolve('ok')),

    /** A refund cut short or refused for the hour, tried again with the same refund key. */
    finishClaimedRefund: (reference: string): Promise<RefundResult> => requireGateway().finishRefund(reference),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
