import {
  PASSWORD_RESET_MINUTES,
  type AuthUser,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '@coffee/contract';
import type { SessionUser } from '../../lib/current-user.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import type { Locale, Text } from '../../lib/i18n.js';
import { accountMail } from '../../lib/mail.js';
import { hashToken } from '../../lib/tokens.js';
import {
  assertAcceptablePassword,
  hashPassword,
  needsRehash,
  toAuthUser,
  verifyAgainstDummy,
  verifyPassword,
  type UserService,
} from '../users/users.service.js';
import { createPasswordResetQueue, type PasswordResetQueueDeps } from './password-reset-queue.js';
import { createPasswordResetRepository, type PasswordResetRepository } from './password-resets.repository.js';
import { createSessionRepository, type SessionRepository } from './sessions.repository.js';
import type { SessionService, StartedSession } from './sessions.service.js';

/** The one message for every failed sign-in, so it never tells which of the two was wrong. */
export const LOGIN_FAILED = /*i18n*/ 'Email or password is incorrect';

export const REGISTERED_MESSAGE =
  /*i18n*/ 'Thanks for signing up! Sign in with your email and password. We have sent you an email about your account.';
export const RESET_REQUESTED_MESSAGE: Text = /*i18n*/ {
  id: 'If an account uses this email, we have sent it a link to choose a new password. The link works for {minutes} minutes.',
  values: { minutes: PASSWORD_RESET_MINUTES },
};
export const RESET_DONE_MESSAGE = /*i18n*/ 'Your password has been changed. Sign in with your new password.';
export const WRONG_CURRENT_PASSWORD = /*i18n*/ 'Your current password is not right. Please type it again.';
export const RESET_TOKEN_INVALID =
  /*i18n*/ 'This password reset link is invalid, has expired or was already used. Ask for a new link.';

export interface AuthServiceDeps extends Omit<PasswordResetQueueDeps, 'passwordResets' | 'link'> {
  /** The users module's door; a password change or reset writes the new hash, the sessions and reset links in one transaction. */
  users: UserService;
  sessions: SessionService;
  publicUrl: string;
}

/** Rate limits are counted by the routes (plugins/rate-limit.ts); sign-up asks them one question. */
export interface RegisterOptions {
  /**
   * False when the owner of this email was already told about a sign-up attempt lately: sign-up must not be
   * a way to flood someone's mailbox.
   */
  mayNotifyOwner(email: string): Promise<boolean>;
  /** The language the request asks for: a new account's mails and pushes are written in it. */
  language: Locale;
}

const mail = accountMail;

/** Changing the password with the current one, or with an emailed link: both end sessions and tell the owner. */
function passwordChanges(
  { db, users, sessions, mailer, now }: AuthServiceDeps,
  sessionRepository: SessionRepository,
  passwordResetRepository: PasswordResetRepository,
) {
  return {
    /** Needs the current password; ends every other session (a thief's included) and pending reset links. */
    async changePassword(user: SessionUser, input: ChangePasswordInput): Promise<void> {
      const record = await users.findUserById(user.id);
      const ok = record?.passwordHash
        ? await verifyPassword(record.passwordHash, input.currentPassword)
        : await verifyAgainstDummy(input.currentPassword);
      if (!ok) throw badRequest(WRONG_CURRENT_PASSWORD, 'currentPassword');
      assertAcceptablePassword(input.newPassword, user.email, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await users.setPasswordHash(user.id, passwordHash, trx);
        await sessionRepository.deleteUserSessions(user.id, user.sessionId, trx);
        await passwordResetRepository.deleteUserResetTokens(user.id, trx);
      });
      sessions.sessionsEnded({ userId: user.id, except: user.sessionId });
      mailer.sendLater(
        mail(user.email, 'Your Coffee Shop password was changed', [
          'The password of your Coffee Shop account was just changed, and every other device was signed out.',
          'If you did not do this, choose a new password with "Forgot password" right away.',
        ]),
      );
    },

    /**
     * Single use: the token row is deleted in the same transaction that sets the password. Ends every session.
     * Answers the account's email, whose failed sign-ins the caller may now forget.
     */
    async resetPassword(input: ResetPasswordInput): Promise<{ message: Text; email: string | undefined }> {
      // The token first, before any hashing or strength estimate: a made-up token must cost one indexed read,
      // not an argon2 hash (a few clients sending bogus tokens used to slow every customer's sign-in).
      const tokenHash = hashToken(input.token);
      const live = (token: { expiresAt: string } | undefined) => token !== undefined && Date.parse(token.expiresAt) > now().getTime();
      const token = await passwordResetRepository.findResetToken(tokenHash);
      if (!token || !live(token)) throw badRequest(RESET_TOKEN_INVALID, 'token');
      // Then the policy (it needs the account's email), before the link is used up, so a refused password keeps it.
      const owner = await users.findUserById(token.userId);
      if (!owner) throw badRequest(RESET_TOKEN_INVALID, 'token');
      assertAcceptablePassword(input.password, owner.email);
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        // Consumed here, not above: of two requests racing with one token only one gets the row.
        const consumed = await passwordResetRepository.consumeResetToken(tokenHash, trx);
        if (!consumed || !live(consumed)) return undefined;
        await users.setPasswordHash(consumed.userId, passwordHash, trx);
        await sessionRepository.deleteUserSessions(consumed.userId, undefined, trx);
        await passwordResetRepository.deleteUserResetTokens(consumed.userId, trx);
        return consumed.userId;
      });
      if (userId === undefined) throw badRequest(RESET_TOKEN_INVALID, 'token');
      sessions.sessionsEnded({ userId });
      const user = await users.findUserById(userId);
      if (user) {
        mailer.sendLater(
          mail(user.email, 'Your Coffee Shop password was reset', [
            'The password of your Coffee Shop account was just reset with an emailed link, and every device was signed out.',
            'If you did not do this, reply to this email.',
          ]),
        );
      }
      return { message: RESET_DONE_MESSAGE, email: user?.email };
    },
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, sessions, mailer } = deps;
  const sessionRepository = createSessionRepository(db);
  const passwordResetRepository = createPasswordResetRepository(db);
  /** Work still running after its answer was sent; `idle()` waits for it. */
  const pending = new Set<Promise<void>>();
  const afterAnswer = (work: Promise<void>, what: string) => {
    const job = work.catch((err: unknown) => deps.log.error({ err }, what)).finally(() => pending.delete(job));
    pending.add(job);
  };

  const link = (pathAndQuery: string) => `${deps.publicUrl}${pathAndQuery}`;
  const resetQueue = createPasswordResetQueue({ ...deps, passwordResets: passwordResetRepository, link });

  return {
    /**
     * Sign-up answers the same whether or not the email already has an account: a stranger cannot
     * use it to find out who shops here. The owner of an existing account gets an email instead.
     * Both paths hash a password and queue one mail, so they also take about the same time.
     */
    async register(input: RegisterInput, options: RegisterOptions): Promise<{ email: string; message: Text }> {
      const created = await users.createUserAccount({
        email: input.email,
        password: input.password,
        phone: input.phone,
        role: 'customer',
        firstName: input.firstName ?? '',
        language: options.language,
      });
      if (created) {
        mailer.sendLater(
          mail(input.email, 'Welcome to Coffee Shop', ['Your Coffee Shop account is ready.'], {
            label: 'Sign in',
            url: link('/login'),
          }),
        );
      } else {
        // After the answer, like the mail itself: asking the limit's store must not make this case slower.
        afterAnswer(
          options.mayNotifyOwner(input.email).then((allowed) => {
            if (!allowed) return;
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
          }),
          'sign-up notice could not be sent',
        );
      }
      return { email: input.email, message: REGISTERED_MESSAGE };
    },

    /** Checks the password and starts a new session (a new token at every sign-in). */
    async login(input: LoginInput): Promise<{ user: AuthUser; session: StartedSession }> {
      const user = await users.findUserByEmail(input.email);
      // Unknown email or password-less account: verify against a dummy hash so the answer takes
      // as long as a wrong password does.
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !ok) throw unauthorized(LOGIN_FAILED);
      if (user.passwordHash && needsRehash(user.passwordHash)) await users.upgradePasswordHash(user.id, input.password);
      const session = await sessions.startSession(user.id);
      return { user: toAuthUser(user), session };
    },

    async logout(user: SessionUser | null): Promise<void> {
      if (user) await sessions.endSession(user.sessionId);
    },

    /**
     * Always the same answer and the same work: one row in the reset queue, whatever the email. Only an existing
     * account needs a token written and a mail sent; doing that on the request (or just after its answer) made that
     * request, or the next one from the same client, measurably slower, which told anyone timing it that the email
     * has an account. The background worker (`processResetQueue`, on its own clock) does it instead.
     */
    async requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: Text }> {
      await resetQueue.enqueue(input.email);
      return { message: RESET_REQUESTED_MESSAGE };
    },

    processResetQueue: resetQueue.processResetQueue,

    startResetWorker: resetQueue.startResetWorker,

    /**
     * Resolves once the work left after every answer (sign-up notices) is done and the reset queue is empty
     * (tests, shutdown).
     */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await resetQueue.idle();
    },
    ...passwordChanges(deps, sessionRepository, passwordResetRepository),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
