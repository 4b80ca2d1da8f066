import { useEffect, useRef } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';

/** Built per language: its sentences are the screen's. */
function schemaFor(i18n: I18n) {
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  return z
    .object({
      password: z
        .string()
        .min(1, i18n._(msg`Choose a new password`))
        .min(min, i18n._(msg`Use at least ${min} characters`))
        .max(max, i18n._(msg`Use at most ${max} characters`)),
      confirm: z.string().min(1, i18n._(msg`Type the new password again`)),
    })
    .refine((values) => values.password === values.confirm, { path: ['confirm'], message: i18n._(msg`The two passwords are not the same`) });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** The link in the mail is dead (expired, used, replaced by a newer one, or mangled): the API names field `token`. */
const isDeadLink = (error: unknown) => error instanceof ApiError && error.field === 'token';

/** /reset-password?token=...: choose a new password with the emailed link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const { t, i18n } = useLingui();
  // Made at each render (the form reads its latest resolver): its sentences follow a language switch.
  const schema = schemaFor(i18n);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const reset = useResetPassword();
  const deadLinkRef = useRef<HTMLDivElement>(null);

  const server = reset.isError && !isDeadLink(reset.error) ? serverFieldErrors(reset.error, { password: t`New password` }) : {};
  const passwordError = errors.password?.message ?? server.password;
  const confirmError = errors.confirm?.message;
  const minLength = PASSWORD_MIN_LENGTH;

  const submit = handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!isDeadLink(error) && serverFieldErrors(error, {}).password) setFocus('password');
        },
      },
    );
  });

  useEffect(() => {
    if (reset.isError && isDeadLink(reset.error)) deadLinkRef.current?.focus();
  }, [reset.isError, reset.error]);

  if (reset.isError && isDeadLink(reset.error)) {
    return (
      <div ref={deadLinkRef} tabIndex={-1} className="focus:outline-none">
        <DeadLink message={reset.error.message} />
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-busy={reset.isPending}>
      <p className="-mt-2 text-center text-muted">
        <Trans>Almost there: choose the password you will sign in with from now on.</Trans>
      </p>
      {reset.isError && !server.password && <Alert tone="danger">{errorMessage(reset.error)}</Alert>}
      <FormField id="reset-password" label={t`New Password`} error={passwordError} hint={t`At least ${minLength} characters.`}>
        <input
          type="password"
          autoComplete="new-password"
          placeholder={t`Enter your new password`}
          {...fieldInputProps('reset-password', { error: passwordError, hint: true })}
          {...register('password')}
        />
      </FormField>
      <FormField id="reset-confirm" label={t`Confirm New Password`} error={confirmError}>
        <input
          type="password"
          autoComplete="new-password"
          placeholder={t`Enter your new password again`}
          {...fieldInputProps('reset-confirm', { error: confirmError })}
          {...register('confirm')}
        />
      </FormField>
      <Button type="submit" variant="accent" size="lg" shape="soft" disabled={reset.isPending} className="w-full font-bold">
        {reset.isPending ? t`Saving…` : t`Save New Password`}
      </Button>
    </form>
  );
}

/** An unusable link: say so plainly and offer a new one. */
export function DeadLink({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <Alert tone="danger" className="w-full text-left">
        {message}
      </Alert>
      <Link to={paths.forgotPassword.getHref()} className="rounded font-display font-bold text-espresso underline underline-offset-4">
        <Trans>Ask for a new link</Trans>
      </Link>
    </div>
  );
}
