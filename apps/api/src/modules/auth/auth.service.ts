import {
  PASSWORD_RESET_MINUTES,
  type AuthUser,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '@coffee/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { createAttemptLimiter, type AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { SessionUser } from '../../lib/current-user.js';
import { AppError, badRequest, unauthorized } from '../../lib/errors.js';
import { escapeHtml, type Mailer, type MailMessage } from '../../lib/mail.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { createUserRepository } from '../users/users.repository.js';
import { toAuthUser, type UserService } from '../users/users.service.js';
import { assertAcceptablePassword, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { createPasswordResetRepository } from './password-resets.repository.js';
import { createSessionRepository } from './sessions.repository.js';
import type { SessionService, StartedSession } from './sessions.service.js';

/** The one message for every failed sign-in, so it never tells which of the two was wrong. */
export const LOGIN_FAILED = 'Email or password is incorrect';

export const REGISTERED_MESSAGE =
  'Thanks for signing up! Sign in with your email and password. We have sent you an email about your account.';
export const RESET_REQUESTED_MESSAGE = `If an account uses this email, we have sent it a link to choose a new password. The link works for ${PASSWORD_RESET_MINUTES} minutes.`;
export const RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with your new password.';
export const RESET_TOKEN_INVALID =
  'This password reset link is invalid, has expired or was already used. Ask for a new link.';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  users: UserService;
  sessions: SessionService;
  mailer: Mailer;
  publicUrl: string;
  limits: Config['rateLimits'];
  now?: () => Date;
}

/** Who is knocking: the client address is what the per-address limits count. */
export interface ClientInfo {
  ip: string;
}

const tooMany = (what: string, seconds: number) =>
  new AppError(
    429,
    `Too many ${what}. Try again in ${seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );

/** The larger wait of the limiters, 0 when none is at its limit. */
const waitFor = (...checks: [AttemptLimiter, string][]) => Math.max(0, ...checks.map(([l, key]) => l.retryAfter(key)));

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, sessions, mailer, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = (max: number) => createAttemptLimiter({ max, windowMs: limits.windowMs, now: () => now().getTime() });

  // Failed sign-ins are counted per address (one client trying many accounts) and per account
  // (many clients trying one account); an unknown email is counted like a known one.
  const loginFailuresByIp = limiter(limits.loginPerIp);
  const loginFailuresByAccount = limiter(limits.loginPerAccount);
  // Reset requests are counted whether or not the email exists, so the 429 reveals nothing either.
  const resetRequestsByIp = limiter(limits.forgotPasswordPerIp);
  const resetRequestsByAccount = limiter(limits.forgotPasswordPerAccount);
  const signUpsByIp = limiter(limits.registerPerIp);
  // At most one "someone tried to sign up with your email" notice per window: sign-up must not be
  // a way to flood someone's mailbox.
  const signUpNoticesByAccount = limiter(1);

  const link = (pathAndQuery: string) => `${deps.publicUrl}${pathAndQuery}`;
  const mail = (to: string, subject: string, lines: string[], action?: { label: string; url: string }): MailMessage => ({
    to,
    subject,
    text: [...lines, ...(action ? [`${action.label}: ${action.url}`] : []), 'Coffee Shop'].join('\n\n'),
    html: [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
      '<p>Coffee Shop</p>',
    ].join('\n'),
  });

  return {
    /**
     * Sign-up answers the same whether or not the email already has an account: a stranger cannot
     * use it to find out who shops here. The owner of an existing account gets an email instead.
     * Both paths hash a password and queue one mail, so they also take about the same time.
     */
    async register(input: RegisterInput, client: ClientInfo): Promise<{ email: string; message: string }> {
      const wait = waitFor([signUpsByIp, client.ip]);
      if (wait > 0) throw tooMany('sign-ups from your network', wait);
      signUpsByIp.hit(client.ip);

      const created = await users.createUserAccount({
        email: input.email,
        password: input.password,
        phone: input.phone,
        role: 'customer',
      });
      if (created) {
        mailer.sendLater(
          mail(input.email, 'Welcome to Coffee Shop', ['Your Coffee Shop account is ready.'], {
            label: 'Sign in',
            url: link('/login'),
          }),
        );
      } else if (signUpNoticesByAccount.retryAfter(input.email) === 0) {
        signUpNoticesByAccount.hit(input.email);
        mailer.sendLater(
          mail(
            input.email,
            'Someone tried to sign up with your email',
            [
              'Someone tried to create a Coffee Shop account with this email, but you already have one, so nothing was changed.',
              'If it was you, sign in instead, or choose a new password if you have forgotten it. If it was not you, you can ignore this email.',
            ],
            { label: 'Forgot your password?', url: link('/forgot-password') },
          ),
        );
      }
      return { email: input.email, message: REGISTERED_MESSAGE };
    },

    /** Checks the password and starts a new session (a new token at every sign-in). */
    async login(input: LoginInput, client: ClientInfo): Promise<{ user: AuthUser; session: StartedSession }> {
      const wait = waitFor([loginFailuresByIp, client.ip], [loginFailuresByAccount, input.email]);
      if (wait > 0) throw tooMany('failed sign-in attempts', wait);

      const user = await users.findUserByEmail(input.email);
      // Unknown email or password-less account: verify against a dummy hash so the answer takes
      // as long as a wrong password does.
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !ok) {
        loginFailuresByIp.hit(client.ip);
        loginFailuresByAccount.hit(input.email);
        throw unauthorized(LOGIN_FAILED);
      }
      loginFailuresByAccount.reset(input.email);
      if (user.passwordHash && needsRehash(user.passwordHash)) await users.upgradePasswordHash(user.id, input.password);
      const session = await sessions.startSession(user.id);
      return { user: toAuthUser(user), session };
    },

    async logout(user: SessionUser | null): Promise<void> {
      if (user) await sessions.endSession(user.sessionId);
    },

    /** Needs the current password; ends every other session (a thief's included) and pending reset links. */
    async changePassword(user: SessionUser, input: ChangePasswordInput): Promise<void> {
      const wait = waitFor([loginFailuresByAccount, user.email]);
      if (wait > 0) throw tooMany('wrong passwords', wait);
      const record = await users.findUserById(user.id);
      const ok = record?.passwordHash
        ? await verifyPassword(record.passwordHash, input.currentPassword)
        : await verifyAgainstDummy(input.currentPassword);
      if (!ok) {
        // A stolen session must not become a way to guess the password.
        loginFailuresByAccount.hit(user.email);
        throw badRequest('currentPassword is incorrect', 'currentPassword');
      }
      assertAcceptablePassword(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await createUserRepository(trx).updateUserPasswordHash(user.id, passwordHash, now().toISOString());
        await createSessionRepository(trx).deleteUserSessions(user.id, user.sessionId);
        await createPasswordResetRepository(trx).deleteUserResetTokens(user.id);
      });
      mailer.sendLater(
        mail(user.email, 'Your Coffee Shop password was changed', [
          'The password of your Coffee Shop account was just changed, and every other device was signed out.',
          'If you did not do this, choose a new password with "Forgot password" right away.',
        ]),
      );
    },

    /** Always the same answer; only an existing account gets a mail (a new link replaces older ones). */
    async requestPasswordReset(input: ForgotPasswordInput, client: ClientInfo): Promise<{ message: string }> {
      const wait = waitFor([resetRequestsByIp, client.ip], [resetRequestsByAccount, input.email]);
      if (wait > 0) throw tooMany('password reset requests', wait);
      resetRequestsByIp.hit(client.ip);
      resetRequestsByAccount.hit(input.email);

      const user = await users.findUserByEmail(input.email);
      if (user) {
        const token = newToken();
        const t = now();
        await db.transaction().execute(async (trx) => {
          const trxResets = createPasswordResetRepository(trx);
          await trxResets.deleteUserResetTokens(user.id);
          await trxResets.insertResetToken({
            userId: user.id,
            tokenHash: hashToken(token),
            createdAt: t.toISOString(),
            expiresAt: new Date(t.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
          });
        });
        mailer.sendLater(
          mail(
            user.email,
            'Choose a new Coffee Shop password',
            [
              `Someone (hopefully you) asked to reset the password of your Coffee Shop account. The link below works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
              'If you did not ask for it, ignore this email: your password stays as it is.',
            ],
            { label: 'Choose a new password', url: link(`/reset-password?token=${encodeURIComponent(token)}`) },
          ),
        );
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    /** Single use: the token row is deleted in the same transaction that sets the password. Ends every session. */
    async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
      // Policy first, so a refused password does not use up the link.
      assertAcceptablePassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        const consumed = await createPasswordResetRepository(trx).consumeResetToken(hashToken(input.token));
        if (!consumed || Date.parse(consumed.expiresAt) <= now().getTime()) return undefined;
        await createUserRepository(trx).updateUserPasswordHash(consumed.userId, passwordHash, now().toISOString());
        await createSessionRepository(trx).deleteUserSessions(consumed.userId);
        await createPasswordResetRepository(trx).deleteUserResetTokens(consumed.userId);
        return consumed.userId;
      });
      if (userId === undefined) throw badRequest(RESET_TOKEN_INVALID, 'token');
      const user = await users.findUserById(userId);
      if (user) {
        // Proving the mailbox is proof enough: earlier failed sign-ins no longer lock the account.
        loginFailuresByAccount.reset(user.email);
        mailer.sendLater(
          mail(user.email, 'Your Coffee Shop password was reset', [
            'The password of your Coffee Shop account was just reset with an emailed link, and every device was signed out.',
            'If you did not do this, reply to this email.',
          ]),
        );
      }
      return { message: RESET_DONE_MESSAGE };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
