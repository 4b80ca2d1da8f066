import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MIDTRANS_ANSWERS, type MidtransAnswerName } from '../modules/payments/midtrans-answers.js';
import { midtransSignature } from '../modules/payments/midtrans-client.js';

/** An answer as the table of Midtrans answers gives it (its HTTP status, status_code and status_message). */
function tableAnswer(name: MidtransAnswerName, body: object = {}): [number, object] {
  const row = MIDTRANS_ANSWERS[name];
  return [row.httpStatus, { ...body, status_code: row.statusCode, status_message: row.statusMessage }];
}

/**
 * A developer's stand-in for the Midtrans Core API (decision 023), for the tests, the browser story and `npm run dev`.
 * It speaks the subset the shop uses: POST /v2/charge (qris, gopay, shopeepay, bank_transfer, credit_card), GET /v2/token (a card's
 * token, for the browser), GET /v2/{id}/status, POST /v2/{id}/cancel, /expire and /refund; it signs its notifications
 * as Midtrans does (SHA-512 of order_id + status_code + gross_amount + server key) and POSTs them to the shop.
 * A test or a person decides what the customer does: pay, expire or deny a transaction (the functions below, or
 * the page at /simulator with a button each; a wallet's deep link opens /wallet/{id} with "Pay" and "Decline"). It keeps everything in memory: a restart forgets every transaction.
 */
export interface SimTransaction {
  orderId: string;
  transactionId: string;
  paymentType: 'qris' | 'bank_transfer' | 'credit_card' | 'gopay' | 'shopeepay';
  grossAmount: number;
  status: 'pending' | 'settlement' | 'capture' | 'expire' | 'deny' | 'cancel' | 'refund';
  fraudStatus: 'accept' | 'deny';
  bank: string | null;
  vaNumber: string | null;
  qrString: string | null;
  callbackUrl: string | null;
  expiryTime: string;
  /** refund_key -> amount, so a repeated refund call is the same refund. */
  refunds: Map<string, number>;
  transactionTime: string;
}

export interface SimNotice {
  transaction_time: string;
  transaction_status: string;
  transaction_id: string;
  status_message: string;
  status_code: string;
  signature_key: string;
  payment_type: string;
  order_id: string;
  merchant_id: string;
  gross_amount: string;
  fraud_status: string;
  currency: string;
}

export interface SimulatorOptions {
  serverKey: string;
  /** Where notifications go, e.g. http://127.0.0.1:3000/api/v1/payments/midtrans/notification; null: none sent. */
  notificationUrl?: string | null;
  port?: number;
  host?: string;
}

const JAKARTA_MS = 7 * 60 * 60 * 1000;
/** 'YYYY-MM-DD HH:mm:ss' in Jakarta time, as Midtrans writes times. */
const midtransTime = (d: Date) => new Date(d.getTime() + JAKARTA_MS).toISOString().slice(0, 19).replace('T', ' ');
const amountText = (n: number) => `${n}.00`;

/** A transaction as the gateway's status answer describes it (an expired one with status_code 407, as Midtrans does). */
function describe(t: SimTransaction, statusCode = t.status === 'expire' ? MIDTRANS_ANSWERS.statusExpired.statusCode : '200', message = 'Success, transaction is found') {
  return {
    status_code: statusCode,
    status_message: message,
    transaction_id: t.transactionId,
    order_id: t.orderId,
    merchant_id: 'SIMULATOR',
    gross_amount: amountText(t.grossAmount),
    currency: 'IDR',
    payment_type: t.paymentType,
    transaction_time: t.transactionTime,
    transaction_status: t.status,
    fraud_status: t.fraudStatus,
    expiry_time: t.expiryTime,
    ...(t.qrString ? { qr_string: t.qrString, acquirer: 'gopay' } : {}),
    ...(t.vaNumber ? { va_numbers: [{ bank: t.bank, va_number: t.vaNumber }] } : {}),
  };
}

