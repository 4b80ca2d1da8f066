import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isChatUrl } from '@coffee/contract';
import { z } from 'zod';
import { rateToBasisPoints } from './lib/money.js';
import { isValidTimeZone } from './lib/shop-time.js';

/**
 * The only module that reads process.env (env parsed once at start, failing fast).
 * Each variable is checked here; a bad value stops start-up with one line naming it.
 */
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const positiveNumber = z.coerce.number().positive().max(3650);
const flag = z.enum(['1', '0', 'true', 'false', '']).default('').transform((v) => v === '1' || v === 'true');
const count = z.coerce.number().int().min(1).max(1_000_000);

const EnvSchema = z.object({
  // Production unless asked otherwise: `npm run dev` and the test harnesses name development or test themselves.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Several processes (modules/products/catalogue-cache.ts, plugins/rate-limit.ts): off while REDIS_URL is empty. */
  REDIS_URL: optionalUrl
    .refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().trim().regex(/^[\w:.-]{1,60}$/).default('coffee-shop:'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Empty: pretty for a person at a terminal, JSON lines in production. */
  LOG_FORMAT: z.enum(['pretty', 'json', '']).default(''),
  /** Load the demo menu into an empty database at start. */
  DEMO_DATA: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** The demo customer and staff accounts, whose passwords the README prints: only when asked for. */
  DEMO_ACCOUNTS: flag,
  /** Says "this public server is a demo" so DEMO_ACCOUNTS may be on in production on a non-loopback HOST. */
  DEMO_SERVER: z.enum(['yes', 'no', '']).default(''),
  /** Plain-http push endpoints on this machine (the tests' stand-in push service); refused in production. */
  PUSH_ALLOW_LOCAL_ENDPOINTS: flag,
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(120).default(3),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform(parseTrustProxy)
    .refine((v) => v !== undefined, 'must be empty, a hop count or a list of addresses'),
  /** Other web origins allowed to call the API from a browser with credentials (plugins/cors.ts). */
  CORS_ORIGINS: z
    .string()
    .trim()
    .default('')
    .transform(parseOrigins)
    .refine((v) => v !== undefined, 'must be a comma-separated list of origins'),
  /** Accounts (modules/auth, modules/users, lib/mail.ts). */
  PUBLIC_URL: optionalUrl.optional(),
  SMTP_URL: optionalUrl
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Coffee Shop <no-reply@coffeeshop.test>'),
  /** Where customers' questions (Ask a Staff) are mailed; empty: the address of MAIL_FROM. */
  SHOP_EMAIL: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'must be an email address'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_IDLE_DAYS: positiveNumber.default(7),
  SESSION_MAX_DAYS: positiveNumber.default(30),
  RATE_LIMIT_WINDOW_MINUTES: positiveNumber.default(15),
  LOGIN_LIMIT_PER_ACCOUNT: count.default(5),
  LOGIN_LIMIT_PER_IP: count.default(20),
  FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: count.default(3),
  FORGOT_PASSWORD_LIMIT_PER_IP: count.default(10),
  REGISTER_LIMIT_PER_IP: count.default(10),
  RESET_PASSWORD_LIMIT_PER_IP: count.default(10),
  /** Pictures (lib/images.ts): profile photos and product pictures. */
  PHOTO_UPLOAD_LIMIT_PER_ACCOUNT: count.default(10),
  PRODUCT_PICTURE_UPLOAD_LIMIT_PER_ACCOUNT: count.default(60),
  PICTURE_UPLOAD_WINDOW_MINUTES: positiveNumber.default(10),
  // Each decode keeps one core busy: two at most, and always one core left for browsing (one on a 2-core machine).
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(Math.min(2, Math.max(1, os.availableParallelism() - 1))),
  /** GET /metrics (plugins/metrics.ts): off unless one of these is set. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^[\x21-\x7e]{16,200}$/.test(v), 'at least 16 printable characters'),
  METRICS_PORT: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), 'a port'),
  /** Live order streams (modules/events/stream-caps.ts): open at once per account, per client address, per process. */
  STREAM_LIMIT_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  STREAM_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  STREAM_LIMIT_TOTAL: z.coerce.number().int().min(1).max(100_000).default(1000),
  STREAM_REFUSALS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
  /** "Login with Google" through OpenID Connect (modules/auth/oidc.*); off while OIDC_ISSUER is empty. */
  OIDC_ISSUER: optionalUrl.optional(),
  OIDC_CLIENT_ID: z.string().trim().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().max(500).optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40).default('Google'),
  /** Orders (modules/cart, modules/orders, modules/payments). */
  TAX_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, 'at most four decimals')
    .default(0.1),
  SHIPPING_FEE: z.coerce.number().int().min(0).max(10_000_000).default(15_000),
  /** The tax's name on reports (modules/reports): Pajak Restoran (PB1) by default. */
  TAX_LABEL: z.string().trim().min(1).max(40).default('PB1'),
  SHOP_TIMEZONE: z.string().trim().refine(isValidTimeZone, 'unknown time zone').default('Asia/Jakarta'),
  BANK_ACCOUNT: z.string().trim().min(3).max(200).default('BCA 123-456-7890 a.n. Coffee Shop'),
  /** The payment gateway (modules/payments): Midtrans Core API when both keys are set; manual payments otherwise. */
  MIDTRANS_SERVER_KEY: z.string().trim().max(200).optional(),
  MIDTRANS_CLIENT_KEY: z.string().trim().max(200).optional(),
  MIDTRANS_IS_PRODUCTION: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  MIDTRANS_API_URL: optionalUrl.optional(),
  MIDTRANS_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  MIDTRANS_BANK_TRANSFER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  MIDTRANS_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(20_000),
  ORDER_MAX_LINE_QUANTITY: z.coerce.number().int().min(1).max(1000).default(20),
  ORDER_MAX_ITEMS: z.coerce.number().int().min(1).max(10_000).default(50),
  ORDER_MAX_DAYS_AHEAD: z.coerce.number().int().min(1).max(90).default(7),
  MEMBER_CARD_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
  SHOP_CLOCK: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)))),
  /** The signed-in navigation's external chat link (served by modules/shop); no link while empty. */
  CHAT_URL: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || isChatUrl(v), 'must be an http(s) or mailto: link')
    .transform((v) => (v === '' ? null : v))
    .default(null),
  /** Web push of order steps (modules/push); off while the three are empty. `npx web-push generate-vapid-keys` makes a pair. */
  VAPID_PUBLIC_KEY: z.string().trim().default('').refine((v) => v === '' || /^[A-Za-z0-9_-]{87}$/.test(v)),
  VAPID_PRIVATE_KEY: z.string().trim().default('').refine((v) => v === '' || /^[A-Za-z0-9_-]{43}$/.test(v)),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^(?:mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v)),
});

