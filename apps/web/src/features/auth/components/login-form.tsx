import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { AuthUser } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { FormField, inputStyles } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useReturnTo } from '../../../lib/return-to';
import { useLogin } from '../api/login';
import { AuthFootnote, AuthFormActions } from './auth-form-end';

type LoginValues = { email: string; password: string };

/**
 * Login. No client check beyond the email input's type, so the browser's own email check runs and
 * everything else is the server's to say. A failure shows the server's message in an alert-danger
 * banner with a close button.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: AuthUser) => void }) {
  const { register, handleSubmit } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const login = useLogin();
  const returnTo = useReturnTo();
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();

  const submit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => setFailure(errorMessage(error)),
    });
  });

  return (
    <>
      <form onSubmit={submit} className="flex flex-col gap-6" aria-busy={login.isPending}>
        {failure && (
          <Alert tone="danger" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <FormField id="login-email" label={t`Email Address`}>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder={t`Enter your email address`}
            className={inputStyles()}
            {...register('email')}
          />
        </FormField>
        <FormField id="login-password" label={t`Password`}>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            placeholder={t`Enter your password`}
            className={inputStyles()}
            {...register('password')}
          />
        </FormField>
        <AuthFormActions action="Login" pending={login.isPending} pendingLabel={t`Logging in…`} />
      </form>
      <AuthFootnote question={t`Don't have an account?`} to={paths.register.getHref(returnTo)} link={t`Sign up here`} />
    </>
  );
}
