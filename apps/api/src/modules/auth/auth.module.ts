import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import { registerSessions } from '../../plugins/session.js';
import type { UserService } from '../users/users.service.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { oidcRoutes } from './oidc.routes.js';
import { createOidcService } from './oidc.service.js';
import { createSessionService, type SessionService } from './sessions.service.js';

/** How often the forgot-password queue is looked at (a few requests each time): a reset link leaves within about this long. */
const RESET_QUEUE_INTERVAL_MS = 100;

/**
 * The auth module's first half: the session plugin (request.user from the cookie or a Bearer token, and the
 * cross-site check), which every route must come after, so app.ts registers it before any module's routes.
 * Answers the sessions for the second half, `authModule`.
 */
export async function sessionsModule(
  app: FastifyInstance,
  ctx: ModuleContext & { accounts: Pick<UserService, 'findUserById'> },
): Promise<SessionService> {
  const sessions = createSessionService({ db: ctx.db, accounts: ctx.accounts, policy: ctx.config.sessions, now: ctx.now });
  await registerSessions(app, { sessions, config: ctx.config });
  return sessions;
}

/**
 * Sign-up, sign-in, password resets and Login with Google: with `sessionsModule`, owns `sessions`,
 * `password_reset_tokens` and `user_identities`; its door is the auth service. Needs the rate-limit plugin.
 */
export async function authModule(app: FastifyInstance, ctx: ModuleContext & { users: UserService; sessions: SessionService }): Promise<AuthService> {
  const { config, db, now, mailer, users, sessions } = ctx;
  const auth = createAuthService({ db, users, sessions, mailer, translator: ctx.translator, publicUrl: config.publicUrl, log: app.log, now });
  // Added after the mailer's: onClose hooks run last-added first, so reset links still being prepared are
  // handed to the mailer before it closes.
  app.addHook('onClose', () => auth.idle());
  // Forgot-password requests are queued and sent from here, on the worker's own clock, never on a request's
  // (the reset queue). From ready (server.ts has migrated by then) to close.
  let stopResetWorker: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    stopResetWorker = auth.startResetWorker(RESET_QUEUE_INTERVAL_MS);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    stopResetWorker?.();
    done();
  });
  await app.register(authRoutes, { prefix: API_PREFIX, auth, users, limits: config.rateLimits });
  // "Login with Google" (OpenID Connect); answers "not set up" while OIDC_ISSUER is empty.
  const oidc = createOidcService({ settings: config.oidc, users, sessions, db, mailer, now });
  await app.register(oidcRoutes, { prefix: API_PREFIX, oidc, config });
  return auth;
}
