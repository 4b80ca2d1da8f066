import {
  NoContent,
  ChangePasswordInput,
  ErrorResponse,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  MessageResponse,
  RegisterInput,
  RegisterResponse,
  ResetPasswordInput,
  SessionResponse,
  TokenResponse,
} from '@coffee/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requireUser } from '../../lib/current-user.js';
import { AppError } from '../../lib/errors.js';
import { localeOf } from '../../plugins/error-handler.js';
import { createAttemptLimit, createForgettingLimit, perAddressRouteLimit } from '../../plugins/rate-limit.js';
import type { UserService } from '../users/users.service.js';
import { LOGIN_FAILED, WRONG_CURRENT_PASSWORD, type AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  users: UserService;
  /** Needs the rate-limit plugin (plugins/rate-limit.ts) registered on the app. */
  limits: Config['rateLimits'];
}

const TAGS = ['Accounts'];
const refused = { 400: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

/** The client address a limit counts; IPv6 by /64, which one customer's connection usually gets whole. */
const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

type App = Parameters<FastifyPluginCallbackZod>[0];

/** The limits the sign-in and password routes share (plugins/rate-limit.ts). */
function createAuthLimits(app: App, limits: Config['rateLimits']) {
  const { windowMs } = limits;
  // Failed sign-ins per address (one client trying many accounts). @fastify/rate-limit counts every request and
  // has no "skip successful requests" option, so the count is explicit: checked first, a failure counted after.
  const failedSignInsByAddress = createAttemptLimit(app, 'sign-in-failures-by-address', {
    what: /*i18n*/ 'failed sign-in attempts',
    max: limits.loginPerIp,
    windowMs,
  });
  // Per account (many clients trying one account), unknown emails counted like known ones. Every attempt is
  // counted before the password is checked, so parallel guesses cannot all slip under the limit; a sign-in that
  // proves the password forgets the count, so what stays counted is failures.
  const signInsByAccount = createForgettingLimit(app, 'sign-ins-by-account', {
    what: /*i18n*/ 'failed sign-in attempts',
    max: limits.loginPerAccount,
    windowMs,
  });
  // Reset requests are counted whether or not the email exists, so the 429 reveals nothing either.
  const resetRequestsByAccount = createAttemptLimit(app, 'reset-requests-by-account', {
    what: /*i18n*/ 'password reset requests',
    max: limits.forgotPasswordPerAccount,
    windowMs,
  });
  const signUpNotices = createAttemptLimit(app, 'sign-up-notices', { what: /*i18n*/ 'sign-up notices', max: 1, windowMs });

  return { failedSignInsByAddress, signInsByAccount, resetRequestsByAccount, signUpNotices };
}

type AuthLimits = ReturnType<typeof createAuthLimits>;

/** Checks the password under both sign-in limits: a failure is counted per address, a success forgets the account's count. */
function signInWithLimits(auth: AuthService, { failedSignInsByAddress, signInsByAccount }: AuthLimits) {
  return async (request: FastifyRequest<{ Body: LoginInput }>) => {
    const { email } = request.body;
    await failedSignInsByAddress.check(request, addressOf(request));
    await signInsByAccount.hit(request, email);
    try {
      const signedIn = await auth.login(request.body);
      await signInsByAccount.forget(request, email);
      return signedIn;
    } catch (err) {
      if (err instanceof AppError && err.message === LOGIN_FAILED) await failedSignInsByAddress.take(request, addressOf(request));
      throw err;
    }
  };
}

/** Sign-up, sign-in with a cookie or for a token, sign-out and who is signed in. */
function accountRoutes(app: App, { auth, users, limits }: AuthRoutesOptions, authLimits: AuthLimits) {
  const { windowMs } = limits;
  const { signUpNotices } = authLimits;
  const signIn = signInWithLimits(auth, authLimits);

  app.post(
    '/auth/register',
    {
      config: {
        rateLimit: perAddressRouteLimit({ what: /*i18n*/ 'sign-ups from your network', max: limits.registerPerIp, windowMs }),
      },
      schema: {
        tags: TAGS,
        summary: 'Create a customer account',
        description:
          'Answers 201 with the same body whether or not the email already has an account, so ' +
          'nobody can use it to find out who shops here; the owner of an existing account is told by email. ' +
          'Then sign in with POST /auth/login.',
        body: RegisterInput,
        response: { 201: RegisterResponse, ...refused },
      },
    },
    async (request, reply) => {
      const { email, message } = await auth.register(request.body, {
        mayNotifyOwner: (email) => signUpNotices.take(request, email),
        language: localeOf(request),
      });
      return reply.code(201).send({ data: { email, message: request.server.translator.translate(message, localeOf(request)) } });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in (browsers)',
        description:
          'Sets the session cookie (HttpOnly, SameSite=Lax) and answers the `@userLogin` record, ' +
          'which holds no secret. A failure is always 401 "Email or password is incorrect". Failed attempts are ' +
          'limited per client address and per account (429 with Retry-After).',
        body: LoginInput,
        response: { 200: LoginResponse, 401: ErrorResponse, ...refused },
      },
    },
    async (request, reply) => {
      const { user, session } = await signIn(request);
      // A sign-in replaces the session this browser had, so an old (possibly leaked) token stops working.
      await auth.logout(request.user);
      app.sessionCookie.set(request, reply, session.token, session.expiresAt);
      return { data: user };
    },
  );

  app.post(
    '/auth/token',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in (API clients)',
        description:
          'Same body and rules as /auth/login, but answers the session token instead of setting a cookie. Send it ' +
          'as `Authorization: Bearer <token>`; end it with POST /auth/logout.',
        body: LoginInput,
        response: { 200: TokenResponse, 401: ErrorResponse, ...refused },
      },
    },
    async (request) => {
      const { user, session } = await signIn(request);
      return { data: { token: session.token, expiresAt: session.expiresAt, user } };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out',
        description: 'Ends this session on the server and clears the cookie. Always 204, signed in or not.',
        response: { 204: NoContent, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      await auth.logout(request.user);
      app.sessionCookie.clear(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: TAGS,
        summary: 'Who is signed in',
        description: 'The signed-in user (the `@userLogin` record), or `{ data: null }` for a visitor.',
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: request.user ? await users.getAuthUser(request.user.id) : null };
    },
  );
}

