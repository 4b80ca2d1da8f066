import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SessionUser } from '../lib/current-user.js';
import { forbidden } from '../lib/errors.js';
import type { SessionService } from '../modules/auth/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Use requireUser/requireStaff (lib/current-user.ts). */
    user: SessionUser | null;
    /** What carried the session: the cookie (browsers) or an `Authorization: Bearer` header (API clients). */
    authMethod: 'cookie' | 'bearer' | null;
  }
}

export const SESSION_COOKIE = 'coffee_session';
/**
 * The name of a Secure session cookie. Browsers take a `__Host-` cookie only when it is Secure, has Path=/ and no
 * Domain, and no other site (a sibling subdomain, a page over plain http) can set or overwrite one: nobody can plant
 * a session of their choosing in a customer's browser. The original client never reads the cookie (it is HttpOnly),
 * so its name is no part of the contract (decision 012).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface SessionPluginOptions {
  sessions: SessionService;
  config: Pick<Config, 'sessions' | 'publicUrl' | 'corsOrigins'>;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Minutes a session cookie set for a page of another origin (CORS_ORIGINS) lasts after the sign-in or the last
 * change made through it. A client written for the original shop signs out by forgetting its login record and never
 * tells the server, so its session must end on its own soon after use; the shop's own pages call logout instead.
 */
export const CROSS_ORIGIN_SESSION_MINUTES = 30;

export const CROSS_SITE_REFUSED =
  /*i18n*/ 'This request came from another website and was refused to protect your account. Use the Coffee Shop pages.';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

/** Our own origin as the request addressed it, plus PUBLIC_URL's (a proxy may rewrite Host). */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let from: URL;
    try {
      from = new URL(origin);
    } catch {
      return true; // includes the opaque origin "null" (sandboxed frames, cross-site redirects)
    }
    if (from.origin === publicOrigin) return false;
    let own: string;
    try {
      own = new URL(`${request.protocol}://${request.host}`).host;
    } catch {
      return true;
    }
    return from.host !== own;
  }
  // Older browsers send no Origin on some requests; Fetch Metadata still says where they came from.
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export function cookieIsSecure(request: FastifyRequest, config: Pick<Config, 'sessions' | 'publicUrl'>): boolean {
  const setting = config.sessions.cookieSecure;
  if (setting !== 'auto') return setting;
  return request.protocol === 'https' || config.publicUrl.startsWith('https:');
}

/** The request came from a page of a listed other origin (CORS_ORIGINS), not from our own pages. */
function isListedOrigin(request: FastifyRequest, listed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && listed.has(origin);
}

/**
 * The session cookie a request carries: over https only the `__Host-` one counts (a plain-named cookie could have been
 * planted by a page of another subdomain or over http); over plain http the plain one (the shop on a laptop).
 */
function sessionCookieOf(request: FastifyRequest, config: SessionPluginOptions['config']): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? (cookieIsSecure(request, config) ? undefined : request.cookies[SESSION_COOKIE]);
}

