import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** SQL for password-reset tokens; tokens arrive already hashed. Every function takes an optional open transaction last. */
export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    async insertResetToken(
      token: { userId: number; tokenHash: string; createdAt: string; expiresAt: string },
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .insertInto('password_reset_tokens')
        .values({
          user_id: token.userId,
          token_hash: token.tokenHash,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
        })
        .execute();
    },

    async deleteUserResetTokens(userId: number, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },

    /**
     * Removes the token and returns what it was for, in one statement: of two requests racing with
     * the same token only one gets the row, which is what makes a token single-use.
     */
    async consumeResetToken(tokenHash: string, trx?: Transaction<Database>): Promise<{ userId: number; expiresAt: string } | undefined> {
      return (trx ?? db)
        .deleteFrom('password_reset_tokens')
        .where('token_hash', '=', tokenHash)
        .returning(['user_id as userId', 'expires_at as expiresAt'])
        .executeTakeFirst();
    },

    /** A forgot-password request for the background worker: the same write whatever the email. */
    async enqueueResetRequest(email: string, requestedAt: string): Promise<void> {
      await db.insertInto('password_reset_requests').values({ email, requested_at: requestedAt }).execute();
    },

    /**
     * Takes up to `limit` waiting requests, oldest first, in one statement: of two processes taking at once, each
     * row goes to one of them.
     */
    async takeResetRequests(limit: number): Promise<{ email: string; requestedAt: string }[]> {
      return db
        .deleteFrom('password_reset_requests')
        .where('id', 'in', db.selectFrom('password_reset_requests').select('id').orderBy('id').limit(limit))
        .returning(['email', 'requested_at as requestedAt'])
        .execute();
    },

    /** The ids and times of up to `limit` waiting requests, oldest first, leaving them in place. */
    async listWaitingResetRequests(limit: number): Promise<{ id: number; requestedAt: string }[]> {
      return db.selectFrom('password_reset_requests').select(['id', 'requested_at as requestedAt']).orderBy('id').limit(limit).execute();
    },

    /** Takes these waiting requests in one statement: of two processes taking at once, each row goes to one of them. */
    async takeResetRequestsById(ids: readonly number[]): Promise<{ email: string; requestedAt: string }[]> {
      if (ids.length === 0) return [];
      return db.deleteFrom('password_reset_requests').where('id', 'in', [...ids]).returning(['email', 'requested_at as requestedAt']).execute();
    },

    /** What a token is for, leaving it in place (consumeResetToken is what uses it up). */
    async findResetToken(tokenHash: string, trx?: Transaction<Database>): Promise<{ userId: number; expiresAt: string } | undefined> {
      return (trx ?? db)
        .selectFrom('password_reset_tokens')
        .where('token_hash', '=', tokenHash)
        .select(['user_id as userId', 'expires_at as expiresAt'])
        .executeTakeFirst();
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
