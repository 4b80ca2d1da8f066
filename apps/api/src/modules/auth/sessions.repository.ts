import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SessionRecord {
  sessionId: number;
  userId: number;
  lastSeenAt: string;
  expiresAt: string;
}

export interface NewSession {
  userId: number;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

/** SQL for the sessions table; tokens arrive already hashed. Every function takes an optional open transaction last. */
export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insertSession(session: NewSession, trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('sessions')
        .values({
          user_id: session.userId,
          token_hash: session.tokenHash,
          created_at: session.createdAt,
          last_seen_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findSessionByTokenHash(tokenHash: string, trx?: Transaction<Database>): Promise<SessionRecord | undefined> {
      const row = await (trx ?? db)
        .selectFrom('sessions')
        .select(['id as sessionId', 'user_id as userId', 'last_seen_at as lastSeenAt', 'expires_at as expiresAt'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row;
    },

    async touchSession(sessionId: number, lastSeenAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', sessionId).execute();
    },

    async deleteSession(sessionId: number, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    /** Which of these sessions still exist and have not reached their maximum lifetime. */
    async findLiveSessionIds(sessionIds: readonly number[], nowIso: string, trx?: Transaction<Database>): Promise<number[]> {
      if (sessionIds.length === 0) return [];
      const rows = await (trx ?? db)
        .selectFrom('sessions')
        .select('id')
        .where('id', 'in', sessionIds)
        .where('expires_at', '>', nowIso)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Ends every session of the user, or every one but `exceptSessionId`. */
    async deleteUserSessions(userId: number, exceptSessionId?: number, trx?: Transaction<Database>): Promise<number> {
      let query = (trx ?? db).deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Housekeeping at sign-in: drop the user's sessions that have run out either way. */
    async deleteDeadSessions(userId: number, nowIso: string, idleCutoffIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('last_seen_at', '<=', idleCutoffIso)]))
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
