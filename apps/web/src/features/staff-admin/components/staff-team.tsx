import { useState } from 'react';
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffMember, type StaffRole } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useLoginRecord } from '../../../lib/login-record';
import { changeRole, inviteStaff, removeStaff, useAuditRecord, useStaffTeam, useTeamChange, withdrawInvitation } from '../api/staff';

const selectClass = 'rounded-xl border border-stone-300 bg-white px-3 py-2';

/** The owner's Staff page: who works here with which role, inviting by mail, and the record of changes. */
export function StaffTeam() {
  const team = useStaffTeam();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">Staff</h1>
      <InviteForm />
      <section aria-labelledby="team-members">
        <h2 id="team-members" className="mb-4 font-display text-2xl font-bold text-ink">Team</h2>
        {team.isPending ? (
          <Spinner label="Loading the staff" />
        ) : team.isError ? (
          <ErrorState title="We couldn't load the staff" message={errorMessage(team.error)} onRetry={() => void team.refetch()} retrying={team.isFetching} />
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {team.data.members.map((member) => <MemberRow key={member.id} member={member} />)}
            </ul>
            {team.data.invitations.length > 0 && (
              <>
                <h3 className="mt-8 mb-3 text-lg font-semibold text-ink">Invitations not yet taken up</h3>
                <ul className="flex flex-col gap-3">
                  {team.data.invitations.map((invitation) => <InvitationRow key={invitation.id} id={invitation.id} email={invitation.email} role={invitation.staffRole} />)}
                </ul>
              </>
            )}
          </>
        )}
      </section>
      <AuditList />
    </div>
  );
}

function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('barista');
  const [sent, setSent] = useState<string | null>(null);
  const invite = useTeamChange(inviteStaff);
  return (
    <form
      className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-card"
      onSubmit={(event) => {
        event.preventDefault();
        setSent(null);
        invite.mutate({ email, staffRole: role }, { onSuccess: () => { setSent(`Invitation mailed to ${email}.`); setEmail(''); } });
      }}
    >
      <h2 className="font-display text-xl font-bold text-ink">Invite someone</h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold text-ink">
          Email address
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={`${selectClass} font-normal`} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as StaffRole)} className={`${selectClass} font-normal`}>
            {STAFF_ROLES.map((r) => <option key={r} value={r}>{STAFF_ROLE_LABELS[r]}</option>)}
          </select>
        </label>
        <Button type="submit" disabled={invite.isPending}>{invite.isPending ? 'Sending…' : 'Send invitation'}</Button>
      </div>
      {invite.isError && <Alert tone="danger">{errorMessage(invite.error)}</Alert>}
      {sent && <p role="status" className="text-sm text-emerald-800">{sent}</p>}
    </form>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
  const me = useLoginRecord();
  const role = useTeamChange(changeRole);
  const remove = useTeamChange(removeStaff);
  const self = me?.id === member.id;
  const failure = role.error ?? remove.error;
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{member.name ?? 'No name given'}{self ? ' (you)' : ''}</p>
          <p className="text-sm wrap-anywhere text-muted">{member.email}</p>
        </div>
        {self ? (
          <p className="font-medium text-ink">{STAFF_ROLE_LABELS[member.staffRole]}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <select aria-label={`Role of ${member.email}`} value={member.staffRole} disabled={role.isPending} onChange={(e) => role.mutate({ id: member.id, staffRole: e.target.value as StaffRole })} className={selectClass}>
              {STAFF_ROLES.map((r) => <option key={r} value={r}>{STAFF_ROLE_LABELS[r]}</option>)}
            </select>
            <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => { if (window.confirm(`Remove ${member.email} from the staff? The account stays as a customer account.`)) remove.mutate(member.id); }}>
              Remove
            </Button>
          </div>
        )}
      </div>
      {failure && <Alert tone="danger">{errorMessage(failure)}</Alert>}
    </li>
  );
}

function InvitationRow({ id, email, role }: { id: number; email: string; role: StaffRole }) {
  const withdraw = useTeamChange(withdrawInvitation);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-card">
      <p className="min-w-0 wrap-anywhere text-ink">{email} · {STAFF_ROLE_LABELS[role]}</p>
      <Button variant="ghost" size="sm" disabled={withdraw.isPending} onClick={() => withdraw.mutate(id)}>Withdraw</Button>
    </li>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function AuditList() {
  const audit = useAuditRecord();
  return (
    <section aria-labelledby="team-audit">
      <h2 id="team-audit" className="mb-4 font-display text-2xl font-bold text-ink">Changes</h2>
      <p className="mb-4 text-sm text-muted">Every change of a price, coupon, store, role or refund, with who made it.</p>
      {audit.isPending ? <Spinner label="Loading the changes" /> : audit.isError ? <Alert tone="danger">{errorMessage(audit.error)}</Alert> : audit.data.length === 0 ? (
        <p className="text-muted">No changes yet.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line rounded-2xl bg-white shadow-card">
          {audit.data.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 p-4">
              <p className="text-sm text-muted">{dateTime.format(new Date(entry.at))} · <span className="wrap-anywhere">{entry.by}</span> · {entry.kind}</p>
              <p className="wrap-anywhere text-ink">{entry.action}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
