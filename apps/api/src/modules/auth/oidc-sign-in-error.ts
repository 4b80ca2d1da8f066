import type { OidcErrorCode } from '@coffee/contract';

/** A sign-in that went wrong in a way the login page explains: the routes redirect to `/login?error=<code>`. */
export class OidcSignInError extends Error {
  constructor(
    readonly code: OidcErrorCode,
    /** For the log only: what went wrong, never a token or a secret. */
    readonly detail?: string,
  ) {
    super(`OpenID Connect sign-in failed: ${code}`);
    this.name = 'OidcSignInError';
  }
}
