import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A small typed client of the Midtrans Core API (the subset the shop uses: charge, status, cancel, expire, refund)
 * over fetch, every answer checked with zod. The official `midtrans-client` package is not used: MIDTRANS_API_URL
 * must be able to point the shop at any server that speaks the API (the simulator in tests and `npm run dev`).
 */
export interface MidtransSettings {
  serverKey: string;
  clientKey: string;
  /** No trailing slash, e.g. https://api.sandbox.midtrans.com. */
  apiUrl: string;
  /** How long one call may take before it counts as "the gateway is not answering". */
  timeoutMs: number;
}

export const SANDBOX_API_URL = 'https://api.sandbox.midtrans.com';
export const PRODUCTION_API_URL = 'https://api.midtrans.com';

/** Amounts come as '25000.00' (or a number from some servers): whole rupiah either way. */
const Amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return Math.round(n);
});

const VaNumber = z.object({ bank: z.string(), va_number: z.string() });
const Action = z.object({ name: z.string(), url: z.string() });

/** A transaction as charge and status describe it; fields a payment type lacks are absent. */
export const MidtransTransaction = z.looseObject({
  status_code: z.string(),
  status_message: z.string().optional(),
  transaction_id: z.string().optional(),
  order_id: z.string().optional(),
  gross_amount: Amount.optional(),
  currency: z.string().optional(),
  payment_type: z.string().optional(),
  transaction_status: z.string().optional(),
  fraud_status: z.string().optional(),
  qr_string: z.string().optional(),
  actions: z.array(Action).optional(),
  va_numbers: z.array(VaNumber).optional(),
  redirect_url: z.string().optional(),
  expiry_time: z.string().optional(),
});
export type MidtransTransaction = z.infer<typeof MidtransTransaction>;

export interface ChargeRequest {
  reference: string;
  amountIdr: number;
  items: { id: string; name: string; priceIdr: number; quantity: number }[];
  email: string;
  /** Minutes the QR or virtual account takes payments. */
  expiryMinutes: number;
  payment:
    | { type: 'qris' }
    | { type: 'bank_transfer'; bank: string }
    | { type: 'credit_card'; tokenId: string; callbackUrl: string }
    // The wallet app returns the customer to callbackUrl (the order page) after paying.
    | { type: 'gopay'; callbackUrl: string }
    | { type: 'shopeepay'; callbackUrl: string };
}

/** The gateway did not answer, answered garbage, or answered with a 5xx: the call may be retried. */
export class GatewayUnavailableError extends Error {}

export function createMidtransClient(settings: MidtransSettings, fetchImpl: typeof fetch = fetch) {
  const auth = `Basic ${Buffer.from(`${settings.serverKey}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<MidtransTransaction> {
    let response: Response;
    try {
      response = await fetchImpl(`${settings.apiUrl}${path}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: auth },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      throw new GatewayUnavailableError(`gateway ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (response.status >= 500) throw new GatewayUnavailableError(`gateway ${method} ${path}: HTTP ${response.status}`);
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayUnavailableError(`gateway ${method} ${path}: HTTP ${response.status}, not JSON`);
    }
    const parsed = MidtransTransaction.safeParse(json);
    if (!parsed.success) throw new GatewayUnavailableError(`gateway ${method} ${path}: unexpected answer (${parsed.error.issues[0]?.message ?? ''})`);
    return parsed.data;
  }

  const ref = (reference: string) => encodeURIComponent(reference);

  return {
    charge(request: ChargeRequest): Promise<MidtransTransaction> {
      const p = request.payment;
      return call('POST', '/v2/charge', {
        payment_type: p.type,
        transaction_details: { order_id: request.reference, gross_amount: request.amountIdr },
        item_details: request.items.map((i) => ({ id: i.id, name: i.name.slice(0, 50), price: i.priceIdr, quantity: i.quantity })),
        customer_details: { email: request.email },
        custom_expiry: { expiry_duration: request.expiryMinutes, unit: 'minute' },
        ...(p.type === 'qris' ? { qris: { acquirer: 'gopay' } } : {}),
        ...(p.type === 'bank_transfer' ? { bank_transfer: { bank: p.bank } } : {}),
        ...(p.type === 'credit_card'
          ? { credit_card: { token_id: p.tokenId, authentication: true, callback_url: p.callbackUrl } }
          : {}),
        ...(p.type === 'gopay' ? { gopay: { enable_callback: true, callback_url: p.callbackUrl } } : {}),
        ...(p.type === 'shopeepay' ? { shopeepay: { callback_url: p.callbackUrl } } : {}),
      });
    },
    status: (reference: string) => call('GET', `/v2/${ref(reference)}/status`),
    cancel: (reference: string) => call('POST', `/v2/${ref(reference)}/cancel`),
    expire: (reference: string) => call('POST', `/v2/${ref(reference)}/expire`),
    refund: (reference: string, body: { refundKey: string; amountIdr: number; reason: string }) =>
      call('POST', `/v2/${ref(reference)}/refund`, { refund_key: body.refundKey, amount: body.amountIdr, reason: body.reason }),
  };
}
export type MidtransClient = ReturnType<typeof createMidtransClient>;

/** Midtrans' notification signature: SHA-512 hex of order_id + status_code + gross_amount + server key. */
export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

/** Compares in constant time, so the answer's timing tells nothing about how much of a forged signature was right. */
export function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Equal lengths for timingSafeEqual; a wrong length is refused after a comparison of the same cost.
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** A 2xx status_code in the body: Midtrans answers HTTP 200 with the real outcome in `status_code`. */
export const isSuccessCode = (code: string): boolean => /^2\d\d$/.test(code);
