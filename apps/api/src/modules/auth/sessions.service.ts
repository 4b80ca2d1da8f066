import type { SessionUser } from '../../lib/current-user.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserService } from '../users/users.service.js';
import { createSessionRepository } from './sessions.repository.js';

export interface SessionPolicy {
  /** A session unused this long ends (sliding). */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however busy. */
  maxLifetimeMs: number;
}

export interface StartedSession {
  /** The only copy of the secret: it goes to the client and is never stored. */
  token: string;
  sessionId: number;
  expiresAt: string;
}

/**
 * Sessions that just ended in this process: one (sign-out, expiry, a new Google sign-in replacing it), or every
 * session of an account but `except` (a password change or reset).
 */
export type EndedSessions = { sessionId: number } | { userId: number; except?: number | undefined };

/** Activity updates last_seen_at at most this often, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * Session ids asked about per query by `liveSessionIds`: a process holds at most STREAM_LIMIT_TOTAL streams (1,000
 * by default), so this is one query, and a larger total stays within both databases' limits on parameters.
 */
const LIVE_IDS_PER_QUERY = 1_000;

export interface SessionServiceDeps {
  /** The module builds its own repository over it: only the auth module touches sessions. */
  db: Kysely<Database>;
  /** The users module's door: whose account a session is, as it is now (its email and role). */
  accounts: Pick<UserService, 'findUserById'>;
  policy: SessionPolicy;
  now: () => Date;
}

/** Server-side sessions: the client holds a random token, the database its SHA-256. */
export function createSessionService(deps: SessionServiceDeps) {
  const { policy, now } = deps;
  const repo = createSessionRepository(deps.db);
  const endListeners: ((ended: EndedSessions) => void)[] = [];
  const tellEnded = (ended: EndedSessions) => {
    for (const listener of endListeners) listener(ended);
  };
  return {
    /**
     * Calls `listener` whenever sessions end in this process, once they are gone from the database: what was opened
     * with them and outlives a request (live order streams) ends too. Sessions ended by another process are not
     * heard of here: ask `liveSessionIds`.
     */
    onEnded(listener: (ended: EndedSessions) => void): void {
      endListeners.push(listener);
    },

    /** Which of these sessions are still live (not ended, not past their maximum lifetime). */
    async liveSessionIds(sessionIds: readonly number[]): Promise<Set<number>> {
      const nowIso = now().toISOString();
      const live = new Set<number>();
      for (let from = 0; from < sessionIds.length; from += LIVE_IDS_PER_QUERY) {
        for (const id of await repo.findLiveSessionIds(sessionIds.slice(from, from + LIVE_IDS_PER_QUERY), nowIso)) live.add(id);
      }
      return live;
    },

    /** Tells the listeners of sessions ended in a caller's own transaction (a password change), once it has committed. */
    sessionsEnded: tellEnded,

    async startSession(userId: number): Promise<StartedSession> {
      const t = now();
      const token = newToken();
      const expiresAt = new Date(t.getTime() + policy.maxLifetimeMs).toISOString();
      await repo.deleteDeadSessions(
        userId,
        t.toISOString(),
        new Date(t.getTime() - policy.idleTimeoutMs).toISOString(),
      );
      const sessionId = await repo.insertSession({
        userId,
        tokenHash: hashToken(token),
        createdAt: t.toISOString(),
        expiresAt,
      });
      return { token, sessionId, expiresAt };
    },

    /** The user behind a token, or null when it is unknown, revoked, idle too long or too old. */
    async resolveSession(token: string): Promise<SessionUser | null> {
      // Our tokens are 43 base64url characters; anything else cannot match, so skip the query.
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const session = await repo.findSessionByTokenHash(hashToken(token));
      if (!session) return null;
      const t = now().getTime();
      const lastSeen = Date.parse(session.lastSeenAt);
      if (Date.parse(session.expiresAt) <= t || lastSeen + policy.idleTimeoutMs <= t) {
        await repo.deleteSession(session.sessionId);
        tellEnded({ sessionId: session.sessionId });
        return null;
      }
      // The sessions row goes with its account (the foreign key cascades), so an account is found for every live session.
      const account = await deps.accounts.findUserById(session.userId);
      if (!account) return null;
      if (t - lastSeen >= TOUCH_INTERVAL_MS) await repo.touchSession(session.sessionId, new Date(t).toISOString());
      return { id: session.userId, email: account.email, role: account.role, staffRole: account.staffRole, sessionId: session.sessionId };
    },

    async endSession(sessionId: number): Promise<void> {
      await repo.deleteSession(sessionId);
      tellEnded({ sessionId });
    },

    /** Ends all of the user's sessions, or all but one (the one that changed the password). */
    async endUserSessions(userId: number, options: { except?: number } = {}): Promise<void> {
      await repo.deleteUserSessions(userId, options.except);
      tellEnded({ userId, except: options.except });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
