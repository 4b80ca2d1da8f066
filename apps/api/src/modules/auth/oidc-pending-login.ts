import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { OidcSignInError } from './oidc-sign-in-error.js';

/** What the browser keeps between /start and /callback (in an HttpOnly cookie, signed). */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** Epoch ms; the cookie's Max-Age is a request to the browser, this is the rule. */
  expiresAt: number;
}

/**
 * Seals what the browser keeps between /start and /callback into the pending-login cookie's value, and opens it
 * again: a forged, altered or expired value opens to undefined.
 */
export function createPendingLoginSeal(clientSecret: string | undefined, now: () => Date) {
  // The pending-login cookie is signed with a key derived from the client secret: it exists whenever
  // the feature is on, is shared by every instance of the shop, and is never used for anything else
  // directly. Signing stops a browser (or a script planting cookies) from choosing its own state or
  // verifier; HttpOnly keeps page scripts from reading the verifier.
  const cookieKey = clientSecret
    ? Buffer.from(hkdfSync('sha256', clientSecret, '', 'coffee-shop oidc pending-login cookie v1', 32))
    : undefined;

  const sign = (payload: string) => {
    if (!cookieKey) throw new OidcSignInError('oidc_not_configured');
    return createHmac('sha256', cookieKey).update(payload).digest('base64url');
  };

  const seal = (pending: PendingLogin): string => {
    const payload = Buffer.from(JSON.stringify(pending), 'utf8').toString('base64url');
    return `${payload}.${sign(payload)}`;
  };

  const unseal = (value: string | undefined): PendingLogin | undefined => {
    if (!value || value.length > 4096) return undefined;
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const p = parsed as Partial<PendingLogin> | null;
    if (
      typeof p?.state !== 'string' ||
      typeof p.nonce !== 'string' ||
      typeof p.codeVerifier !== 'string' ||
      typeof p.returnTo !== 'string' ||
      typeof p.expiresAt !== 'number'
    ) {
      return undefined;
    }
    if (p.expiresAt <= now().getTime()) return undefined;
    return { state: p.state, nonce: p.nonce, codeVerifier: p.codeVerifier, returnTo: p.returnTo, expiresAt: p.expiresAt };
  };

  return { seal, unseal };
}
