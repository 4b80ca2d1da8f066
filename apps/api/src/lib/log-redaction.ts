/**
 * Secrets that travel in URLs: the password-reset link (`/reset-password?token=...`) is opened as a page
 * of the web app, so its token would land in the request log. Logs are kept longer and seen by more
 * people than the mailbox the link was sent to.
 */
const SECRET_QUERY_VALUES = /([?&](?:token|code|password|access_token)=)[^&#]*/gi;

/** The same names, only to ask whether a URL holds one: most URLs do not, and a test costs less than a replace. */
const HAS_SECRET_QUERY_VALUE = /[?&](?:token|code|password|access_token)=/i;

export const redactUrl = (url: string): string =>
  HAS_SECRET_QUERY_VALUE.test(url) ? url.replace(SECRET_QUERY_VALUES, '$1[redacted]') : url;

/** Fastify's request log line, with secrets in the query replaced. */
export function serializeRequestForLog(request: { method: string; url: string; host?: string; ip?: string }) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}
