import { randomBytes, randomInt } from 'node:crypto';
import type { Role, StaffRole } from '@coffee/contract';
import type { FastifyInstance } from 'fastify';
import { createUserService } from '../modules/users/users.service.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import type { TestContext } from './test-app.js';

export interface SignedInUser {
  userId: number;
  email: string;
  password: string;
  /** `coffee_session=<token>`, ready for a Cookie header. */
  cookie: string;
  /** Cookie plus a same-origin Origin: pass to `app.inject({ headers })` for any request, writes included. */
  headers: Record<string, string>;
}

/** The origin `app.inject` requests come from by default (Host: localhost:80). */
export const SAME_ORIGIN = 'http://localhost';

/** A made-up client address, so helpers never use up the per-address limits a test is checking. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const DEFAULT_TEST_PASSWORD = 'Correct-Horse-Battery-42';

/** The session cookie (`coffee_session`, or `__Host-coffee_session` when Secure) of a response's Set-Cookie headers. */
export function sessionCookieNamed(setCookie: string | string[] | undefined): { name: string; value: string } | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of all) {
    const match = new RegExp(`^((?:__Host-)?${SESSION_COOKIE})=([^;]*)`).exec(header);
    if (match?.[1] && match[2]) return { name: match[1], value: match[2] };
  }
  return undefined;
}

/** The session cookie's value from a response's Set-Cookie headers, or undefined. */
export const sessionCookieFrom = (setCookie: string | string[] | undefined): string | undefined => sessionCookieNamed(setCookie)?.value;

/** POST /auth/login from the shop's own page, from an address of its own (no rate limit shared with other tests). */
export const logIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), headers: { origin: SAME_ORIGIN }, payload: { email, password } });

/**
 * A new account, signed in through POST /auth/login. Customers sign up through POST /auth/register
 * like anyone; staff are made with the same service call as `npm run user:create`.
 */
export async function signUpAndSignIn(
  ctx: TestContext,
  opts: {
    role?: 'customer' | 'staff';
    staffRole?: StaffRole;
    email?: string;
    password?: string;
    /** The sign-up's Accept-Language (customers): the account's language. */
    language?: string;
  } = {},
): Promise<SignedInUser> {
  const role: Role = opts.role ?? 'customer';
  const email = (opts.email ?? `${role}-${randomBytes(5).toString('hex')}@example.test`).toLowerCase();
  const password = opts.password ?? DEFAULT_TEST_PASSWORD;

  if (role === 'staff') {
    const users = createUserService({
      db: ctx.database.db,
      uploadsDir: ctx.config.uploadsDir,
      now: () => new Date(),
    });
    const created = await users.createUserAccount({ email, password, phone: '+62 812 0000 0001', role: 'staff', ...(opts.staffRole ? { staffRole: opts.staffRole } : {}) });
    if (!created) throw new Error(`signUpAndSignIn: ${email} already has an account`);
  } else {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: randomIp(),
      headers: { origin: SAME_ORIGIN, ...(opts.language ? { 'accept-language': opts.language } : {}) },
      payload: { email, password, phone: '+62 812 0000 0002' },
    });
    if (res.statusCode !== 201) throw new Error(`signUpAndSignIn: register answered ${res.statusCode} ${res.body}`);
  }

  const login = await logIn(ctx.app, email, password);
  if (login.statusCode !== 200) throw new Error(`signUpAndSignIn: login answered ${login.statusCode} ${login.body}`);
  const session = sessionCookieNamed(login.headers['set-cookie']);
  if (!session) throw new Error('signUpAndSignIn: login set no session cookie');
  const { data } = login.json<{ data: { id: number } }>();
  const cookie = `${session.name}=${session.value}`;
  return { userId: data.id, email, password, cookie, headers: { cookie, origin: SAME_ORIGIN } };
}
