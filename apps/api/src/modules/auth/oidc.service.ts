import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { timingSafeEqual } from 'node:crypto';
import { Email, NAME_MAX_LENGTH, type AuthUser } from '@coffee/contract';
import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/i18n.js';
import { accountMail, type Mailer } from '../../lib/mail.js';
import { toAuthUser, type UserRecord, type UserService } from '../users/users.service.js';
import { createIdentityRepository } from './identities.repository.js';
import { createPendingLoginSeal, type PendingLogin } from './oidc-pending-login.js';
import { createOidcProvider, type ProviderProfile } from './oidc-provider.js';
import { OidcSignInError } from './oidc-sign-in-error.js';
import type { SessionService, StartedSession } from './sessions.service.js';

/** How long a started sign-in may take at the provider before it must be started again. */
export const OIDC_LOGIN_MAX_AGE_SECONDS = 10 * 60;

const SCOPE = 'openid email profile';

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

/** A person's name from the provider, made fit for display_name (no control characters, length cap). */
function displayNameFrom(name: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = name?.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned ? cleaned.slice(0, NAME_MAX_LENGTH).trim() : undefined;
}

/**
 * The account for a provider identity: by subject once linked, else by the verified email (a new customer account,
 * or an existing one whose owner is told it can now be signed into this way).
 */
function createOidcAccounts({ settings, users, mailer, now, db }: OidcServiceDeps) {
  const identities = createIdentityRepository(db);
  /** The account for this provider identity: by subject once linked, else by the verified email. */
  async function accountFor(profile: ProviderProfile, email: string, language: Locale): Promise<UserRecord> {
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
      existing ?? (await users.findOrCreateUserByVerifiedEmail(email, { displayName: displayNameFrom(profile.name), language }));
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
      mailer.sendLater(
        accountMail(user.email, `${settings.providerName} sign-in was added to your Coffee Shop account`, [
          `Your Coffee Shop account can now be signed into with ${settings.providerName} (${email}).`,
          `If this was not you, choose a new password with "Forgot password" and tell us by replying to this email.`,
        ]),
      );
    }
    return user;
  }

  return { accountFor };
}

/**
 * "Login with Google" through OpenID Connect: authorization code flow with PKCE (S256), state and
 * nonce. Accounts are found by the provider's subject once linked, and otherwise by a verified email:
 * a new customer account is made, or an existing account with that email is linked (its owner is told
 * by email). A successful sign-in starts an ordinary session, exactly like a password sign-in.
 */
export function createOidcService(deps: OidcServiceDeps) {
  const { settings, sessions, now } = deps;
  const client = settings.client;
  const { seal, unseal } = createPendingLoginSeal(client?.clientSecret, now);
  const { configuration, redeem } = createOidcProvider(settings);
  const { accountFor } = createOidcAccounts(deps);

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
      /** The browser's language (its Accept-Language): a new account's mails are written in it. */
      language: Locale = DEFAULT_LOCALE,
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

      const user = await accountFor(profile, parsedEmail.data, language);
      // A sign-in replaces the browser's session, as password sign-in does (a leaked old token dies).
      if (previousSessionId !== undefined) await sessions.endSession(previousSessionId);
      const session = await sessions.startSession(user.id);
      return { user: toAuthUser(user), session, returnTo: pending.returnTo };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