const ACCEPTS: Record<string, string> = {
  NODE_ENV: 'development, production or test',
  PORT: 'a whole number from 0 to 65535',
  HOST: 'a host name or IP address to listen on',
  DATA_DIR: 'a directory path',
  DATABASE_URL: 'a postgres:// or postgresql:// URL, or empty for the embedded SQLite file',
  REDIS_URL:
    'a redis:// or rediss:// URL (redis://:password@host:6379/0), or empty to run one process with nothing shared',
  REDIS_KEY_PREFIX: 'letters, digits and : . - _ (at most 60), put before every Redis key and channel of this shop',
  WEB_CONCURRENCY:
    'a whole number of server processes from 1 to 64; more than 1 needs DATABASE_URL and REDIS_URL',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  LOG_FORMAT: 'pretty (one readable line per request), json (one JSON object per line), or empty for json when NODE_ENV=production and pretty otherwise',
  DEMO_DATA: 'true or false',
  DEMO_ACCOUNTS:
    '1 (create the demo customer and staff accounts whose passwords the README prints) or empty; in production on a HOST other than loopback only together with DEMO_SERVER=yes',
  DEMO_SERVER: 'yes (this public server is a demo: DEMO_ACCOUNTS=1 is allowed on it in production) or empty',
  PUSH_ALLOW_LOCAL_ENDPOINTS:
    '1 (push endpoints may be plain http on this machine: the tests\' stand-in push service; never in production) or empty',
  SHUTDOWN_GRACE_SECONDS:
    'a number of seconds from 0 to 120 (how long kept-alive connections get a clean 503 after SIGTERM before they are closed)',
  CORS_ORIGINS:
    'empty (only the shop\'s own pages call the API), or a comma-separated list of origins such as https://menu.example.com,http://localhost:5173 (scheme, host and port; no path)',
  TRUST_PROXY:
    'empty (no proxy), a number of proxy hops such as 1, or a comma-separated list of proxy addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8',
  PUBLIC_URL: 'the address customers open, e.g. https://shop.example.com (used in links sent by email)',
  SMTP_URL: 'an smtp:// or smtps:// URL (smtp://user:pass@host:587), or empty to write mails to DATA_DIR/outbox',
  MAIL_FROM: 'a sender such as "Coffee Shop <no-reply@example.com>"',
  SHOP_EMAIL: 'the email address that receives customers\' questions (Ask a Staff), or empty for the address of MAIL_FROM',
  COOKIE_SECURE: 'auto (Secure over HTTPS), true or false',
  SESSION_IDLE_DAYS: 'a number of days greater than 0 (a session ends after this long unused)',
  SESSION_MAX_DAYS: 'a number of days greater than 0 (a session ends this long after sign-in)',
  RATE_LIMIT_WINDOW_MINUTES: 'a number of minutes greater than 0',
  LOGIN_LIMIT_PER_ACCOUNT: 'a whole number of failed sign-ins per account and window, at least 1',
  LOGIN_LIMIT_PER_IP: 'a whole number of failed sign-ins per client address and window, at least 1',
  FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: 'a whole number of reset requests per email and window, at least 1',
  FORGOT_PASSWORD_LIMIT_PER_IP: 'a whole number of reset requests per client address and window, at least 1',
  REGISTER_LIMIT_PER_IP: 'a whole number of sign-ups per client address and window, at least 1',
  RESET_PASSWORD_LIMIT_PER_IP: 'a whole number of new-password attempts with a reset link per client address and window, at least 1',
  PHOTO_UPLOAD_LIMIT_PER_ACCOUNT: 'a whole number of profile photo uploads per account and window, at least 1',
  PRODUCT_PICTURE_UPLOAD_LIMIT_PER_ACCOUNT: 'a whole number of product picture uploads per staff account and window, at least 1',
  PICTURE_UPLOAD_WINDOW_MINUTES: 'a number of minutes greater than 0 (the window of the two picture upload limits)',
  IMAGE_DECODE_CONCURRENCY: 'a whole number from 1 to 16 (uploaded pictures decoded at once; the others wait; default 2, or 1 on a machine with 2 cores or fewer)',
  METRICS_TOKEN:
    'empty (no /metrics on the shop\'s port), or a secret of 16 to 200 printable characters without spaces that Prometheus sends as "Authorization: Bearer <token>" to GET /metrics',
  METRICS_PORT:
    'empty, or a port from 1 to 65535 where a listener of its own answers GET /metrics with the same METRICS_TOKEN (required with it)',
  STREAM_LIMIT_PER_USER: 'a whole number from 1 to 1000 (live order streams one account may keep open at once, e.g. one per open tab; default 5)',
  STREAM_LIMIT_PER_ADDRESS:
    'a whole number from 1 to 100000 (live order streams one client address may keep open at once, a whole office or café behind one address included; default 20)',
  STREAM_LIMIT_TOTAL:
    'a whole number from 1 to 100000 (live order streams one server process keeps open at once; each holds a connection and about 20 kB; default 1000)',
  STREAM_REFUSALS_PER_SECOND:
    'a whole number from 1 to 100000 (refused live-stream attempts answered per second to one client address that keeps retrying; the others wait their turn, so a flood cannot spin; default 50)',
  OIDC_ISSUER:
    'the OpenID Connect issuer URL, e.g. https://accounts.google.com (https outside development and test), or empty to turn provider sign-in off',
  OIDC_CLIENT_ID: 'the client id the provider issued to this shop (required when OIDC_ISSUER is set)',
  OIDC_CLIENT_SECRET: 'the client secret the provider issued to this shop (required when OIDC_ISSUER is set)',
  OIDC_PROVIDER_NAME: 'the name shown on the sign-in buttons, 1 to 40 characters (default Google)',
  TAX_RATE: 'a fraction of the subtotal from 0 to 1 with at most four decimals (0.1 is 10 %)',
  TAX_LABEL: 'a name of 1 to 40 characters, such as PB1',
  SHIPPING_FEE: 'a whole number of rupiah from 0 to 10000000 (Door Delivery fee)',
  SHOP_TIMEZONE: 'an IANA time zone such as Asia/Jakarta (the shop clock for opening and delivery hours)',
  MIDTRANS_SERVER_KEY: "the Midtrans server key (Dashboard > Settings > Access keys), set together with MIDTRANS_CLIENT_KEY",
  MIDTRANS_CLIENT_KEY: "the Midtrans client key, set together with MIDTRANS_SERVER_KEY",
  MIDTRANS_IS_PRODUCTION: 'true (the live Midtrans API) or false (the sandbox)',
  MIDTRANS_API_URL: 'an http(s) URL of a server that speaks the Midtrans Core API (https only in production), or empty for the sandbox or production address',
  MIDTRANS_EXPIRY_MINUTES: 'minutes a QR or a card order takes payments, 1 to 1440',
  MIDTRANS_BANK_TRANSFER_EXPIRY_MINUTES: 'minutes a virtual account (bank transfer) takes payments, 1 to 1440',
  MIDTRANS_SWEEP_MS: 'milliseconds between two looks for payment windows that ended, 50 to 600000',
  BANK_ACCOUNT: 'the account customers transfer to, e.g. "BCA 123-456-7890 a.n. Coffee Shop" (3 to 200 characters)',
  ORDER_MAX_LINE_QUANTITY: 'a whole number from 1 to 1000 (items of one product and size per order)',
  ORDER_MAX_ITEMS: 'a whole number from 1 to 10000 (items per order)',
  ORDER_MAX_DAYS_AHEAD: 'a whole number of days from 1 to 90 (how far ahead an order can be scheduled)',
  MEMBER_CARD_THRESHOLD: 'a whole number of rupiah from 0 to 1000000000 (delivered orders worth this much earn a member card)',
  SHOP_CLOCK: 'an ISO-8601 instant such as 2026-11-22T01:00:00Z where the shop clock starts (browser tests only, with NODE_ENV=test), or empty',
  VAPID_PUBLIC_KEY:
    'the VAPID public key, 87 base64url characters (npx web-push generate-vapid-keys), or empty with the other two for no push notifications',
  VAPID_PRIVATE_KEY: 'the VAPID private key, 43 base64url characters, set together with VAPID_PUBLIC_KEY and VAPID_SUBJECT',
  VAPID_SUBJECT: 'how push services can reach the shop: mailto:owner@example.com or an https:// address, set together with the two keys',
  CHAT_URL:
    'an http(s) or mailto: link of at most 500 characters, e.g. https://wa.me/6281234567890 or mailto:hello@example.com, or empty for no chat link',
};

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Null: one process, everything in its memory. Set: what processes must share goes through Redis. */
  redis: { url: string; keyPrefix: string } | null;
  /** Server processes on this machine (node:cluster in server.ts); above 1 only with PostgreSQL and Redis. */
  webConcurrency: number;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  demoData: boolean;
  /** DEMO_ACCOUNTS: the README's demo accounts are created at start (seed/load-demo-accounts.ts). */
  demoAccounts: boolean;
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: the tests' plain-http push stand-in on this machine is accepted (never in production). */
  pushAllowLocalEndpoints: boolean;
  /** After SIGTERM: how long kept-alive connections are answered 503 (plugins/lifecycle.ts) before closing. */
  shutdownGraceMs: number;
  /**
   * Fastify's trustProxy: false (clients connect directly), a hop count, or the proxies' addresses. Decides the
   * client address (rate limits, logs) and the protocol (Secure cookies, HSTS) read from X-Forwarded-* headers.
   */
  trustProxy: false | number | string[];
  /**
   * Origins (e.g. https://menu.example.com) whose pages may call the API with the visitor's session: their
   * preflights are answered, their writes pass the cross-site check and they may load the pictures. Empty: none.
   */
  corsOrigins: string[];
  /** Where uploaded and generated product pictures are kept: `<DATA_DIR>/uploads/images`. */
  uploadsDir: string;
  /** Uploaded pictures decoded at once (lib/images.ts); the others wait their turn. */
  imageDecodeConcurrency: number;
  /** Origin customers use, for links in emails (no trailing slash). */
  publicUrl: string;
  mail: {
    /** SMTP when set; otherwise mails are written to `outboxDir` as .eml files. */
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
  };
  /** Receives customers' questions, Ask a Staff (SHOP_EMAIL, else MAIL_FROM's address). */
  shopEmail: string;
  sessions: {
    /** auto: Secure when the request came over HTTPS or PUBLIC_URL is https. */
    cookieSecure: 'auto' | boolean;
    idleTimeoutMs: number;
    maxLifetimeMs: number;
  };
  rateLimits: {
    windowMs: number;
    loginPerAccount: number;
    loginPerIp: number;
    forgotPasswordPerAccount: number;
    forgotPasswordPerIp: number;
    registerPerIp: number;
    resetPasswordPerIp: number;
    photoUploadsPerAccount: number;
    productPictureUploadsPerAccount: number;
    pictureUploadWindowMs: number;
  };
  orders: OrderSettings;
  /** The payment gateway, or null: manual payments (bank details shown, staff mark paid; cash). */
  midtrans: MidtransConfig | null;
  /** GET /metrics: on the shop's port with `token` as a Bearer token, and/or on `port` alone; both null: off. */
  metrics: { token: string | null; port: number | null };
  /**
   * Live order streams open at once (modules/events/stream-caps.ts); over a cap a stream is refused with a 429.
   * `heartbeatMs` (no environment setting; tests shorten it): between keep-alive lines, and between the checks that
   * end the streams of sessions another process ended.
   */
  streams: {
    perUser: number;
    perAddress: number;
    total: number;
    heartbeatMs: number;
    /** How refusals over the caps are paced per client address (modules/events/refusal-pace.ts). */
    refusalPace: { perSecond: number; burst: number; maxPendingPerAddress: number; maxPending: number };
  };
  oidc: OidcSettings;
  /** The external chat link shown in the signed-in navigation; null: none. */
  chatUrl: string | null;
  /** MEMBER_CARD_THRESHOLD: delivered orders worth this much (whole rupiah) earn a member card. */
  memberCardThresholdIdr: number;
  /** SHOP_CLOCK (NODE_ENV=test only): where the shop's clock starts; null: the real time. */
  shopClockStart: Date | null;
  /** VAPID_*: the shop's identity to browsers' push services; null: no push is sent or offered. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
}

export interface OidcSettings {
  /** Shown on the buttons ("Login with Google") and in messages. */
  providerName: string;
  /** Null when OIDC_ISSUER is empty: the buttons are shown disabled. */
  client: { issuer: string; clientId: string; clientSecret: string } | null;
  /** `${PUBLIC_URL}/api/v1/auth/oidc/callback`: register exactly this at the provider. */
  redirectUri: string;
  /** Plain-http issuers are for the local test provider only, never in production. */
  allowHttpIssuer: boolean;
}

