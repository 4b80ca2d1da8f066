import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { AuthUser } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, inputStyles } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { AuthFootnote, OrDivider } from './auth-layout';
import { GoogleButton } from './google-button';

type LoginValues = { email: string; password: string };

/**
 * Spec section 2, Login. Section 5: no client check beyond the email input's type, so the browser's own
 * email check runs and everything else is the server's to say. A failure shows the server's message in
 * an alert-danger banner with a close button (section 8).
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: AuthUser) => void }) {
  const { register, handleSubmit } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);

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
        <FormField id="login-email" label="Email Address">
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email address"
            className={inputStyles()}
            {...register('email')}
          />
        </FormField>
        <FormField id="login-password" label="Password">
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            className={inputStyles()}
            {...register('password')}
          />
        </FormField>
        <Link
          to={paths.forgotPassword.getHref()}
          className="-mt-2 self-start rounded font-display font-medium text-espresso underline decoration-crema decoration-2 underline-offset-4 hover:decoration-espresso"
        >
          Forgot Password?
        </Link>
        <Button type="submit" variant="accent" size="lg" shape="soft" disabled={login.isPending} className="w-full font-bold">
          {login.isPending ? 'Logging in…' : 'Login'}
        </Button>
        <OrDivider />
        <GoogleButton action="Login" />
      </form>
      <AuthFootnote>
        Don&apos;t have an account?{' '}
        <Link to={paths.register.getHref()} className="rounded font-display font-bold text-espresso underline underline-offset-4">
          Sign up here
        </Link>
      </AuthFootnote>
    </>
  );
}
