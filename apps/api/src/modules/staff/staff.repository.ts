import type { Kysely, Transaction } from 'kysely';
import type { AuditKind, StaffRole } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

export interface InvitationRecord {
  id: number;
  email: string;
  staffRole: StaffRole;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

export interface AuditEntry {
  at: string;
  actorId: number | null;
  actorEmail: string;
  kind: AuditKind;
  action: string;
}

/** SQL for `staff_invitations` and `audit_records`. */
export function createStaffRepository(db: Kysely<Database>) {
  const toInvitation = (r: { id: number; email: string; staff_role: StaffRole; created_at: string; expires_at: string; accepted_at: string | null }): InvitationRecord => ({
    id: r.id,
    email: r.email,
    staffRole: r.staff_role,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    acceptedAt: r.accepted_at,
  });
  return {
    async insertInvitation(invite: { email: string; staffRole: StaffRole; tokenHash: string; invitedBy: number; createdAt: string; expiresAt: string }): Promise<number> {
      const row = await db
        .insertInto('staff_invitations')
        .values({ email: invite.email, staff_role: invite.staffRole, token_hash: invite.tokenHash, invited_by: invite.invitedBy, created_at: invite.createdAt, expires_at: invite.expiresAt, accepted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async listOpenInvitations(nowIso: string): Promise<InvitationRecord[]> {
      const rows = await db.selectFrom('staff_invitations').selectAll().where('accepted_at', 'is', null).where('expires_at', '>', nowIso).orderBy('id', 'desc').execute();
      return rows.map(toInvitation);
    },

    /** Takes the invitation once: of two tabs accepting the same link, one wins (compare-and-set on accepted_at). */
    async takeInvitation(tokenHash: string, nowIso: string, trx: Transaction<Database>): Promise<InvitationRecord | undefined> {
      const row = await trx.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!row || row.accepted_at !== null || row.expires_at <= nowIso) return undefined;
      const taken = await trx.updateTable('staff_invitations').set({ accepted_at: nowIso }).where('id', '=', row.id).where('accepted_at', 'is', null).executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? toInvitation(row) : undefined;
    },

    async findOpenInvitation(tokenHash: string, nowIso: string): Promise<InvitationRecord | undefined> {
      const row = await db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).where('accepted_at', 'is', null).where('expires_at', '>', nowIso).executeTakeFirst();
      return row && toInvitation(row);
    },

    async deleteInvitation(id: number): Promise<boolean> {
      const result = await db.deleteFrom('staff_invitations').where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async insertAudit(entry: AuditEntry, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .insertInto('audit_records')
        .values({ at: entry.at, actor_id: entry.actorId, actor_email: entry.actorEmail, kind: entry.kind, action: entry.action.slice(0, 300) })
        .execute();
    },

    /** Newest first, a page at a time. */
    async listAudit(limit: number, offset: number): Promise<(AuditEntry & { id: number })[]> {
      const rows = await db.selectFrom('audit_records').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
      return rows.map((r) => ({ id: r.id, at: r.at, actorId: r.actor_id, actorEmail: r.actor_email, kind: r.kind as AuditKind, action: r.action }));
    },
  };
}
