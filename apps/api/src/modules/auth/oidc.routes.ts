import {
  ErrorResponse,
  OIDC_COMPLETE_PATH,
  OidcStartQuery,
  OidcStatusResponse,
  safeReturnTo,
  type OidcErrorCode,
} from '@coffee/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { localeOf } from '../../plugins/error-handler.js';
import { cookieIsSecure } from '../../plugins/session.js';
import { OidcSignInError } from './oidc-sign-in-error.js';
import { OIDC_LOGIN_MAX_AGE_SECONDS, type OidcService } from './oidc.service.js';

export interface OidcRoutesOptions {
  oidc: OidcService;
  config: Pick<Config, 'sessions' | 'publicUrl'>;
}

/** Holds the signed state, nonce and PKCE verifier between /start and /callback. */
export const OIDC_COOKIE = 'coffee_oidc';
/** Routes are registered under /api/v1; the cookie goes to these two paths only. */
const OIDC_COOKIE_PATH = '/api/v1/auth/oidc';
const START_PATH = `${OIDC_COOKIE_PATH}/start`;

const TAGS = ['Accounts'];
const Redirect = z.null().describe('A redirect: see the Location header');

export const RETURN_TO_REFUSED = /*i18n*/ 'returnTo must be a path on this site that starts with one /, such as /cart';

const loginError = (code: OidcErrorCode) => `/login?error=${code}`;

export const oidcRoutes: FastifyPluginCallbackZod<OidcRoutesOptions> = (app, { oidc, config }, done) => {
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    // Lax, not Strict: the provider sends the browser back with a top-level cross-site GET, and a
    // Strict cookie would stay behind. Lax still keeps it off cross-site POSTs and subresources.
    sameSite: 'lax' as const,
    path: OIDC_COOKIE_PATH,
    secure: cookieIsSecure(request, config),
  });

  const redirect = (reply: FastifyReply, location: string) =>
    reply.header('cache-control', 'no-store').redirect(location, 302);

  app.get(
    '/auth/oidc',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign-in provider ("Login with Google")',
        description:
          'Whether provider sign-in is set up (OIDC_ISSUER), the name for the buttons, and the address to link ' +
          'them to (add `?returnTo=/path`). When `enabled` is false the buttons stay visible but disabled.',
        response: { 200: OidcStatusResponse },
      },
    },
    () => ({
      data: { enabled: oidc.enabled, providerName: oidc.providerName, startUrl: oidc.enabled ? START_PATH : null },
    }),
  );

  app.get(
    '/auth/oidc/start',
    {
      schema: {
        tags: TAGS,
        summary: 'Start signing in with the provider',
        description:
          'A browser navigation, not a fetch: redirects to the provider (authorization code flow with PKCE, ' +
          'state and nonce) and sets a 10-minute HttpOnly cookie for the way back. `returnTo` (default /) must ' +
          'be a path on this site. 404 when provider sign-in is not set up; a provider that cannot be reached ' +
          'redirects to /login?error=oidc_unavailable.',
        querystring: OidcStartQuery,
        response: { 302: Redirect, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (!oidc.enabled) throw notFound(
          // The same words as the contract's OidcNotConfiguredMessage, which the web app shows.
          /*i18n*/ { id: '{provider} sign-in is not set up for this shop. Sign in with your email and password.', values: { provider: oidc.providerName } },
        );
      // Refused outright rather than replaced by '/': our own pages never send anything else, so
      // another value means someone crafted the link (open redirect).
      const returnTo = safeReturnTo(request.query.returnTo ?? '/');
      if (returnTo === null) throw badRequest(RETURN_TO_REFUSED, 'returnTo');
      try {
        const started = await oidc.startLogin(returnTo);
        void reply.setCookie(OIDC_COOKIE, started.cookieValue, {
          ...cookieOptions(request),
          maxAge: OIDC_LOGIN_MAX_AGE_SECONDS,
        });
        return redirect(reply, started.authorizationUrl);
      } catch (err) {
        if (!(err instanceof OidcSignInError)) throw err;
        request.log.warn({ code: err.code, detail: err.detail }, 'provider sign-in could not start');
        return redirect(reply, loginError(err.code));
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags: TAGS,
        summary: 'The provider sends the browser back here',
        description:
          'Register `PUBLIC_URL/api/v1/auth/oidc/callback` as the redirect URI at the provider. On success sets ' +
          'the session cookie (as POST /auth/login does) and redirects to /login/complete?returnTo=...; the web ' +
          'app then reads GET /auth/session. Any failure redirects to /login?error=<code> (see OIDC_ERROR_CODES).',
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      // The raw query string, parameters as the provider sent them (openid-client checks `iss` and
      // refuses repeated parameters).
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const cookieValue = request.cookies[OIDC_COOKIE];
      // One use: whatever happens next, this pending sign-in is over.
      void reply.clearCookie(OIDC_COOKIE, cookieOptions(request));
      try {
        const { session, returnTo } = await oidc.finishLogin(query, cookieValue, request.user?.sessionId, localeOf(request));
        app.sessionCookie.set(request, reply, session.token, session.expiresAt);
        return redirect(reply, `${OIDC_COMPLETE_PATH}?returnTo=${encodeURIComponent(returnTo)}`);
      } catch (err) {
        // A browser landed here: it gets the login page with a reason, never a JSON 500.
        if (err instanceof OidcSignInError) {
          request.log.warn({ code: err.code, detail: err.detail }, 'provider sign-in refused');
          return redirect(reply, loginError(err.code));
        }
        request.log.error({ err }, 'provider sign-in failed');
        return redirect(reply, loginError('oidc_failed'));
      }
    },
  );
  done();
};
