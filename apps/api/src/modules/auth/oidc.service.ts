import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Email, NAME_MAX_LENGTH, type AuthUser, type OidcErrorCode } from '@coffee/contract';
import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config.js';
import { escapeHtml, type Mailer } from '../../lib/mail.js';
import { toAuthUser, type UserRecord, type UserService } from '../users/users.service.js';
import { createIdentityRepository } from './identities.repository.js';
import type { SessionService, StartedSession } from './sessions.service.js';

/** How long a started sign-in may take at the provider before it must be started again. */
export const OIDC_LOGIN_MAX_AGE_SECONDS = 10 * 60;

/** Seconds to wait for the provider (discovery, token, userinfo); the customer is waiting on a redirect. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const SCOPE = 'openid email profile';

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

/** What the browser keeps between /start and /callback (in an HttpOnly cookie, signed). */
interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** Epoch ms; the cookie's Max-Age is a request to the browser, this is the rule. */
  expiresAt: number;
}

export interface StartedLogin {
  authorizationUrl: string;
  /** The signed pending-login value for the short-lived cookie. */
  cookieValue: string;
}

export interface FinishedLogin {
  user: AuthUser;
  session: StartedSession;
  returnTo: string;
}

export interface OidcServiceDeps {
  settings: OidcSettings;
  users: UserService;
  sessions: SessionService;
  /** The module builds its own repository over it: only the auth module touches user_identities. */
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
}

/** The identity the provider vouched for, from the ID token (and the userinfo endpoint when needed). */
interface ProviderProfile {
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

/** A person's name from the provider, made fit for display_name (no control characters, length cap). */
function displayNameFrom(name: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = name?.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned ? cleaned.slice(0, NAME_MAX_LENGTH).trim() : undefined;
}

/**
 * "Login with Google" through OpenID Connect: authorization code flow with PKCE (S256), state and
 * nonce. Accounts are found by the provider's subject once linked, and otherwise by a verified email:
 * a new customer account is made, or an existing account with that email is linked (its owner is told
 * by email). A successful sign-in starts an ordinary session, exactly like a password sign-in.
 */
export function createOidcService(deps: OidcServiceDeps) {
  const { settings, users, sessions, mailer, now } = deps;
  const identities = createIdentityRepository(deps.db);
  const client = settings.client;

  // The pending-login cookie is signed with a key derived from the client secret: it exists whenever
  // the feature is on, is shared by every instance of the shop, and is never used for anything else
  // directly. Signing stops a browser (or a script planting cookies) from choosing its own state or
  // verifier; HttpOnly keeps page scripts from reading the verifier.
  const cookieKey = client
    ? Buffer.from(hkdfSync('sha256', client.clientSecret, '', 'coffee-shop oidc pending-login cookie v1', 32))
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

  /** The account for this provider identity: by subject once linked, else by the verified email. */
  async function accountFor(profile: ProviderProfile, email: string): Promise<UserRecord> {
    const t = now().toISOString();
    const linked = await identities.findIdentity(profile.issuer, profile.subject);
    if (linked) {
      const user = await users.findUserById(linked.userId);
      if (user) {
        await identities.touchIdentity(linked.id, email, t);
        return user;
      }
    }
    const existing = await users.findUserByEmail(email);
    const user =
      existing ?? (await users.findOrCreateUserByVerifiedEmail(email, { displayName: displayNameFrom(profile.name) }));
    const inserted = await identities.insertIdentity({
      userId: user.id,
      issuer: profile.issuer,
      subject: profile.subject,
      email,
      createdAt: t,
    });
    if (!inserted) {
      // A concurrent first sign-in of the same person linked it a moment ago: that link decides.
      const winner = await identities.findIdentity(profile.issuer, profile.subject);
      const winnerUser = winner && (await users.findUserById(winner.userId));
      if (!winnerUser) throw new OidcSignInError('oidc_failed', 'identity link vanished');
      return winnerUser;
    }
    if (existing) {
      // Someone can now sign into this account without its password: its owner should know.
      const lines = [
        `Your Coffee Shop account can now be signed into with ${settings.providerName} (${email}).`,
        `If this was not you, choose a new password with "Forgot password" and tell us by replying to this email.`,
      ];
      mailer.sendLater({
        to: user.email,
        subject: `${settings.providerName} sign-in was added to your Coffee Shop account`,
        text: [...lines, '', 'Coffee Shop'].join('\n'),
        html: [...lines.map((l) => `<p>${escapeHtml(l)}</p>`), '<p>Coffee Shop</p>'].join('\n'),
      });
    }
    return user;
  }

  return {
    providerName: settings.providerName,
    enabled: client !== null,

    /** The authorization request and the cookie that must come back with its answer. */
    async startLogin(returnTo: string): Promise<StartedLogin> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const pending: PendingLogin = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
        returnTo,
        expiresAt: now().getTime() + OIDC_LOGIN_MAX_AGE_SECONDS * 1000,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { authorizationUrl: url.href, cookieValue: seal(pending) };
    },

    /**
     * Checks the provider's answer against the pending-login cookie, redeems the code, finds or makes
     * the account and starts a session (ending `previousSessionId`, the browser's earlier session).
     */
    async finishLogin(
      query: URLSearchParams,
      cookieValue: string | undefined,
      previousSessionId: number | undefined,
    ): Promise<FinishedLogin> {
      if (!client) throw new OidcSignInError('oidc_not_configured');
      const providerError = query.get('error');
      if (providerError !== null) {
        // The customer said no at the provider, or the provider refused the request.
        throw new OidcSignInError(
          providerError === 'access_denied'
            ? 'oidc_cancelled'
            : providerError === 'temporarily_unavailable' || providerError === 'server_error'
              ? 'oidc_unavailable'
              : 'oidc_failed',
          `provider answered ${providerError}: ${query.get('error_description') ?? ''}`.slice(0, 300),
        );
      }
      const pending = unseal(cookieValue);
      // No, a forged or an expired cookie, or an answer to another sign-in (login CSRF): start again.
      if (!pending) throw new OidcSignInError('oidc_expired', 'missing, invalid or expired pending-login cookie');
      const state = Buffer.from(query.get('state') ?? '');
      const expectedState = Buffer.from(pending.state);
      if (state.length !== expectedState.length || !timingSafeEqual(state, expectedState)) {
        throw new OidcSignInError('oidc_expired', 'state does not match the pending-login cookie');
      }

      const config = await configuration();
      // openid-client sends the redirect_uri it is given here to the token endpoint: always the
      // configured one, never one built from request headers.
      const callbackUrl = new URL(settings.redirectUri);
      callbackUrl.search = query.toString();
      const profile = await redeem(config, callbackUrl, pending);

      const parsedEmail = Email.safeParse(profile.email);
      if (!parsedEmail.success) throw new OidcSignInError('oidc_failed', 'no usable email claim');
      // Linking by email is only safe when the provider vouches that this person controls the mailbox.
      if (!profile.emailVerified) throw new OidcSignInError('oidc_email_not_verified');

      const user = await accountFor(profile, parsedEmail.data);
      // A sign-in replaces the browser's session, as password sign-in does (a leaked old token dies).
      if (previousSessionId !== undefined) await sessions.endSession(previousSessionId);
      const session = await sessions.startSession(user.id);
      return { user: toAuthUser(user), session, returnTo: pending.returnTo };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
