import { useEffect, useRef } from 'react';
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

const schema = z
  .object({
    password: z
      .string()
      .min(1, 'Choose a new password')
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
    confirm: z.string().min(1, 'Type the new password again'),
  })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The two passwords are not the same' });
type Values = z.infer<typeof schema>;

/** The link in the mail is dead (expired, used, replaced by a newer one, or mangled): the API names field `token`. */
const isDeadLink = (error: unknown) => error instanceof ApiError && error.field === 'token';

/** /reset-password?token=...: choose a new password with the emailed link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const reset = useResetPassword();
  const deadLinkRef = useRef<HTMLDivElement>(null);

  const server = reset.isError && !isDeadLink(reset.error) ? serverFieldErrors(reset.error, { password: 'New password' }) : {};
  const passwordError = errors.password?.message ?? server.password;
  const confirmError = errors.confirm?.message;

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
      <p className="-mt-2 text-center text-muted">Almost there: choose the password you will sign in with from now on.</p>
      {reset.isError && !server.password && <Alert tone="danger">{errorMessage(reset.error)}</Alert>}
      <FormField id="reset-password" label="New Password" error={passwordError} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
        <input
          type="password"
          autoComplete="new-password"
          placeholder="Enter your new password"
          {...fieldInputProps('reset-password', { error: passwordError, hint: true })}
          {...register('password')}
        />
      </FormField>
      <FormField id="reset-confirm" label="Confirm New Password" error={confirmError}>
        <input
          type="password"
          autoComplete="new-password"
          placeholder="Enter your new password again"
          {...fieldInputProps('reset-confirm', { error: confirmError })}
          {...register('confirm')}
        />
      </FormField>
      <Button type="submit" variant="accent" size="lg" shape="soft" disabled={reset.isPending} className="w-full font-bold">
        {reset.isPending ? 'Saving…' : 'Save New Password'}
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
        Ask for a new link
      </Link>
    </div>
  );
}