export interface OrderSettings {
  /** TAX & FEES rate in basis points (1000 = 10 %). */
  taxRateBasisPoints: number;
  /** The tax's name on reports (TAX_LABEL). */
  taxLabel: string;
  /** Door Delivery fee, whole rupiah. */
  shippingFeeIdr: number;
  /** IANA zone of the shop's clock (opening and delivery hours). */
  shopTimeZone: string;
  bankAccount: string;
  maxLineQuantity: number;
  maxOrderItems: number;
  maxDaysAhead: number;
}

export interface MidtransConfig {
  serverKey: string;
  clientKey: string;
  /** No trailing slash. */
  apiUrl: string;
  isProduction: boolean;
  /** The payment window of QRIS and card orders. */
  expiryMinutes: number;
  /** The longer window of a virtual account (a transfer from a bank app or an ATM takes longer than a scan). */
  bankTransferExpiryMinutes: number;
  /** How often the shop ends payment windows by its own clock and asks about charges left open. */
  sweepMs: number;
}

export class ConfigError extends Error {}

/** Written by server.ts while it serves (its process id); `npm run restore` refuses while that process is alive. */
export const pidFileOf = (dataDir: string): string => path.join(dataDir, 'coffee-shop.pid');

/** CORS_ORIGINS: '' -> [], 'https://a.example, http://localhost:5173/' -> their origins; undefined when one is not an origin. */
function parseOrigins(text: string): string[] | undefined {
  if (text === '') return [];
  const origins: string[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      return undefined;
    }
    // An origin only: a path, query or credentials would never match the browser's Origin header.
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
      return undefined;
    }
    origins.push(url.origin);
  }
  return origins;
}

