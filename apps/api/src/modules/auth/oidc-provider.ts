import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config.js';
import type { PendingLogin } from './oidc-pending-login.js';
import { OidcSignInError } from './oidc-sign-in-error.js';

/** Seconds to wait for the provider (discovery, token, userinfo); the customer is waiting on a redirect. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The identity the provider vouched for, from the ID token (and the userinfo endpoint when needed). */
export interface ProviderProfile {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** True when the provider could not be reached or answered with a server error (as opposed to refusing us). */
function isProviderUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
    if (e instanceof oidc.ResponseBodyError && e.status >= 500) return true;
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
      const status = (e.cause as { status?: unknown } | undefined)?.status;
      if (typeof status === 'number' && status >= 500) return true;
    }
  }
  return false;
}

/** An exception as one line for the log, with the network error code fetch hides in `cause`. */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${(err.cause as { code?: string }).code ?? err.cause.message})` : '';
  return `${err.name}: ${err.message}${cause}`;
}

/**
 * The provider's side of a sign-in: its configuration (discovered on first use) and the redemption of an
 * authorization answer into the identity it vouches for. A failure is an OidcSignInError saying whether the provider
 * was unreachable or refused.
 */
export function createOidcProvider(settings: OidcSettings) {
  const client = settings.client;

  // Discovery runs on first use, not at start-up, so the shop starts (and password sign-in works)
  // while the provider is unreachable. A failure is not cached: the next attempt tries again.
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    if (!client) return Promise.reject(new OidcSignInError('oidc_not_configured'));
    discovered ??= oidc
      .discovery(
        new URL(client.issuer),
        client.clientId,
        undefined,
        // client_secret_basic is the default token endpoint authentication of OAuth 2.0 (RFC 8414).
        oidc.ClientSecretBasic(client.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // config.ts only lets a plain-http issuer through outside production (the local test provider).
          execute: settings.allowHttpIssuer && client.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw new OidcSignInError('oidc_unavailable', `discovery: ${describeError(err)}`);
      });
    return discovered;
  };

  const providerCall = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      if (err instanceof OidcSignInError) throw err;
      throw new OidcSignInError(
        isProviderUnavailable(err) ? 'oidc_unavailable' : 'oidc_failed',
        `${what}: ${describeError(err)}`,
      );
    }
  };

  /** The verified identity behind the authorization response, or an OidcSignInError. */
  async function redeem(config: oidc.Configuration, callbackUrl: URL, pending: PendingLogin): Promise<ProviderProfile> {
    const tokens = await providerCall('token', () =>
      oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      }),
    );
    // openid-client has checked the ID token: signature, issuer, audience, expiry and nonce.
    const claims = tokens.claims();
    if (!claims) throw new OidcSignInError('oidc_failed', 'no ID token');
    let email = claims.email;
    let emailVerified = claims.email_verified;
    let name = claims.name;
    // Providers may keep the scope's claims out of the ID token and answer them at userinfo (oidc-provider
    // does by default); openid-client checks that userinfo speaks of the same subject.
    if (email === undefined || emailVerified === undefined) {
      const info = await providerCall('userinfo', () => oidc.fetchUserInfo(config, tokens.access_token, claims.sub));
      email = info.email;
      emailVerified = info.email_verified;
      name ??= info.name;
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof email === 'string' ? email : undefined,
      // Strictly the JSON boolean true: "true" as text or a missing claim is not a verification.
      emailVerified: emailVerified === true,
      name: typeof name === 'string' ? name : undefined,
    };
  }

  return { configuration, redeem };
}