/** The notification the gateway sends for a transaction as it is now, signed with the server key. */
function noticeOfWith(t: SimTransaction, serverKey: string): SimNotice {
  const statusCode = t.status === 'deny' ? '202' : t.status === 'expire' || t.status === 'cancel' ? '202' : '200';
  return {
    transaction_time: t.transactionTime,
    transaction_status: t.status,
    transaction_id: t.transactionId,
    status_message: 'midtrans payment notification',
    status_code: statusCode,
    signature_key: midtransSignature(t.orderId, statusCode, amountText(t.grossAmount), serverKey),
    payment_type: t.paymentType,
    order_id: t.orderId,
    merchant_id: 'SIMULATOR',
    gross_amount: amountText(t.grossAmount),
    fraud_status: t.fraudStatus,
    currency: 'IDR',
  };
}

/** POST /v2/charge: a new transaction (QRIS, virtual account or card), or why not. */
function chargeOf(
  body: Record<string, unknown>,
  state: { transactions: Map<string, SimTransaction>; tokens: Map<string, { cardNumber: string }>; url: string },
): [number, object] {
  const { transactions, tokens, url } = state;
  const details = body.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
  const orderId = typeof details?.order_id === 'string' ? details.order_id : '';
  const gross = Number(details?.gross_amount);
  if (!orderId || !Number.isInteger(gross) || gross < 1) return [400, { status_code: '400', status_message: 'transaction_details is invalid' }];
  const items = Array.isArray(body.item_details) ? (body.item_details as { price?: unknown; quantity?: unknown }[]) : [];
  const sum = items.reduce((n, i) => n + Number(i.price) * Number(i.quantity), 0);
  if (items.length > 0 && sum !== gross) {
    return [400, { status_code: '400', status_message: 'transaction_details.gross_amount is not equal to the sum of item_details' }];
  }
  if (transactions.has(orderId)) return tableAnswer('chargeDuplicate');
  const type = body.payment_type;
  const expiry = body.custom_expiry as { expiry_duration?: unknown } | undefined;
  const minutes = Number(expiry?.expiry_duration ?? 15) || 15;
  const now = new Date();
  const t: SimTransaction = {
    orderId,
    transactionId: randomUUID(),
    paymentType: PAYMENT_TYPES.find((p) => p === type) ?? 'qris',
    grossAmount: gross,
    status: 'pending',
    fraudStatus: 'accept',
    bank: null,
    vaNumber: null,
    qrString: null,
    callbackUrl: null,
    expiryTime: midtransTime(new Date(now.getTime() + minutes * 60_000)),
    refunds: new Map(),
    transactionTime: midtransTime(now),
  };
  if (type === 'qris') {
    t.qrString = `00020101021226620014COM.GO-JEK.WWW011893600914${randomBytes(6).toString('hex')}5204581253033605404${gross}5802ID5913COFFEE SHOP SIM6007JAKARTA6304ABCD`;
  } else if (type === 'bank_transfer') {
    const bank = (body.bank_transfer as { bank?: unknown } | undefined)?.bank;
    if (bank !== 'bca' && bank !== 'bni' && bank !== 'bri') return [400, { status_code: '400', status_message: 'bank_transfer.bank is not supported' }];
    t.bank = bank;
    t.vaNumber = `${bank === 'bca' ? '12345' : bank === 'bni' ? '9881' : '88810'}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  } else if (type === 'gopay' || type === 'shopeepay') {
    const wallet = body[type] as { callback_url?: unknown } | undefined;
    t.callbackUrl = typeof wallet?.callback_url === 'string' ? wallet.callback_url : null;
  } else if (type === 'credit_card') {
    const card = body.credit_card as { token_id?: unknown; callback_url?: unknown } | undefined;
    const token = typeof card?.token_id === 'string' ? tokens.get(card.token_id) : undefined;
    if (!token) return [400, { status_code: '400', status_message: 'token_id is invalid or expired' }];
    t.callbackUrl = typeof card?.callback_url === 'string' ? card.callback_url : null;
    // Midtrans' test card that the bank declines.
    if (token.cardNumber === '4911111111111113') t.fraudStatus = 'deny';
  } else {
    return [400, { status_code: '400', status_message: 'payment_type is not supported by the simulator' }];
  }
  transactions.set(orderId, t);
  const answer: Record<string, unknown> = { ...describe(t, '201', 'Success, transaction is created') };
  if (type === 'qris') {
    answer.actions = [
      { name: 'generate-qr-code', method: 'GET', url: `${url}/v2/qris/${encodeURIComponent(orderId)}/qr-code` },
      { name: 'deeplink-redirect', method: 'GET', url: `${url}/simulator/app/${encodeURIComponent(orderId)}` },
    ];
  }
  if (type === 'gopay' || type === 'shopeepay') answer.actions = walletActions(t, url);
  if (type === 'credit_card') answer.redirect_url = `${url}/3ds/${encodeURIComponent(orderId)}`;
  return [200, answer];
}

const PAYMENT_TYPES = ['qris', 'bank_transfer', 'credit_card', 'gopay', 'shopeepay'] as const;

/** A wallet charge's actions, as the table's chargeGopay and chargeShopeepay rows name them. */
function walletActions(t: SimTransaction, url: string) {
  const id = encodeURIComponent(t.orderId);
  const deeplink = { name: 'deeplink-redirect', method: 'GET', url: `${url}/wallet/${id}` };
  if (t.paymentType === 'shopeepay') return [deeplink];
  return [
    { name: 'generate-qr-code', method: 'GET', url: `${url}/v2/gopay/${id}/qr-code` },
    deeplink,
    { name: 'get-status', method: 'GET', url: `${url}/v2/${id}/status` },
    { name: 'cancel', method: 'POST', url: `${url}/v2/${id}/cancel` },
  ];
}

/** ShopeePay takes no refunds from 23:55 to 06:00 Jakarta time (the table's refundOutsideHours). */
function shopeepayRefundHours(now: Date): boolean {
  const jakarta = new Date(now.getTime() + JAKARTA_MS);
  const minutes = jakarta.getUTCHours() * 60 + jakarta.getUTCMinutes();
  return minutes >= 6 * 60 && minutes < 23 * 60 + 55;
}

/** POST /v2/{id}/refund: the full amount, once per refund key. */
function refund(t: SimTransaction, body: Record<string, unknown>): [number, object] {
  const key = typeof body.refund_key === 'string' ? body.refund_key : randomUUID();
  const amount = body.amount === undefined ? t.grossAmount : Number(body.amount);
  const approved = () => tableAnswer('refundSettlement', { ...describe(t), refund_key: key, refund_amount: amountText(amount) });
  if (t.refunds.has(key)) return approved();
  if (t.paymentType === 'bank_transfer') return tableAnswer('refundNoRefunds');
  // Only a settled transaction is refunded; a card still in capture is cancelled (voided) instead.
  if (t.status === 'capture') return tableAnswer('refundCapture');
  if (t.status !== 'settlement') return tableAnswer('refundCapture');
  if (t.paymentType === 'shopeepay' && !shopeepayRefundHours(new Date())) return tableAnswer('refundOutsideHours');
  if (amount !== t.grossAmount) return [400, { status_code: '400', status_message: 'Refund amount must be the full amount here' }];
  t.refunds.set(key, amount);
  t.status = 'refund';
  return approved();
}

/** GET /v2/{id}/status, POST /v2/{id}/cancel, /expire and /refund: answered as the table of Midtrans answers says. */
async function transactionCall(
  method: string,
  path: string,
  body: Record<string, unknown>,
  state: {
    transactions: Map<string, SimTransaction>;
    calls: { refund: number; cancel: number; expire: number };
    beforeStatus: ((orderId: string) => Promise<void> | void) | null;
    notify: (t: SimTransaction) => void;
  },
): Promise<[number, object]> {
  const m = /^\/v2\/([^/]+)\/(status|cancel|expire|refund)$/.exec(path);
  const t = m?.[1] ? state.transactions.get(decodeURIComponent(m[1])) : undefined;
  if (!m || !t) return tableAnswer('statusUnknown');
  const call = m[2];
  if (call === 'status' && method === 'GET') {
    await state.beforeStatus?.(t.orderId);
    return [200, describe(t)];
  }
  if ((call === 'cancel' || call === 'expire') && method === 'POST') {
    state.calls[call] += 1;
    // Expire closes a pending transaction (answered 407); cancel also voids a card still in capture.
    const open = t.status === 'pending' || (call === 'cancel' && t.status === 'capture');
    if (!open) return tableAnswer(call === 'cancel' ? 'cancelSettled' : 'expireNotPending');
    const row = call === 'expire' ? 'expirePending' : t.status === 'capture' ? 'cancelCapture' : 'cancelPending';
    t.status = call === 'cancel' ? 'cancel' : 'expire';
    // Midtrans notifies these too, right after its answer.
    setImmediate(() => state.notify(t));
    return tableAnswer(row, describe(t));
  }
  if (call === 'refund' && method === 'POST') {
    state.calls.refund += 1;
    return refund(t, body);
  }
  return [405, { status_code: '405', status_message: 'Method not allowed' }];
}

interface Faults {
  /** Calls still to answer with 503 (a gateway that is down). */
  failing: number;
  /** Charges still to make but answer with 503, as if the answer was lost. */
  losing: number;
  /** Every call waits this long first (a slow gateway). */
  delayMs: number;
  /** Runs before a status answer (a test can kill the shop right there: between a notice and its answer). */
  beforeStatus: ((orderId: string) => Promise<void> | void) | null;
  /** Runs once a charge is made, before its answer (a test can kill the shop between the charge and its answer). */
  afterCharge: ((orderId: string) => Promise<void> | void) | null;
}

const UNAVAILABLE: [number, object] = [503, { status_code: '503', status_message: 'Service unavailable' }];

/** The server-key calls under /v2/ (charge, status, cancel, expire, refund), with the faults a test asked for. */
async function apiRoute(
  req: http.IncomingMessage,
  path: string,
  ctx: {
    faults: Faults;
    authorization: string;
    charge: (body: Record<string, unknown>) => [number, object];
    transactions: Map<string, SimTransaction>;
    calls: { refund: number; cancel: number; expire: number };
    notify: (t: SimTransaction) => void;
  },
): Promise<[number, object]> {
  const { faults } = ctx;
  if (faults.failing > 0) {
    faults.failing -= 1;
    return UNAVAILABLE;
  }
  if (req.headers.authorization !== ctx.authorization) return tableAnswer('wrongKey');
  const text = req.method === 'POST' ? await readBody(req) : '';
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return [400, { status_code: '400', status_message: 'Invalid JSON' }];
  }
  if (req.method === 'POST' && path === '/v2/charge') {
    const answer = ctx.charge(body);
    if (answer[0] === 200 && typeof body.transaction_details === 'object' && body.transaction_details !== null) {
      await faults.afterCharge?.(String((body.transaction_details as { order_id?: unknown }).order_id));
    }
    if (faults.losing > 0 && answer[0] === 200) {
      // Made, but the answer is lost on the way back (a timeout, a dropped connection).
      faults.losing -= 1;
      return UNAVAILABLE;
    }
    return answer;
  }
  return transactionCall(req.method ?? 'GET', path, body, { ...ctx, beforeStatus: faults.beforeStatus });
}

/** What a person clicks on the simulator's page instead of an e-wallet or a bank: pay, expire or deny. */
async function personRoute(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  id: string,
  action: 'pay' | 'expire' | 'deny' | undefined,
  act: Record<'pay' | 'expire' | 'deny', (id: string) => Promise<number>>,
): Promise<void> {
  if (req.method !== 'POST' && action) {
    res.writeHead(405).end();
    return;
  }
  try {
    await act[action ?? 'pay'](id);
  } catch (err) {
    res.writeHead(409, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
    return;
  }
  res.writeHead(303, { location: '/simulator' }).end();
}

/** POSTs notices to the shop (to the URL `target` gives now), keeping each with the shop's answer in `notices`. */
function createNoticeSender(target: () => string | null, notices: { notice: SimNotice; status: number }[]) {
  const inflight = new Set<Promise<number>>();
  async function deliver(notice: SimNotice | Record<string, unknown>): Promise<number> {
    const url = target();
    if (!url) return 0;
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(notice),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.text();
    } catch {
      status = 0;
    }
    notices.push({ notice: notice as SimNotice, status });
    return status;
  }
  return {
    inflight,
    /** POSTs a notice to the shop; the answer's HTTP status, or 0 when the shop could not be reached. */
    send(notice: SimNotice | Record<string, unknown>): Promise<number> {
      const sending = deliver(notice);
      inflight.add(sending);
      void sending.finally(() => inflight.delete(sending));
      return sending;
    },
  };
}

/** GET /v2/token: the browser's card token (Midtrans' takes the client key, never the server key). */
function tokenAnswer(reqUrl: URL, tokens: Map<string, { cardNumber: string }>): [number, object] {
  const cardNumber = (reqUrl.searchParams.get('card_number') ?? '').replace(/\s+/g, '');
  if (!/^\d{13,19}$/.test(cardNumber) || !reqUrl.searchParams.get('client_key')) {
    return [400, { status_code: '400', status_message: 'card_number or client_key is invalid' }];
  }
  const token = `${cardNumber.slice(0, 6)}-${cardNumber.slice(-4)}-${randomUUID()}`;
  tokens.set(token, { cardNumber });
  return [200, { status_code: '200', status_message: 'OK, success request new token', token_id: token, hash: token.slice(0, 12) }];
}

/**
 * A page the customer finishes a payment on (the card's 3-D Secure page, a wallet app): they pass or fail it
 * (`finish`), and go back to the shop's callback URL.
 */
async function finishRoute(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  t: SimTransaction | undefined,
  finish: (t: SimTransaction, pass: boolean) => Promise<void>,
  page: (t: SimTransaction) => string,
): Promise<void> {
  if (!t) {
    res.writeHead(404).end('No such transaction');
    return;
  }
  if (req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    if (t.status === 'pending') await finish(t, form.get('result') === 'pass');
    res.writeHead(303, { location: t.callbackUrl ?? '/simulator' }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page(t));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width"></head><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto">${body}</body></html>`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The card's 3-D Secure page: the customer passes or fails it. */
const threeDsPage = (t: SimTransaction) =>
  html(
    '3-D Secure (simulator)',
    `<h1>3-D Secure (simulator)</h1><p>Order ${escape(t.orderId)}: IDR ${t.grossAmount}</p>` +
      `<form method="post"><button name="result" value="pass">Authenticate</button> <button name="result" value="fail">Fail authentication</button></form>`,
  );

/** The wallet app (GoPay or ShopeePay) the deep link opens: the amount, "Pay" and "Decline". */
const walletPage = (t: SimTransaction) => {
  const name = t.paymentType === 'shopeepay' ? 'ShopeePay' : 'GoPay';
  return html(
    `${name} (simulator)`,
    `<h1>${name} (simulator)</h1><p>Pay COFFEE SHOP SIM for order ${escape(t.orderId)}</p><p style="font-size:1.5rem">IDR ${t.grossAmount.toLocaleString('id-ID')}</p>` +
      `<form method="post"><button name="result" value="pass">Pay</button> <button name="result" value="fail">Decline</button></form>`,
  );
};

/** A pending transaction moved to its end (paid, expired, denied...); a transaction not pending cannot move. */
function moveIn(
  transactions: Map<string, SimTransaction>,
  orderId: string,
  status: SimTransaction['status'],
  fraud: SimTransaction['fraudStatus'],
): SimTransaction {
  const t = transactions.get(orderId);
  if (!t) throw new Error(`simulator: no transaction ${orderId}`);
  if (t.status !== 'pending') throw new Error(`simulator: transaction ${orderId} is ${t.status}, not pending`);
  t.status = status;
  t.fraudStatus = fraud;
  return t;
}

/** The simulator's own page: every transaction, with pay, expire and deny for the open ones. */
function simulatorPage(transactions: Map<string, SimTransaction>, notificationUrl: string | null): string {
  const rows = [...transactions.values()]
    .reverse()
    .map(
      (t) =>
        `<li>${escape(t.orderId)} ${t.paymentType}${t.bank ? ` ${t.bank} ${t.vaNumber}` : ''}: IDR ${t.grossAmount}, <b>${t.status}</b>` +
        (t.status === 'pending'
          ? ` ${['pay', 'expire', 'deny'].map((a) => `<form method="post" action="/simulator/${encodeURIComponent(t.orderId)}/${a}" style="display:inline"><button>${a}</button></form>`).join(' ')}`
          : '') +
        '</li>',
    )
    .join('');
  return html('Payment gateway simulator', `<h1>Payment gateway simulator</h1><p>Notifications go to ${escape(notificationUrl ?? '(nowhere)')}</p><ul>${rows || '<li>No transactions yet</li>'}</ul>`);
}

/**
 * The pages a customer finishes a payment on: the card's 3-D Secure page and a wallet app's (the deep link). False
 * when the path is neither.
 */
async function payingPageRoute(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  ctx: {
    transactions: Map<string, SimTransaction>;
    move: (orderId: string, status: SimTransaction['status'], fraud?: SimTransaction['fraudStatus']) => SimTransaction;
    finished: (t: SimTransaction) => Promise<number>;
  },
): Promise<boolean> {
  const { transactions, move } = ctx;
  // The card's 3-D Secure page: the customer passes or fails it, and goes back to the shop.
  const threeDs = /^\/3ds\/([^/]+)$/.exec(path);
  if (threeDs?.[1]) {
    await finishRoute(req, res, transactions.get(decodeURIComponent(threeDs[1])), async (t, pass) => {
      if (pass && t.fraudStatus === 'accept') move(t.orderId, 'capture');
      else move(t.orderId, 'deny', 'deny');
      await ctx.finished(t);
    }, threeDsPage);
    return true;
  }
  // A wallet's deep link: the customer pays or declines in the "app", which returns to the shop's order page.
  const wallet = /^\/wallet\/([^/]+)$/.exec(path);
  if (wallet?.[1]) {
    const t = transactions.get(decodeURIComponent(wallet[1]));
    await finishRoute(req, res, t?.paymentType === 'gopay' || t?.paymentType === 'shopeepay' ? t : undefined, async (w, pass) => {
      move(w.orderId, pass ? 'settlement' : 'deny');
      await ctx.finished(w);
    }, walletPage);
    return true;
  }
  return false;
}

export async function startPaymentSimulator(options: SimulatorOptions) {
  const transactions = new Map<string, SimTransaction>();
  const tokens = new Map<string, { cardNumber: string }>();
  const notices: { notice: SimNotice; status: number }[] = [];
  let notificationUrl = options.notificationUrl ?? null;
  /** The faults a test asks for (a gateway that is down, slow, loses answers, or waits before a status answer). */
  const faults: Faults = { failing: 0, losing: 0, delayMs: 0, beforeStatus: null, afterCharge: null };
  /** Refund, cancel and expire calls received (a repeat counts too): a test's proof that a refund was asked for once. */
  const calls = { refund: 0, cancel: 0, expire: 0 };
  const authorization = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`;

  const noticeOf = (t: SimTransaction) => noticeOfWith(t, options.serverKey);
  const charge = (body: Record<string, unknown>) => chargeOf(body, { transactions, tokens, url });

  const sender = createNoticeSender(() => notificationUrl, notices);
  const { inflight } = sender;
  const send = (notice: SimNotice | Record<string, unknown>) => sender.send(notice);

  const move = (orderId: string, status: SimTransaction['status'], fraud: SimTransaction['fraudStatus'] = 'accept') =>
    moveIn(transactions, orderId, status, fraud);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const reqUrl = new URL(req.url ?? '/', url);
    const path = reqUrl.pathname;
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' });
      res.end();
      return;
    }
    if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
    // The browser's card token (Midtrans' GET /v2/token takes the client key, never the server key).
    if (req.method === 'GET' && path === '/v2/token') {
      json(...tokenAnswer(reqUrl, tokens));
      return;
    }
    if (path.startsWith('/v2/')) {
      json(...(await apiRoute(req, path, { faults, authorization, charge, transactions, calls, notify: (t) => void send(noticeOf(t)) })));
      return;
    }
    if (await payingPageRoute(req, res, path, { transactions, move, finished: (t) => send(noticeOf(t)) })) return;
    // What a person clicks instead of an e-wallet or a bank: pay, expire or deny each open transaction.
    const act = /^\/simulator\/(?:app\/)?([^/]+)(?:\/(pay|expire|deny))?$/.exec(path);
    if (path === '/simulator' || path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(simulatorPage(transactions, notificationUrl));
      return;
    }
    if (act?.[1]) {
      await personRoute(req, res, decodeURIComponent(act[1]), act[2] as 'pay' | 'expire' | 'deny' | undefined, simulator);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status_code: '500', status_message: err instanceof Error ? err.message : String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  const simulator = {
    url,
    transactions,
    /** Every notice sent, with the shop's answer. */
    notices,
    setNotificationUrl(next: string | null) {
      notificationUrl = next;
    },
    get refundCalls() {
      return calls.refund;
    },
    get closeCalls() {
      return { cancel: calls.cancel, expire: calls.expire };
    },
    /** Resolves once every notice sent so far has been answered (a test's quiet moment). */
    async idle(): Promise<void> {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    /** The next `count` API calls answer 503, as a gateway that is down. */
    failNext(count: number) {
      faults.failing = count;
    },
    /** The next `count` charges are made but answered with 503 (the answer lost on its way back). */
    loseNextChargeAnswer(count: number) {
      faults.losing = count;
    },
    /** A hook run before each status answer; null removes it. */
    beforeStatusAnswer(hook: ((orderId: string) => Promise<void> | void) | null) {
      faults.beforeStatus = hook;
    },
    /** A hook run once a charge is made, before it is answered; null removes it. */
    afterChargeMade(hook: ((orderId: string) => Promise<void> | void) | null) {
      faults.afterCharge = hook;
    },
    /** Every call waits this long first (a slow gateway). */
    setDelay(ms: number) {
      faults.delayMs = ms;
    },
    /** The customer pays: settlement (QRIS, virtual account) or capture (card); the shop is notified. Its answer's status. */
    pay(orderId: string): Promise<number> {
      const t = transactions.get(orderId);
      return send(noticeOf(move(orderId, t?.paymentType === 'credit_card' ? 'capture' : 'settlement')));
    },
    expire: (orderId: string) => send(noticeOf(move(orderId, 'expire'))),
    /** A card's capture settles (the next day at Midtrans): from then on it is refunded, no longer cancelled. */
    settle(orderId: string): Promise<number> {
      const t = transactions.get(orderId);
      if (t?.status !== 'capture') throw new Error(`simulator: transaction ${orderId} is not in capture`);
      t.status = 'settlement';
      return send(noticeOf(t));
    },
    deny: (orderId: string) => send(noticeOf(move(orderId, 'deny', 'deny'))),
    /** The notice the gateway would send now for a transaction (to send again, or to tamper with in a test). */
    noticeFor(orderId: string): SimNotice {
      const t = transactions.get(orderId);
      if (!t) throw new Error(`simulator: no transaction ${orderId}`);
      return noticeOf(t);
    },
    send,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return simulator;
}
export type PaymentSimulator = Awaited<ReturnType<typeof startPaymentSimulator>>;
