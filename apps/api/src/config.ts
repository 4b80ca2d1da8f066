import path from 'node:path';
import { isChatUrl } from '@coffee/contract';
import { z } from 'zod';
import { rateToBasisPoints } from './lib/money.js';
import { isValidTimeZone } from './lib/shop-time.js';

/**
 * The only module that reads process.env (STYLE.md: env parsed once, fails fast).
 * Each variable is checked here; a bad value stops start-up with one line naming it.
 */
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const positiveNumber = z.coerce.number().positive().max(3650);
const count = z.coerce.number().int().min(1).max(1_000_000);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo menu into an empty database at start. */
  DEMO_DATA: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Accounts (modules/auth, modules/users, lib/mail.ts). */
  PUBLIC_URL: optionalUrl.optional(),
  SMTP_URL: optionalUrl
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Coffee Shop <no-reply@coffeeshop.test>'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_IDLE_DAYS: positiveNumber.default(7),
  SESSION_MAX_DAYS: positiveNumber.default(30),
  RATE_LIMIT_WINDOW_MINUTES: positiveNumber.default(15),
  LOGIN_LIMIT_PER_ACCOUNT: count.default(5),
  LOGIN_LIMIT_PER_IP: count.default(20),
  FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: count.default(3),
  FORGOT_PASSWORD_LIMIT_PER_IP: count.default(10),
  REGISTER_LIMIT_PER_IP: count.default(10),
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
  SHOP_TIMEZONE: z.string().trim().refine(isValidTimeZone, 'unknown time zone').default('Asia/Jakarta'),
  BANK_ACCOUNT: z.string().trim().min(3).max(200).default('BCA 123-456-7890 a.n. Coffee Shop'),
  ORDER_MAX_LINE_QUANTITY: z.coerce.number().int().min(1).max(1000).default(20),
  ORDER_MAX_ITEMS: z.coerce.number().int().min(1).max(10_000).default(50),
  ORDER_MAX_DAYS_AHEAD: z.coerce.number().int().min(1).max(90).default(7),
  /** The navigation's external chat link (spec section 2, modules/shop); no link while empty. */
  CHAT_URL: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || isChatUrl(v), 'must be an http(s) or mailto: link')
    .transform((v) => (v === '' ? null : v))
    .default(null),
});

const ACCEPTS: Record<string, string> = {
  NODE_ENV: 'development, production or test',
  PORT: 'a whole number from 0 to 65535',
  HOST: 'a host name or IP address to listen on',
  DATA_DIR: 'a directory path',
  DATABASE_URL: 'a postgres:// or postgresql:// URL, or empty for the embedded SQLite file',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  DEMO_DATA: 'true or false',
  PUBLIC_URL: 'the address customers open, e.g. https://shop.example.com (used in links sent by email)',
  SMTP_URL: 'an smtp:// or smtps:// URL (smtp://user:pass@host:587), or empty to write mails to DATA_DIR/outbox',
  MAIL_FROM: 'a sender such as "Coffee Shop <no-reply@example.com>"',
  COOKIE_SECURE: 'auto (Secure over HTTPS), true or false',
  SESSION_IDLE_DAYS: 'a number of days greater than 0 (a session ends after this long unused)',
  SESSION_MAX_DAYS: 'a number of days greater than 0 (a session ends this long after sign-in)',
  RATE_LIMIT_WINDOW_MINUTES: 'a number of minutes greater than 0',
  LOGIN_LIMIT_PER_ACCOUNT: 'a whole number of failed sign-ins per account and window, at least 1',
  LOGIN_LIMIT_PER_IP: 'a whole number of failed sign-ins per client address and window, at least 1',
  FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: 'a whole number of reset requests per email and window, at least 1',
  FORGOT_PASSWORD_LIMIT_PER_IP: 'a whole number of reset requests per client address and window, at least 1',
  REGISTER_LIMIT_PER_IP: 'a whole number of sign-ups per client address and window, at least 1',
  OIDC_ISSUER:
    'the OpenID Connect issuer URL, e.g. https://accounts.google.com (https outside development and test), or empty to turn provider sign-in off',
  OIDC_CLIENT_ID: 'the client id the provider issued to this shop (required when OIDC_ISSUER is set)',
  OIDC_CLIENT_SECRET: 'the client secret the provider issued to this shop (required when OIDC_ISSUER is set)',
  OIDC_PROVIDER_NAME: 'the name shown on the sign-in buttons, 1 to 40 characters (default Google)',
  TAX_RATE: 'a fraction of the subtotal from 0 to 1 with at most four decimals (0.1 is 10 %)',
  SHIPPING_FEE: 'a whole number of rupiah from 0 to 10000000 (Door Delivery fee)',
  SHOP_TIMEZONE: 'an IANA time zone such as Asia/Jakarta (the shop clock for opening and delivery hours)',
  BANK_ACCOUNT: 'the account customers transfer to, e.g. "BCA 123-456-7890 a.n. Coffee Shop" (3 to 200 characters)',
  ORDER_MAX_LINE_QUANTITY: 'a whole number from 1 to 1000 (items of one product and size per order)',
  ORDER_MAX_ITEMS: 'a whole number from 1 to 10000 (items per order)',
  ORDER_MAX_DAYS_AHEAD: 'a whole number of days from 1 to 90 (how far ahead an order can be scheduled)',
  CHAT_URL:
    'an http(s) or mailto: link of at most 500 characters, e.g. https://wa.me/6281234567890 or mailto:hello@example.com, or empty for no chat link',
};

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  demoData: boolean;
  /** Where uploaded and generated product pictures are kept: `<DATA_DIR>/uploads/images`. */
  uploadsDir: string;
  /** Origin customers use, for links in emails (no trailing slash). */
  publicUrl: string;
  mail: {
    /** SMTP when set; otherwise mails are written to `outboxDir` as .eml files. */
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
  };
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
  };
  orders: OrderSettings;
  oidc: OidcSettings;
  /** The external chat link shown in the signed-in navigation; null: none. */
  chatUrl: string | null;
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
  /** Door Delivery fee, whole rupiah. */
  shippingFeeIdr: number;
  /** IANA zone of the shop's clock (opening and delivery hours). */
  shopTimeZone: string;
  bankAccount: string;
  maxLineQuantity: number;
  maxOrderItems: number;
  maxDaysAhead: number;
}

export class ConfigError extends Error {}

/** DATABASE_URL and SMTP_URL may hold a password: an error message (and so a log) must not. */
const hideUrlPassword = (value: string) => value.replace(/(\/\/[^:/@\s]*:)[^@/\s]*@/, '$1***@');

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    uploadsDir: path.join(dataDir, 'uploads', 'images'),
    publicUrl,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
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
    },
    orders: {
      taxRateBasisPoints: rateToBasisPoints(e.TAX_RATE),
      shippingFeeIdr: e.SHIPPING_FEE,
      shopTimeZone: e.SHOP_TIMEZONE,
      bankAccount: e.BANK_ACCOUNT,
      maxLineQuantity: e.ORDER_MAX_LINE_QUANTITY,
      maxOrderItems: e.ORDER_MAX_ITEMS,
      maxDaysAhead: e.ORDER_MAX_DAYS_AHEAD,
    },
    oidc: oidcSettings(e, env, publicUrl),
    chatUrl: e.CHAT_URL,
  };
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
