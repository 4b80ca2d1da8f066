import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet would set for these options, computed once. They depend on the options only (no nonces,
 * no per-request directive functions), so running Helmet against a recording response gives the exact set.
 */
export function computeSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = typeof value === 'object' ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw new Error('Helmet could not compute the security headers', { cause: err });
  });
  return Object.freeze(headers);
}

/**
 * Helmet's security headers on every response, 404s and errors included.
 * Why not @fastify/helmet: version 13 rebuilds Helmet and re-parses the CSP on every request, a large part of the
 * work of the cached catalogue list (the API's busiest answer).
 *
 * Strict-Transport-Security is sent only on answers that went out over HTTPS (directly, or as the trusted proxy
 * says with X-Forwarded-Proto): over plain http a browser ignores it, and a shop on http must not claim https.
 * `httpsAlways` (PUBLIC_URL is https) sends it on every answer: the shop is only ever meant to be opened over TLS.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  transport: { httpsAlways: boolean },
): void {
  const overHttps = computeSecurityHeaders(options);
  const { 'strict-transport-security': _hsts, ...overHttp } = overHttps;
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(transport.httpsAlways || request.protocol === 'https' ? overHttps : overHttp);
    done();
  });
}