const cookieNameFor = (options: { secure: boolean }) => (options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

const cookieOptions = (request: FastifyRequest, config: SessionPluginOptions['config'], crossOrigin: boolean) =>
  crossOrigin
    ? {
        // A page of another site can only send a cookie marked SameSite=None, which browsers take only with Secure
        // (so the API must be served over https, or be localhost). The Origin check still refuses unlisted sites.
        httpOnly: true,
        sameSite: 'none' as const,
        path: '/',
        secure: true,
      }
    : {
        // HttpOnly: page scripts (and so an XSS) cannot read the token. Lax: the browser leaves it off
        // cross-site POSTs, our first line against request forgery; the Origin check below is the second.
        httpOnly: true,
        sameSite: 'lax' as const,
        path: '/',
        secure: cookieIsSecure(request, config),
      };

/**
 * Sessions for every request: reads the token from the `Authorization: Bearer` header or else the
 * session cookie, resolves it to `request.user`, and refuses state-changing browser requests that
 * another site started (CSRF). Bearer requests are exempt: a browser never adds that header to a
 * cross-site request on its own. So are the origins listed in CORS_ORIGINS, exactly (plugins/cors.ts).
 */
export async function registerSessions(app: FastifyInstance, options: SessionPluginOptions): Promise<void> {
  const { sessions, config } = options;
  const publicOrigin = new URL(config.publicUrl).origin;
  const listedOrigins = new Set(config.corsOrigins);
  const crossOriginMaxAge = CROSS_ORIGIN_SESSION_MINUTES * 60;

  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('authMethod', null);
  app.decorate('sessionCookie', {
    set(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string) {
      const crossOrigin = isListedOrigin(request, listedOrigins);
      const remaining = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
      const maxAge = crossOrigin ? Math.min(remaining, crossOriginMaxAge) : remaining;
      const options = cookieOptions(request, config, crossOrigin);
      void reply.setCookie(cookieNameFor(options), token, { ...options, maxAge });
    },
    clear(request: FastifyRequest, reply: FastifyReply) {
      // Each name the request carried, with the attributes its browser needs to accept the clearing.
      const options = cookieOptions(request, config, isListedOrigin(request, listedOrigins));
      if (request.cookies[SECURE_SESSION_COOKIE] !== undefined || options.secure) void reply.clearCookie(SECURE_SESSION_COOKIE, { ...options, secure: true });
      if (request.cookies[SESSION_COOKIE] !== undefined || !options.secure) void reply.clearCookie(SESSION_COOKIE, options);
    },
  });

  async function resolveBearer(request: FastifyRequest, bearer: string): Promise<void> {
    // A Bearer header is the whole answer: a wrong token never falls back to a cookie.
    request.user = bearer ? await sessions.resolveSession(bearer) : null;
    request.authMethod = request.user ? 'bearer' : null;
  }

  async function resolveCookie(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
    request.user = await sessions.resolveSession(token);
    request.authMethod = request.user ? 'cookie' : null;
    // A cookie for a session that ended (logout elsewhere, expiry) is dropped from the browser.
    if (!request.user) {
      app.sessionCookie.clear(request, reply);
    } else if (UNSAFE_METHODS.has(request.method) && isListedOrigin(request, listedOrigins)) {
      // A change made from another origin's page keeps its short cookie alive; reads do not, so a client that
      // signed out (forgot its login record) and goes on browsing the menu still loses the session.
      void reply.setCookie(SECURE_SESSION_COOKIE, token, { ...cookieOptions(request, config, true), maxAge: crossOriginMaxAge });
    }
  }

  // A callback hook, not an async one: a visitor's request (no Authorization header, no session cookie: most
  // catalogue traffic) goes on synchronously, without a promise and a microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    const bearer = bearerToken(request);
    if (
      UNSAFE_METHODS.has(request.method) &&
      bearer === undefined &&
      !isListedOrigin(request, listedOrigins) &&
      isCrossSite(request, publicOrigin)
    ) {
      done(forbidden(CROSS_SITE_REFUSED));
      return;
    }
    // Pictures and the web app need no session; only the API looks one up.
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    let lookup: Promise<void>;
    if (bearer !== undefined) {
      lookup = resolveBearer(request, bearer);
    } else {
      const token = sessionCookieOf(request, config);
      if (!token) {
        done();
        return;
      }
      lookup = resolveCookie(request, reply, token);
    }
    lookup.then(
      () => done(),
      (err: unknown) => done(err instanceof Error ? err : new Error(`session lookup failed: ${String(err)}`)),
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sets and clears the session cookie with the attributes above: HttpOnly, SameSite=Lax, Path=/, Secure over
     * https (then named `__Host-coffee_session`); for a page of a listed other origin SameSite=None, Secure,
     * for CROSS_ORIGIN_SESSION_MINUTES.
     */
    sessionCookie: {
      set(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void;
      clear(request: FastifyRequest, reply: FastifyReply): void;
    };
  }
}
