import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export interface CorsOptions {
  /** CORS_ORIGINS: exact origins (scheme, host, port) whose pages may call the API with credentials. */
  origins: readonly string[];
}

const PRODUCT_PICTURES = '/uploads/images/';
const PROFILE_PHOTOS = '/uploads/images/profiles/';

/** How long a browser may reuse a preflight answer before asking again. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Lets the pages of the listed origins (a client hosted elsewhere, e.g. one written for the original shop) call the
 * API from a browser with the visitor's session: preflights are answered, answers carry
 * Access-Control-Allow-Origin and -Credentials for exactly those origins, and their pages may show the pictures.
 * Any other origin gets no CORS header at all, so its pages cannot read our answers. With no origins listed
 * nothing is registered and the API stays same-origin only (an OPTIONS request is a 404, as before).
 *
 * Writes from a listed origin also need the session plugin to let them past its cross-site check, which reads
 * the same list (plugins/session.ts).
 */
export async function registerCors(app: FastifyInstance, { origins }: CorsOptions): Promise<void> {
  if (origins.length === 0) return;
  await app.register(fastifyCors, {
    // An exact list, never a pattern or a reflected origin: with credentials, any other origin must get nothing.
    origin: [...origins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['ETag', 'Retry-After'],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
  // The security headers let only our own pages embed a picture (Cross-Origin-Resource-Policy same-origin); the
  // listed origins' pages must show the menu pictures too. The header has no per-origin form and an <img> request
  // names no origin, so product pictures (public menu pictures) become embeddable by any page; profile photos do not.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(PRODUCT_PICTURES) && !request.url.startsWith(PROFILE_PHOTOS)) {
      void reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done();
  });
}