/** TRUST_PROXY: '' -> false, '2' -> 2 hops, '127.0.0.1, 10.0.0.0/8' -> addresses; undefined when malformed. */
function parseTrustProxy(text: string): false | number | string[] | undefined {
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const addresses = text.split(',').map((part) => part.trim());
  const isAddress = (part: string) => {
    const [address = '', prefix] = part.split('/');
    const family = net.isIP(address);
    if (family === 0) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
  };
  return addresses.every(isAddress) ? addresses : undefined;
}

/** DATABASE_URL and SMTP_URL may hold a password: an error message (and so a log) must not. */
const hideUrlPassword = (value: string) => value.replace(/(\/\/[^:/@\s]*:)[^@/\s]*@/, '$1***@');

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Coffee Shop <no-reply@example.com>' -> 'no-reply@example.com'; a bare address stays as it is. */
const addressOf = (sender: string) => /<([^>]+)>/.exec(sender)?.[1]?.trim() ?? sender.trim();

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${name}=${JSON.stringify(hideUrlPassword(env[name] ?? ''))}: expected ${ACCEPTS[name] ?? issue?.message ?? 'a valid value'}`,
    );
  }
  const e = parsed.data;
  // Processes that share no database and no Redis would each keep their own menu cache and limits.
  if (e.WEB_CONCURRENCY > 1 && (e.DATABASE_URL === undefined || e.REDIS_URL === undefined)) {
    throw new ConfigError(
      `Invalid WEB_CONCURRENCY=${JSON.stringify(env.WEB_CONCURRENCY ?? '')}: expected ${ACCEPTS.WEB_CONCURRENCY}`,
    );
  }
  // A shop on a made-up clock would take orders and spend coupons at the wrong hours: browser tests only.
  if (e.SHOP_CLOCK !== undefined && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid SHOP_CLOCK=${JSON.stringify(env.SHOP_CLOCK ?? '')}: expected it only with NODE_ENV=test (it moves the shop's clock for browser tests); leave it empty`,
    );
  }
  refuseUnsafeCombinations(e, env);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL === undefined ? null : { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT || (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    demoData: e.DEMO_DATA,
    demoAccounts: e.DEMO_ACCOUNTS,
    pushAllowLocalEndpoints: e.PUSH_ALLOW_LOCAL_ENDPOINTS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY ?? false,
    corsOrigins: e.CORS_ORIGINS ?? [],
    uploadsDir: path.join(dataDir, 'uploads', 'images'),
    imageDecodeConcurrency: e.IMAGE_DECODE_CONCURRENCY,
    publicUrl,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    shopEmail: e.SHOP_EMAIL || addressOf(e.MAIL_FROM),
    sessions: {
      cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
      idleTimeoutMs: e.SESSION_IDLE_DAYS * DAY_MS,
      maxLifetimeMs: e.SESSION_MAX_DAYS * DAY_MS,
    },
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      loginPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      loginPerIp: e.LOGIN_LIMIT_PER_IP,
      forgotPasswordPerAccount: e.FORGOT_PASSWORD_LIMIT_PER_ACCOUNT,
      forgotPasswordPerIp: e.FORGOT_PASSWORD_LIMIT_PER_IP,
      registerPerIp: e.REGISTER_LIMIT_PER_IP,
      resetPasswordPerIp: e.RESET_PASSWORD_LIMIT_PER_IP,
      photoUploadsPerAccount: e.PHOTO_UPLOAD_LIMIT_PER_ACCOUNT,
      productPictureUploadsPerAccount: e.PRODUCT_PICTURE_UPLOAD_LIMIT_PER_ACCOUNT,
      pictureUploadWindowMs: e.PICTURE_UPLOAD_WINDOW_MINUTES * 60_000,
    },
    orders: {
      taxRateBasisPoints: rateToBasisPoints(e.TAX_RATE),
      taxLabel: e.TAX_LABEL,
      shippingFeeIdr: e.SHIPPING_FEE,
      shopTimeZone: e.SHOP_TIMEZONE,
      bankAccount: e.BANK_ACCOUNT,
      maxLineQuantity: e.ORDER_MAX_LINE_QUANTITY,
      maxOrderItems: e.ORDER_MAX_ITEMS,
      maxDaysAhead: e.ORDER_MAX_DAYS_AHEAD,
    },
    midtrans: midtransSettings(e, env),
    metrics: { token: e.METRICS_TOKEN || null, port: e.METRICS_PORT ? Number(e.METRICS_PORT) : null },
    streams: {
      perUser: e.STREAM_LIMIT_PER_USER,
      perAddress: e.STREAM_LIMIT_PER_ADDRESS,
      total: e.STREAM_LIMIT_TOTAL,
      heartbeatMs: 15_000,
      // After 20 answered at once; held per address at most 5 seconds' worth (250 at the default rate), and 2,000 in
      // all (a held refusal is a connection and a few kilobytes).
      refusalPace: {
        perSecond: e.STREAM_REFUSALS_PER_SECOND,
        burst: 20,
        maxPendingPerAddress: Math.min(2_000, e.STREAM_REFUSALS_PER_SECOND * 5),
        maxPending: 2_000,
      },
    },
    oidc: oidcSettings(e, env, publicUrl),
    chatUrl: e.CHAT_URL,
    memberCardThresholdIdr: e.MEMBER_CARD_THRESHOLD,
    shopClockStart: e.SHOP_CLOCK === undefined ? null : new Date(e.SHOP_CLOCK),
    vapid: vapidKeys(e, env),
  };
}

