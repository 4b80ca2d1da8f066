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

export interface SessionPluginOptions {
  sessions: SessionService;
  config: Pick<Config, 'sessions' | 'publicUrl'>;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED =
  'This request came from another website and was refused to protect your account. Use the Coffee Shop pages.';

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

export function cookieIsSecure(request: FastifyRequest, config: SessionPluginOptions['config']): boolean {
  const setting = config.sessions.cookieSecure;
  if (setting !== 'auto') return setting;
  return request.protocol === 'https' || config.publicUrl.startsWith('https:');
}

const cookieOptions = (request: FastifyRequest, config: SessionPluginOptions['config']) => ({
  // HttpOnly: page scripts (and so an XSS) cannot read the token. Lax: the browser leaves it off
  // cross-site POSTs, our first line against request forgery; the Origin check below is the second.
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: cookieIsSecure(request, config),
});

/**
 * Sessions for every request: reads the token from the `Authorization: Bearer` header or else the
 * session cookie, resolves it to `request.user`, and refuses state-changing browser requests that
 * another site started (CSRF). Bearer requests are exempt: a browser never adds that header to a
 * cross-site request on its own.
 */
export async function registerSessions(app: FastifyInstance, options: SessionPluginOptions): Promise<void> {
  const { sessions, config } = options;
  const publicOrigin = new URL(config.publicUrl).origin;

  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('authMethod', null);
  app.decorate('sessionCookie', {
    set(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string) {
      const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
      void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request, config), maxAge });
    },
    clear(request: FastifyRequest, reply: FastifyReply) {
      void reply.clearCookie(SESSION_COOKIE, cookieOptions(request, config));
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
    if (!request.user) app.sessionCookie.clear(request, reply);
  }

  // A callback hook, not an async one: a visitor's request (no Authorization header, no session cookie: most
  // catalogue traffic) goes on synchronously, without a promise and a microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    const bearer = bearerToken(request);
    if (UNSAFE_METHODS.has(request.method) && bearer === undefined && isCrossSite(request, publicOrigin)) {
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
      const token = request.cookies[SESSION_COOKIE];
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
    /** Sets and clears the session cookie with the attributes above (HttpOnly, SameSite=Lax, Path=/, Secure). */
    sessionCookie: {
      set(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void;
      clear(request: FastifyRequest, reply: FastifyReply): void;
    };
  }
}
