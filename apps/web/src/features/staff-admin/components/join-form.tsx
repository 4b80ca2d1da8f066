import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptInvitation, useInvitation } from '../api/staff';
import { Trans, useLingui } from '@lingui/react/macro';
import { ROLE_NAMES } from './role-names';

/** The invitation page's form: first name and password make the staff account the link invites. */
export function JoinForm({ token, onJoined }: { token: string; onJoined: (message: string) => void }) {
  const { t } = useLingui();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [firstName, setFirstName] = useState('');
  const [password, setPassword] = useState('');
  if (invitation.isPending) return <Spinner label={t`Checking the invitation`} />;
  if (invitation.isError) return <Alert tone="danger">{errorMessage(invitation.error)}</Alert>;
  const role = t(ROLE_NAMES[invitation.data.staffRole]);
  const email = invitation.data.email;
  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        accept.mutate({ token, firstName, password }, { onSuccess: (data) => onJoined(data.message) });
      }}
    >
      <p className="text-ink">
        <Trans>
          You are invited as <strong>{role}</strong> with <strong className="wrap-anywhere">{email}</strong>.
        </Trans>
      </p>
      {accept.isError && <Alert tone="danger">{errorMessage(accept.error)}</Alert>}
      <FormField id="join-first-name" label={t`First name`}>
        <input autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} {...fieldInputProps('join-first-name', {})} />
      </FormField>
      <FormField id="join-password" label={t`Password`} hint={t`At least 8 characters.`}>
        <input type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} {...fieldInputProps('join-password', { hint: true })} />
      </FormField>
      <Button type="submit" size="lg" disabled={accept.isPending}>{accept.isPending ? t`Joining…` : t`Join the team`}</Button>
    </form>
  );
}