/** HOST names that only this machine can reach. */
export const isLoopbackHost = (host: string): boolean =>
  /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

/** Settings that are each fine alone but unsafe together on a real shop: each stops start-up with one line. */
function refuseUnsafeCombinations(e: z.infer<typeof EnvSchema>, env: NodeJS.ProcessEnv): void {
  const production = e.NODE_ENV === 'production';
  // Known passwords on a public address would open the back office to anyone who read the README.
  if (e.DEMO_ACCOUNTS && production && !isLoopbackHost(e.HOST) && e.DEMO_SERVER !== 'yes') {
    throw new ConfigError(
      `Invalid DEMO_ACCOUNTS=${JSON.stringify(env.DEMO_ACCOUNTS ?? '')}: the demo accounts' passwords are public, so with NODE_ENV=production and HOST=${e.HOST} they need DEMO_SERVER=yes as well (or leave DEMO_ACCOUNTS empty)`,
    );
  }
  if (e.PUSH_ALLOW_LOCAL_ENDPOINTS && production) {
    throw new ConfigError(`Invalid PUSH_ALLOW_LOCAL_ENDPOINTS=${JSON.stringify(env.PUSH_ALLOW_LOCAL_ENDPOINTS ?? '')}: expected it only outside production; leave it empty`);
  }
  // A metrics port without the token would tell anyone who reaches it about the shop's orders and load.
  if (e.METRICS_PORT !== '' && e.METRICS_TOKEN === '') {
    throw new ConfigError(`Invalid METRICS_PORT=${JSON.stringify(env.METRICS_PORT ?? '')}: it needs METRICS_TOKEN too (the port asks for the same token)`);
  }
}