/** Changing the password, and choosing a new one with an emailed link. */
function passwordRoutes(app: App, { auth, limits }: AuthRoutesOptions, { signInsByAccount, resetRequestsByAccount }: AuthLimits) {
  const { windowMs } = limits;

  app.post(
    '/auth/password',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the password',
        description: 'Needs the current password. Every other session of the account ends; this one stays.',
        body: ChangePasswordInput,
        response: { 200: MessageResponse, 401: ErrorResponse, ...refused },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // A stolen session must not become a way to guess the password: wrong current passwords count as
      // failed sign-ins of the account.
      await signInsByAccount.check(request, user.email);
      try {
        await auth.changePassword(user, request.body);
      } catch (err) {
        if (err instanceof AppError && err.message === WRONG_CURRENT_PASSWORD) await signInsByAccount.take(request, user.email);
        throw err;
      }
      const changed = /*i18n*/ 'Your password has been changed. Other devices have been signed out.';
      return { data: { message: request.server.translator.translate(changed, localeOf(request)) } };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Email a password reset link',
        description:
          'Answers 202 with the same message whether or not the email has an account. The link is ' +
          '`PUBLIC_URL/reset-password?token=...`, works once, for 30 minutes; a new request replaces older links. ' +
          'Limited per email and per client address (429 with Retry-After).',
        body: ForgotPasswordInput,
        response: { 202: MessageResponse, ...refused },
      },
      config: {
        rateLimit: perAddressRouteLimit({ what: /*i18n*/ 'password reset requests', max: limits.forgotPasswordPerIp, windowMs }),
      },
    },
    async (request, reply) => {
      await resetRequestsByAccount.hit(request, request.body.email);
      const { message } = await auth.requestPasswordReset(request.body);
      return reply.code(202).send({ data: { message: request.server.translator.translate(message, localeOf(request)) } });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose a new password with an emailed link',
        description:
          'Uses up the token and ends every session of the account; then sign in again. Limited per client ' +
          'address (429 with Retry-After).',
        body: ResetPasswordInput,
        response: { 200: MessageResponse, ...refused },
      },
      // Per address only: a token is 256 random bits, so counting per token would stop no guesser, and a made-up
      // token costs the server one indexed read.
      config: {
        rateLimit: perAddressRouteLimit({
          what: /*i18n*/ 'attempts to choose a new password',
          max: limits.resetPasswordPerIp,
          windowMs,
        }),
      },
    },
    async (request) => {
      const { message, email } = await auth.resetPassword(request.body);
      // Proving the mailbox is proof enough: earlier failed sign-ins no longer lock the account.
      if (email) await signInsByAccount.forget(request, email);
      return { data: { message: request.server.translator.translate(message, localeOf(request)) } };
    },
  );
}

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const authLimits = createAuthLimits(app, options.limits);
  accountRoutes(app, options, authLimits);
  passwordRoutes(app, options, authLimits);
  done();
};
