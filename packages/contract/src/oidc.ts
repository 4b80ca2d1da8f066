import { z } from 'zod';
import { dataOf } from './common.js';

/**
 * "Login with Google" / "Sign Up with Google" (the Login and Register screens) through OpenID Connect.
 * The buttons are always shown; `enabled` false means the shop has no provider configured, and the
 * buttons are disabled with OIDC_NOT_CONFIGURED_MESSAGE.
 */
export const OidcStatus = z
  .object({
    enabled: z.boolean().describe('Whether the shop has a sign-in provider set up; false: show the buttons disabled'),
    providerName: z.string().describe("The provider's name for the button text: 'Login with {providerName}'"),
    startUrl: z
      .string()
      .nullable()
      .describe('Where the buttons link (add `?returnTo=/path` to come back there); null when not enabled'),
  })
  .meta({ id: 'OidcStatus', description: 'Whether "Login with Google" can be used, and how' });
export type OidcStatus = z.infer<typeof OidcStatus>;

export const OidcStatusResponse = dataOf(OidcStatus, 'The sign-in provider').meta({
  id: 'OidcStatusResponse',
  description: 'The sign-in provider',
});
export type OidcStatusResponse = z.infer<typeof OidcStatusResponse>;

export const OidcStartQuery = z.object({
  returnTo: z
    .string()
    .optional()
    .describe('The path on this site to come back to once signed in (default /); any other address is refused'),
});
export type OidcStartQuery = z.infer<typeof OidcStartQuery>;

export const OidcNotConfiguredMessage = (providerName: string) =>
  `${providerName} sign-in is not set up for this shop. Sign in with your email and password.`;

/**
 * Why a provider sign-in failed: the API redirects to `/login?error=<code>`. The codes are short and
 * fixed so the login page can show the matching sentence below and nothing from the URL itself.
 */
export const OIDC_ERROR_CODES = [
  'oidc_cancelled',
  'oidc_expired',
  'oidc_email_not_verified',
  'oidc_unavailable',
  'oidc_failed',
  'oidc_not_configured',
] as const;
export const OidcErrorCode = z.enum(OIDC_ERROR_CODES);
export type OidcErrorCode = z.infer<typeof OidcErrorCode>;

export const oidcErrorMessage = (code: OidcErrorCode, providerName: string): string => {
  switch (code) {
    case 'oidc_cancelled':
      return `Signing in with ${providerName} was cancelled. You can try again or sign in with your email and password.`;
    case 'oidc_expired':
      return `Your sign-in with ${providerName} took too long or was started in another browser. Please try again.`;
    case 'oidc_email_not_verified':
      return `${providerName} has not confirmed that your email address is yours. Verify it with ${providerName}, or sign up with your email and password.`;
    case 'oidc_unavailable':
      return `${providerName} sign-in is not available right now. Please try again later or sign in with your email and password.`;
    case 'oidc_failed':
      return `We could not sign you in with ${providerName}. Please try again or sign in with your email and password.`;
    case 'oidc_not_configured':
      return OidcNotConfiguredMessage(providerName);
  }
};

const RETURN_TO_MAX_LENGTH = 512;

/**
 * `returnTo` as a path on this site, or null when it could lead anywhere else. Only a path-absolute
 * reference is allowed: one leading slash, then URL characters. That rules out `//evil.com` and
 * `https://...`, backslashes (browsers read `/\evil.com` as `//evil.com`), and whitespace and control
 * characters (browsers drop tabs and newlines, so `/\t/evil.com` would become `//evil.com`). Dot
 * segments are refused too: normalising `/.//evil.com` leaves `//evil.com`. The API checks it before
 * the sign-in starts; the web app checks it again before following it, because anyone can type a
 * `/login/complete?returnTo=` link.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > RETURN_TO_MAX_LENGTH) return null;
  if (!/^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/?#%]*$/.test(value)) return null;
  const pathPart = value.split(/[?#]/)[0] ?? '';
  if (pathPart.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return null;
  return value;
}
