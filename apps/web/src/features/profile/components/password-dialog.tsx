import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

/** Built per language: its sentences are the screen's. */
function schemaFor(i18n: I18n) {
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  return z.object({
    currentPassword: z.string().min(1, i18n._(msg`Enter your current password`)),
    newPassword: z
      .string()
      .min(1, i18n._(msg`Choose a new password`))
      .min(min, i18n._(msg`Use at least ${min} characters`))
      .max(max, i18n._(msg`Use at most ${max} characters`)),
  });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;

type PasswordDialogProps = { open: boolean; onClose: () => void; onChanged: (message: string) => void };

/** Edit Password: current and new password; the API ends every other session of the account. */
export function PasswordDialog({ open, onClose, onChanged }: PasswordDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Edit Password`}>
      {/* Mounted only while open, so every opening starts empty. */}
      {open && <PasswordForm onCancel={onClose} onChanged={(message) => {
            onChanged(message);
            onClose();
          }} />}
    </Dialog>
  );
}

function PasswordForm({ onCancel, onChanged }: { onCancel: () => void; onChanged: (message: string) => void }) {
  const { t, i18n } = useLingui();
  // Made at each render (the form reads its latest resolver): its sentences follow a language switch.
  const schema = schemaFor(i18n);
  const labels = { currentPassword: t`Current password`, newPassword: t`New password` };
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { currentPassword: '', newPassword: '' } });
  const change = useChangePassword();
  const fieldErrors = change.isError ? serverFieldErrors(change.error, labels) : {};
  const otherFailure = change.isError && !fieldErrors.currentPassword && !fieldErrors.newPassword ? errorMessage(change.error) : null;

  const submit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: onChanged,
      onError: (error) => {
        const server = serverFieldErrors(error, labels);
        for (const name of ['currentPassword', 'newPassword'] as const) {
          if (server[name]) setError(name, { type: 'server', message: server[name] });
        }
        if (server.currentPassword) setFocus('currentPassword');
        else if (server.newPassword) setFocus('newPassword');
      },
    });
  });

  const minLength = PASSWORD_MIN_LENGTH;
  const field = (name: keyof Values, hint = false) => ({
    type: 'password',
    ...fieldInputProps(`password-${name}`, { error: errors[name]?.message, hint }),
    ...register(name),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-busy={change.isPending}>
      {otherFailure && <Alert tone="danger">{otherFailure}</Alert>}
      <FormField id="password-currentPassword" label={t`Current password`} error={errors.currentPassword?.message}>
        <input autoComplete="current-password" autoFocus {...field('currentPassword')} />
      </FormField>
      <FormField
        id="password-newPassword"
        label={t`New password`}
        hint={t`At least ${minLength} characters. Other devices will be signed out.`}
        error={errors.newPassword?.message}
      >
        <input autoComplete="new-password" {...field('newPassword', true)} />
      </FormField>
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={change.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="primary" disabled={change.isPending}>
          {change.isPending ? t`Saving…` : t`Change Password`}
        </Button>
      </div>
    </form>
  );
}
