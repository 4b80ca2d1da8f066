import { useState } from 'react';
import { STAFF_ROLES, type AuditKind, type StaffMember, type StaffRole } from '@coffee/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useLoginRecord } from '../../../lib/login-record';
import { changeRole, inviteStaff, removeStaff, useAuditRecord, useStaffTeam, useTeamChange, withdrawInvitation } from '../api/staff';
import { ROLE_NAMES } from './role-names';

const selectClass = 'rounded-xl border border-stone-300 bg-white px-3 py-2';

/** The owner's Staff page: who works here with which role, inviting by mail, and the record of changes. */
export function StaffTeam() {
  const { t } = useLingui();
  const team = useStaffTeam();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">
        <Trans>Staff</Trans>
      </h1>
      <InviteForm />
      <section aria-labelledby="team-members">
        <h2 id="team-members" className="mb-4 font-display text-2xl font-bold text-ink">
          <Trans>Team</Trans>
        </h2>
        {team.isPending ? (
          <Spinner label={t`Loading the staff`} />
        ) : team.isError ? (
          <ErrorState title={t`We couldn't load the staff`} message={errorMessage(team.error)} onRetry={() => void team.refetch()} retrying={team.isFetching} />
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {team.data.members.map((member) => <MemberRow key={member.id} member={member} />)}
            </ul>
            {team.data.invitations.length > 0 && (
              <>
                <h3 className="mt-8 mb-3 text-lg font-semibold text-ink">
                  <Trans>Invitations not yet taken up</Trans>
                </h3>
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
  const { t } = useLingui();
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
        invite.mutate({ email, staffRole: role }, { onSuccess: () => { setSent(t`Invitation mailed to ${email}.`); setEmail(''); } });
      }}
    >
      <h2 className="font-display text-xl font-bold text-ink">
        <Trans>Invite someone</Trans>
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold text-ink">
          <Trans>Email address</Trans>
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={`${selectClass} font-normal`} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
          <Trans>Role</Trans>
          <select value={role} onChange={(e) => setRole(e.target.value as StaffRole)} className={`${selectClass} font-normal`}>
            {STAFF_ROLES.map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r])}</option>)}
          </select>
        </label>
        <Button type="submit" disabled={invite.isPending}>{invite.isPending ? t`Sending…` : t`Send invitation`}</Button>
      </div>
      {invite.isError && <Alert tone="danger">{errorMessage(invite.error)}</Alert>}
      {sent && <p role="status" className="text-sm text-emerald-800">{sent}</p>}
    </form>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
  const { t } = useLingui();
  const me = useLoginRecord();
  const role = useTeamChange(changeRole);
  const remove = useTeamChange(removeStaff);
  const self = me?.id === member.id;
  const failure = role.error ?? remove.error;
  const name = member.name ?? t`No name given`;
  const email = member.email;
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{self ? t`${name} (you)` : name}</p>
          <p className="text-sm wrap-anywhere text-muted">{member.email}</p>
        </div>
        {self ? (
          <p className="font-medium text-ink">{t(ROLE_NAMES[member.staffRole])}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <select aria-label={t`Role of ${email}`} value={member.staffRole} disabled={role.isPending} onChange={(e) => role.mutate({ id: member.id, staffRole: e.target.value as StaffRole })} className={selectClass}>
              {STAFF_ROLES.map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r])}</option>)}
            </select>
            <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => { if (window.confirm(t`Remove ${email} from the staff? The account stays as a customer account.`)) remove.mutate(member.id); }}>
              <Trans>Remove</Trans>
            </Button>
          </div>
        )}
      </div>
      {failure && <Alert tone="danger">{errorMessage(failure)}</Alert>}
    </li>
  );
}

function InvitationRow({ id, email, role }: { id: number; email: string; role: StaffRole }) {
  const { t } = useLingui();
  const withdraw = useTeamChange(withdrawInvitation);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-card">
      <p className="min-w-0 wrap-anywhere text-ink">{email} · {t(ROLE_NAMES[role])}</p>
      <Button variant="ghost" size="sm" disabled={withdraw.isPending} onClick={() => withdraw.mutate(id)}>
        <Trans>Withdraw</Trans>
      </Button>
    </li>
  );
}

/** When a change was made, in the screen's language on the 24-hour clock: '29 Nov 2026, 14:05', '29 Nov 2026, 14.05'. */
const dateTimeIn = (language: string) =>
  new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

/** What sort of change, as the record names it. */
const KIND_NAMES: Record<AuditKind, MessageDescriptor> = {
  price: msg`price`,
  coupon: msg`coupon`,
  store: msg`store`,
  role: msg`role`,
  refund: msg`refund`,
  stock: msg`stock`,
};

function AuditList() {
  const { t, i18n } = useLingui();
  const audit = useAuditRecord();
  const dateTime = dateTimeIn(i18n.locale);
  return (
    <section aria-labelledby="team-audit">
      <h2 id="team-audit" className="mb-4 font-display text-2xl font-bold text-ink">
        <Trans>Changes</Trans>
      </h2>
      <p className="mb-4 text-sm text-muted">
        <Trans>Every change of a price, coupon, store, role or refund, with who made it.</Trans>
      </p>
      {audit.isPending ? <Spinner label={t`Loading the changes`} /> : audit.isError ? <Alert tone="danger">{errorMessage(audit.error)}</Alert> : audit.data.length === 0 ? (
        <p className="text-muted">
          <Trans>No changes yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-line rounded-2xl bg-white shadow-card">
          {audit.data.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 p-4">
              <p className="text-sm text-muted">{dateTime.format(new Date(entry.at))} · <span className="wrap-anywhere">{entry.by}</span> · {KIND_NAMES[entry.kind] ? t(KIND_NAMES[entry.kind]) : entry.kind}</p>
              <p className="wrap-anywhere text-ink">{entry.action}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
