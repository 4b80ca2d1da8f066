import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { midtransSignature } from '../modules/payments/midtrans-client.js';

/**
 * A developer's stand-in for the Midtrans Core API (decision 023), for the tests, the browser story and `npm run dev`.
 * It speaks the subset the shop uses: POST /v2/charge (qris, bank_transfer, credit_card), GET /v2/token (a card's
 * token, for the browser), GET /v2/{id}/status, POST /v2/{id}/cancel, /expire and /refund; it signs its notifications
 * as Midtrans does (SHA-512 of order_id + status_code + gross_amount + server key) and POSTs them to the shop.
 * A test or a person decides what the customer does: pay, expire or deny a transaction (the functions below, or
 * the page at /simulator with a button each). It keeps everything in memory: a restart forgets every transaction.
 */
export interface SimTransaction {
  orderId: string;
  transactionId: string;
  paymentType: 'qris' | 'bank_transfer' | 'credit_card';
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

/** A transaction as the gateway's status answer describes it. */
function describe(t: SimTransaction, statusCode = '200', message = 'Success, transaction is found') {
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
  if (transactions.has(orderId)) return [406, { status_code: '406', status_message: 'The request could not be completed due to a conflict with the current state of the target resource, please try again' }];
  const type = body.payment_type;
  const expiry = body.custom_expiry as { expiry_duration?: unknown } | undefined;
  const minutes = Number(expiry?.expiry_duration ?? 15) || 15;
  const now = new Date();
  const t: SimTransaction = {
    orderId,
    transactionId: randomUUID(),
    paymentType: type === 'bank_transfer' ? 'bank_transfer' : type === 'credit_card' ? 'credit_card' : 'qris',
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
  if (type === 'credit_card') answer.redirect_url = `${url}/3ds/${encodeURIComponent(orderId)}`;
  return [200, answer];
}

/** POST /v2/{id}/refund: the full amount, once per refund key. */
function refund(t: SimTransaction, body: Record<string, unknown>): [number, object] {
  const key = typeof body.refund_key === 'string' ? body.refund_key : randomUUID();
  const amount = body.amount === undefined ? t.grossAmount : Number(body.amount);
  if (t.refunds.has(key)) return [200, { ...describe(t), status_message: 'Success, refund request is approved', refund_key: key, refund_amount: amountText(amount) }];
  if (t.paymentType === 'bank_transfer') return [412, { status_code: '412', status_message: 'Refund is not available for bank transfer payments' }];
  if (t.status !== 'settlement' && t.status !== 'capture') return [412, { status_code: '412', status_message: 'Transaction status cannot be updated' }];
  if (amount !== t.grossAmount) return [400, { status_code: '400', status_message: 'Refund amount must be the full amount here' }];
  t.refunds.set(key, amount);
  t.status = 'refund';
  return [200, { ...describe(t), status_message: 'Success, refund request is approved', refund_key: key, refund_amount: amountText(amount) }];
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

export async function startPaymentSimulator(options: SimulatorOptions) {
  const transactions = new Map<string, SimTransaction>();
  const tokens = new Map<string, { cardNumber: string }>();
  const notices: { notice: SimNotice; status: number }[] = [];
  let notificationUrl = options.notificationUrl ?? null;
  /** Calls still to answer with 503 (a gateway that is down), for tests. */
  let failing = 0;
  /** Charges still to make but answer with 503, as if the answer was lost. */
  let losing = 0;
  /** Refund calls received (a repeated refund key counts too): a test's proof that a refund was asked for once. */
  let refundCalls = 0;
  let delayMs = 0;
  /** Runs before a status answer (a test can kill the shop right there: between a notice and its answer). */
  let beforeStatus: ((orderId: string) => Promise<void> | void) | null = null;
  const authorization = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`;

  const noticeOf = (t: SimTransaction) => noticeOfWith(t, options.serverKey);
  const charge = (body: Record<string, unknown>) => chargeOf(body, { transactions, tokens, url });

  const inflight = new Set<Promise<number>>();
  /** POSTs a notice to the shop; the answer's HTTP status, or 0 when the shop could not be reached. */
  function send(notice: SimNotice | Record<string, unknown>): Promise<number> {
    const sending = deliver(notice);
    inflight.add(sending);
    void sending.finally(() => inflight.delete(sending));
    return sending;
  }

  async function deliver(notice: SimNotice | Record<string, unknown>): Promise<number> {
    if (!notificationUrl) return 0;
    let status = 0;
    try {
      const res = await fetch(notificationUrl, {
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
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    // The browser's card token (Midtrans' GET /v2/token takes the client key, never the server key).
    if (req.method === 'GET' && path === '/v2/token') {
      const cardNumber = (reqUrl.searchParams.get('card_number') ?? '').replace(/\s+/g, '');
      if (!/^\d{13,19}$/.test(cardNumber) || !reqUrl.searchParams.get('client_key')) {
        json(400, { status_code: '400', status_message: 'card_number or client_key is invalid' });
        return;
      }
      const token = `${cardNumber.slice(0, 6)}-${cardNumber.slice(-4)}-${randomUUID()}`;
      tokens.set(token, { cardNumber });
      json(200, { status_code: '200', status_message: 'OK, success request new token', token_id: token, hash: token.slice(0, 12) });
      return;
    }
    if (path.startsWith('/v2/')) {
      if (failing > 0) {
        failing -= 1;
        json(503, { status_code: '503', status_message: 'Service unavailable' });
        return;
      }
      if (req.headers.authorization !== authorization) {
        json(401, { status_code: '401', status_message: 'Access denied, please check client or server key' });
        return;
      }
      const text = req.method === 'POST' ? await readBody(req) : '';
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        json(400, { status_code: '400', status_message: 'Invalid JSON' });
        return;
      }
      if (req.method === 'POST' && path === '/v2/charge') {
        const [status, answer] = charge(body);
        if (losing > 0 && status === 200) {
          // Made, but the answer is lost on the way back (a timeout, a dropped connection).
          losing -= 1;
          json(503, { status_code: '503', status_message: 'Service unavailable' });
          return;
        }
        json(status, answer);
        return;
      }
      const m = /^\/v2\/([^/]+)\/(status|cancel|expire|refund)$/.exec(path);
      const t = m?.[1] ? transactions.get(decodeURIComponent(m[1])) : undefined;
      if (!m || !t) {
        json(404, { status_code: '404', status_message: "Transaction doesn't exist." });
        return;
      }
      if (m[2] === 'status' && req.method === 'GET') {
        await beforeStatus?.(t.orderId);
        json(200, describe(t));
        return;
      }
      if ((m[2] === 'cancel' || m[2] === 'expire') && req.method === 'POST') {
        if (t.status !== 'pending') {
          json(412, { status_code: '412', status_message: 'Transaction status cannot be updated' });
          return;
        }
        t.status = m[2] === 'cancel' ? 'cancel' : 'expire';
        json(200, describe(t, '200', `Success, transaction is ${t.status === 'cancel' ? 'canceled' : 'expired'}`));
        // Midtrans notifies these too, right after its answer.
        void send(noticeOf(t));
        return;
      }
      if (m[2] === 'refund' && req.method === 'POST') {
        refundCalls += 1;
        const [status, answer] = refund(t, body);
        json(status, answer);
        return;
      }
      json(405, { status_code: '405', status_message: 'Method not allowed' });
      return;
    }
    // The card's 3-D Secure page: the customer passes or fails it, and goes back to the shop.
    const threeDs = /^\/3ds\/([^/]+)$/.exec(path);
    if (threeDs?.[1]) {
      const id = decodeURIComponent(threeDs[1]);
      const t = transactions.get(id);
      if (!t) {
        res.writeHead(404).end('No such transaction');
        return;
      }
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        if (t.status === 'pending') {
          if (form.get('result') === 'pass' && t.fraudStatus === 'accept') move(id, 'capture');
          else move(id, 'deny', 'deny');
          await send(noticeOf(t));
        }
        res.writeHead(303, { location: t.callbackUrl ?? '/simulator' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(threeDsPage(t));
      return;
    }
    // What a person clicks instead of an e-wallet or a bank: pay, expire or deny each open transaction.
    const act = /^\/simulator\/(?:app\/)?([^/]+)(?:\/(pay|expire|deny))?$/.exec(path);
    if (path === '/simulator' || path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(simulatorPage(transactions, notificationUrl));
      return;
    }
    if (act?.[1]) {
      const id = decodeURIComponent(act[1]);
      const action = act[2] ?? 'pay';
      if (req.method !== 'POST' && act[2]) {
        res.writeHead(405).end();
        return;
      }
      try {
        await (action === 'pay' ? simulator.pay(id) : action === 'expire' ? simulator.expire(id) : simulator.deny(id));
      } catch (err) {
        res.writeHead(409, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
        return;
      }
      res.writeHead(303, { location: '/simulator' }).end();
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
      return refundCalls;
    },
    /** Resolves once every notice sent so far has been answered (a test's quiet moment). */
    async idle(): Promise<void> {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    /** The next `count` API calls answer 503, as a gateway that is down. */
    failNext(count: number) {
      failing = count;
    },
    /** The next `count` charges are made but answered with 503 (the answer lost on its way back). */
    loseNextChargeAnswer(count: number) {
      losing = count;
    },
    /** A hook run before each status answer; null removes it. */
    beforeStatusAnswer(hook: ((orderId: string) => Promise<void> | void) | null) {
      beforeStatus = hook;
    },
    /** Every call waits this long first (a slow gateway). */
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** The customer pays: settlement (QRIS, virtual account) or capture (card); the shop is notified. Its answer's status. */
    pay(orderId: string): Promise<number> {
      const t = transactions.get(orderId);
      return send(noticeOf(move(orderId, t?.paymentType === 'credit_card' ? 'capture' : 'settlement')));
    },
    expire: (orderId: string) => send(noticeOf(move(orderId, 'expire'))),
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