/** Both keys or neither: one alone stops start-up (a shop half set up would take orders it cannot charge). */
function midtransSettings(e: z.infer<typeof EnvSchema>, env: NodeJS.ProcessEnv): MidtransConfig | null {
  const invalid = (name: string) =>
    new ConfigError(`Invalid ${name}=${JSON.stringify(name === 'MIDTRANS_SERVER_KEY' ? '***' : (env[name] ?? ''))}: expected ${ACCEPTS[name] ?? 'a valid value'}`);
  const serverKey = e.MIDTRANS_SERVER_KEY ?? '';
  const clientKey = e.MIDTRANS_CLIENT_KEY ?? '';
  if (serverKey === '' && clientKey === '') return null;
  if (serverKey === '') throw invalid('MIDTRANS_SERVER_KEY');
  if (clientKey === '') throw invalid('MIDTRANS_CLIENT_KEY');
  const apiUrl = (e.MIDTRANS_API_URL ?? (e.MIDTRANS_IS_PRODUCTION ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com')).replace(/\/+$/, '');
  // The server key travels with every call: never over plain http to a live gateway.
  if (!/^https?:\/\//.test(apiUrl) || (e.NODE_ENV === 'production' && e.MIDTRANS_IS_PRODUCTION && !apiUrl.startsWith('https://'))) {
    throw invalid('MIDTRANS_API_URL');
  }
  return { serverKey, clientKey, apiUrl, isProduction: e.MIDTRANS_IS_PRODUCTION, expiryMinutes: e.MIDTRANS_EXPIRY_MINUTES, bankTransferExpiryMinutes: e.MIDTRANS_BANK_TRANSFER_EXPIRY_MINUTES, sweepMs: e.MIDTRANS_SWEEP_MS };
}

/** The three VAPID variables belong together: one or two of them set stops start-up, naming the first missing. */
function vapidKeys(e: z.infer<typeof EnvSchema>, env: NodeJS.ProcessEnv): Config['vapid'] {
  const values = { VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY, VAPID_SUBJECT: e.VAPID_SUBJECT };
  const missing = Object.entries(values).find(([, value]) => value === '');
  if (missing && Object.values(values).every((value) => value === '')) return null;
  if (missing) {
    const [name] = missing;
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: expected ${ACCEPTS[name]}`);
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
}

/** The OIDC variables belong together: an issuer without its client id and secret stops start-up. */
function oidcSettings(e: z.infer<typeof EnvSchema>, env: NodeJS.ProcessEnv, publicUrl: string): OidcSettings {
  const allowHttpIssuer = e.NODE_ENV !== 'production';
  const invalid = (name: string) =>
    new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: expected ${ACCEPTS[name] ?? 'a valid value'}`);
  let client: OidcSettings['client'] = null;
  if (e.OIDC_ISSUER !== undefined) {
    // The issuer's answers (keys, tokens) decide who signs in: they must come over TLS in production.
    if (!e.OIDC_ISSUER.startsWith('https://') && !(allowHttpIssuer && e.OIDC_ISSUER.startsWith('http://'))) {
      throw invalid('OIDC_ISSUER');
    }
    if (!e.OIDC_CLIENT_ID) throw invalid('OIDC_CLIENT_ID');
    if (!e.OIDC_CLIENT_SECRET) throw invalid('OIDC_CLIENT_SECRET');
    client = { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET };
  }
  return {
    providerName: e.OIDC_PROVIDER_NAME,
    client,
    redirectUri: `${publicUrl}/api/v1/auth/oidc/callback`,
    allowHttpIssuer,
  };
}
