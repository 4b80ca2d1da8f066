import { PASSWORD_RESET_MINUTES } from '@coffee/contract';
import { mailWords } from '../../lib/customer-email.js';
import type { Translator } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mail.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserService } from '../users/users.service.js';
import { buildPasswordResetEmail } from './password-reset-email.js';
import type { PasswordResetRepository } from './password-resets.repository.js';

/**
 * Reset requests taken from the queue at once. Small batches often, rather than big ones seldom: a batch's work
 * (token writes, mails) then delays one request here and there, never a run of requests in a row.
 */
const RESET_QUEUE_BATCH = 5;
/** Waiting requests looked at per tick. */
const RESET_QUEUE_LOOK = 50;
/**
 * At each tick a waiting request is taken with this chance, so when its work (for a known email: a token write and
 * a mail) runs is a random moment, about a second after the request on average (ticks of 100 ms), not always the
 * tick right after it: a client timing its next requests cannot line them up with that work.
 */
const RESET_PICK_CHANCE = 0.1;
/** A request waiting this long is taken at the next tick whatever the draw: the link never waits longer. */
const RESET_MAX_WAIT_MS = 5_000;

export interface PasswordResetQueueDeps {
  /** A new link replaces the account's older ones in one transaction. */
  db: Kysely<Database>;
  users: UserService;
  passwordResets: PasswordResetRepository;
  mailer: Mailer;
  /** The link's mail is written in the account's language. */
  translator: Translator;
  /** Where work done after the answer (reset links, sign-up notices) reports its failures. */
  log: { error(obj: object, msg: string): void };
  now: () => Date;
  /** The worker's draws (RESET_PICK_CHANCE), in [0, 1); tests choose them. Defaults to Math.random. */
  random?: () => number;
  /** The shop's address of a path and query, for the mailed link. */
  link: (pathAndQuery: string) => string;
}

/**
 * The forgot-password queue: every request is a row, whatever the email; a worker on its own clock writes the
 * links of those with an account and mails them, so no answer's timing tells whether an email has an account.
 */
export function createPasswordResetQueue(deps: PasswordResetQueueDeps) {
  const { db, users, mailer, translator, now, link, passwordResets: passwordResetRepository, random = Math.random } = deps;

  /** Only an existing account gets a link (a new link replaces older ones). */
  async function sendResetLink(email: string): Promise<void> {
    const user = await users.findUserByEmail(email);
    if (user) {
      const token = newToken();
      const t = now();
      await db.transaction().execute(async (trx) => {
        await passwordResetRepository.deleteUserResetTokens(user.id, trx);
        await passwordResetRepository.insertResetToken(
          {
            userId: user.id,
            tokenHash: hashToken(token),
            createdAt: t.toISOString(),
            expiresAt: new Date(t.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
          },
          trx,
        );
      });
      // In the account's language: the request that asked for it is long answered, and may be anyone's.
      const url = link(`/reset-password?token=${encodeURIComponent(token)}`);
      mailer.sendLater(buildPasswordResetEmail(user.email, url, mailWords(translator, user.language)));
    }
  }

  /**
   * The reset queue's work: a link to each request's email that has an account. A request older than a link's
   * lifetime is dropped (its asker has given up). Runs on the worker's timer (startResetWorker), never because a
   * request arrived, or until the queue is empty (`idle`).
   */
  async function sendLinks(batch: readonly { email: string; requestedAt: string }[]): Promise<void> {
    const oldest = now().getTime() - PASSWORD_RESET_MINUTES * 60_000;
    for (const request of batch) {
      if (Date.parse(request.requestedAt) < oldest) continue;
      try {
        await sendResetLink(request.email);
      } catch (err) {
        deps.log.error({ err }, 'password reset link could not be prepared');
      }
    }
  }

  /** One tick of the worker: each waiting request by a random draw (RESET_PICK_CHANCE), at most a small batch. */
  async function processResetTick(): Promise<number> {
    const waiting = await passwordResetRepository.listWaitingResetRequests(RESET_QUEUE_LOOK);
    const overdue = now().getTime() - RESET_MAX_WAIT_MS;
    const due = waiting.filter((r) => Date.parse(r.requestedAt) <= overdue || random() < RESET_PICK_CHANCE);
    const batch = await passwordResetRepository.takeResetRequestsById(due.slice(0, RESET_QUEUE_BATCH).map((r) => r.id));
    await sendLinks(batch);
    return batch.length;
  }

  /** The worker's tick in progress, if any (`startResetWorker`). */
  let workerTick: Promise<unknown> | undefined;

  /** Every waiting request, now (tests, shutdown). */
  async function processResetQueue(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await passwordResetRepository.takeResetRequests(RESET_QUEUE_BATCH);
      await sendLinks(batch);
      done += batch.length;
      if (batch.length < RESET_QUEUE_BATCH) return done;
    }
  }

  /** Processes the reset queue every `intervalMs` until stopped (app.ts: from ready to close). */
  function startResetWorker(intervalMs: number): () => void {
    const timer = setInterval(() => {
      workerTick ??= processResetTick()
        .catch((err: unknown) => deps.log.error({ err }, 'the password reset queue could not be read'))
        .finally(() => (workerTick = undefined));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    async enqueue(email: string): Promise<void> {
      await passwordResetRepository.enqueueResetRequest(email, now().toISOString());
    },

    processResetQueue,

    startResetWorker,

    /** Resolves once the worker's tick is done and the queue is empty (tests, shutdown). */
    async idle(): Promise<void> {
      // A tick may have taken requests off the queue and still be writing their links: they are not in the queue
      // any more, so emptying it below would not wait for them.
      await workerTick;
      // What is left stays queued for the next start when the database is already gone.
      await processResetQueue().catch((err: unknown) => deps.log.error({ err }, 'the password reset queue could not be emptied'));
    },
  };
}
