import type { Kysely } from 'kysely';
import type { AcceptInvitationInput, AuditKind, AuditRecord, InviteStaffInput, StaffInvitation, StaffMember, StaffRole } from '@coffee/contract';
import { STAFF_ROLE_LABELS } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { SessionUser } from '../../lib/current-user.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { mailWords } from '../../lib/customer-email.js';
import { DEFAULT_LOCALE, type Locale, type Translator } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mail.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { UserService } from '../users/users.service.js';
import { buildStaffInvitationEmail } from './invitation-email.js';
import { createStaffRepository } from './staff.repository.js';

/** How long an invitation link works: long enough for a new barista to open it after their shift. */
export const INVITATION_DAYS = 7;

export interface StaffServiceDeps {
  db: Kysely<Database>;
  users: Pick<UserService, 'findUserById' | 'findUserByEmail' | 'listStaff' | 'setStaffRole' | 'createUserAccount'>;
  mailer: Mailer;
  /** The invitation is written in the invitee's language, when known, else the inviting owner's. */
  translator: Translator;
  publicUrl: string;
  now: () => Date;
}

type Actor = Pick<SessionUser, 'id' | 'email'>;

/** The staff room: who works at the shop with which role, the invitations that make new staff, and the audit record. */
export function createStaffService(deps: StaffServiceDeps) {
  const { db, users, now } = deps;
  const repo = createStaffRepository(db);

  const record = (actor: Actor, kind: AuditKind, action: string) =>
    repo.insertAudit({ at: now().toISOString(), actorId: actor.id, actorEmail: actor.email, kind, action });

  /** The shop never loses its last owner: nobody could manage the staff then. */
  async function assertOwnerRemains(userId: number): Promise<void> {
    const owners = (await users.listStaff()).filter((u) => u.staffRole === 'owner');
    if (owners.length === 1 && owners[0]!.id === userId) throw conflict(/*i18n*/ 'The shop needs at least one owner: make someone else owner first', 'staffRole');
  }

  async function staffMember(rawId: string) {
    const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
    const user = id === null ? undefined : await users.findUserById(id);
    if (!user || user.role !== 'staff') throw notFound(/*i18n*/ { id: 'There is no staff member {id}', values: { id: rawId.slice(0, 20) } });
    return user;
  }

  return {
    record,

    async listStaff(): Promise<{ members: StaffMember[]; invitations: StaffInvitation[] }> {
      const [members, invitations] = await Promise.all([users.listStaff(), repo.listOpenInvitations(now().toISOString())]);
      return {
        members: members.map((u) => ({ id: u.id, email: u.email, name: `${u.firstName} ${u.lastName}`.trim() || null, staffRole: u.staffRole ?? 'owner' })),
        invitations: invitations.map((i) => ({ id: i.id, email: i.email, staffRole: i.staffRole, createdAt: i.createdAt, expiresAt: i.expiresAt })),
      };
    },

    /**
     * Mails a link that makes its holder staff with the role; the link is the only copy of the token. `language`: the
     * owner's request's, for an invitee without an account.
     */
    async invite(actor: Actor, input: InviteStaffInput, language: Locale = DEFAULT_LOCALE): Promise<StaffInvitation> {
      const existing = await users.findUserByEmail(input.email);
      if (existing?.role === 'staff') throw conflict(/*i18n*/ { id: '{email} is on the staff already: change their role instead', values: { email: input.email } }, 'email');
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
      const id = await repo.insertInvitation({ email: input.email, staffRole: input.staffRole, tokenHash: hashToken(token), invitedBy: actor.id, createdAt: at.toISOString(), expiresAt });
      await record(actor, 'role', `Invited ${input.email} as ${STAFF_ROLE_LABELS[input.staffRole]}`);
      const url = `${deps.publicUrl}/staff/join?token=${encodeURIComponent(token)}`;
      const words = mailWords(deps.translator, existing?.language ?? language);
      deps.mailer.sendLater(buildStaffInvitationEmail(input.email, { staffRole: input.staffRole, days: INVITATION_DAYS, url }, words));
      return { id, email: input.email, staffRole: input.staffRole, createdAt: at.toISOString(), expiresAt };
    },

    async withdrawInvitation(actor: Actor, rawId: string): Promise<void> {
      const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
      if (id === null || !(await repo.deleteInvitation(id))) throw notFound(/*i18n*/ { id: 'There is no open invitation {id}', values: { id: rawId.slice(0, 20) } });
      await record(actor, 'role', `Withdrew invitation #${id}`);
    },

    /** What the join page shows before the form: the address and role, or a 404 for a used or expired link. */
    async lookUpInvitation(token: string): Promise<{ email: string; staffRole: StaffRole }> {
      const invitation = await repo.findOpenInvitation(hashToken(token), now().toISOString());
      if (!invitation) throw notFound(/*i18n*/ 'This invitation link has expired or was used already: ask the owner for a new one');
      return { email: invitation.email, staffRole: invitation.staffRole };
    },

    /**
     * Takes up an invitation: a new account with its role, or an existing customer account made staff (the link went
     * to its mailbox). The invitation is spent in the same transaction, so one link makes one staff account.
     */
    async accept(input: AcceptInvitationInput): Promise<{ email: string; created: boolean }> {
      const nowIso = now().toISOString();
      const result = await db.transaction().execute(async (trx) => {
        const invitation = await repo.takeInvitation(hashToken(input.token), nowIso, trx);
        if (!invitation) throw notFound(/*i18n*/ 'This invitation link has expired or was used already: ask the owner for a new one');
        const existing = await users.findUserByEmail(invitation.email, trx);
        if (existing) {
          await users.setStaffRole(existing.id, invitation.staffRole, trx);
          return { email: invitation.email, created: false, role: invitation.staffRole, userId: existing.id };
        }
        const created = await users.createUserAccount(
          { email: invitation.email, password: input.password, phone: input.phone ?? '', role: 'staff', staffRole: invitation.staffRole, firstName: input.firstName },
          trx,
        );
        if (!created) throw conflict(/*i18n*/ 'An account with this email was made meanwhile: sign in with it and ask the owner again', 'token');
        return { email: invitation.email, created: true, role: invitation.staffRole, userId: created.id };
      });
      await record({ id: result.userId, email: result.email }, 'role', `Joined the staff as ${STAFF_ROLE_LABELS[result.role]}`);
      return { email: result.email, created: result.created };
    },

    async changeRole(actor: Actor, rawId: string, staffRole: StaffRole): Promise<StaffMember> {
      const user = await staffMember(rawId);
      if (user.id === actor.id) throw badRequest(/*i18n*/ 'You cannot change your own role: ask another owner', 'staffRole');
      if (staffRole !== 'owner') await assertOwnerRemains(user.id);
      await users.setStaffRole(user.id, staffRole);
      await record(actor, 'role', `${user.email}: ${STAFF_ROLE_LABELS[user.staffRole ?? 'owner']} to ${STAFF_ROLE_LABELS[staffRole]}`);
      return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || null, staffRole };
    },

    /** The account stays (its orders and history too) as a customer's; its staff rights end at its next request. */
    async remove(actor: Actor, rawId: string): Promise<void> {
      const user = await staffMember(rawId);
      if (user.id === actor.id) throw badRequest(/*i18n*/ 'You cannot remove yourself from the staff: ask another owner', 'id');
      await assertOwnerRemains(user.id);
      await users.setStaffRole(user.id, null);
      await record(actor, 'role', `Removed ${user.email} (${STAFF_ROLE_LABELS[user.staffRole ?? 'owner']}) from the staff`);
    },

    async listAudit(page: number, limit: number): Promise<AuditRecord[]> {
      const rows = await repo.listAudit(limit, (page - 1) * limit);
      return rows.map((r) => ({ id: r.id, at: r.at, by: r.actorEmail, kind: r.kind, action: r.action }));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
