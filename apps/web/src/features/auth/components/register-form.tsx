import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useReturnTo } from '../../../lib/return-to';
import { useRegister } from '../api/register';
import { AuthFootnote, AuthFormActions } from './auth-form-end';

type RegisterValues = { firstName: string; email: string; password: string; phone: string };
const FIELDS = ['email', 'password', 'phone'] as const;
const LABELS: Record<string, string> = { firstName: 'First name', email: 'Email address', password: 'Password', phone: 'Phone number' };

const MISSING: Record<(typeof FIELDS)[number], string> = {
  // The spec's words first ('email is required'), then what to do.
  email: 'email is required: please enter your email address.',
  password: 'password is required: please choose a password.',
  phone: 'phone is required: please enter your phone number.',
};

/**
 * The original shop's alerts, in this order (worded for the customer, never the field's API name): the first empty
 * field stops the submit. Nothing else is checked here; the server names any other problem.
 */
export function firstMissingField(values: RegisterValues): string | null {
  for (const field of FIELDS) {
    if (values[field].trim() === '') return MISSING[field];
  }
  return null;
}

/**
 * Register. On success the caller gets the server's sentence and the email and password typed, so it can sign the
 * customer in at once (the answer is the same for a new and a known email, so only signing in tells them apart).
 */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (message: string, credentials: { email: string; password: string }) => void | Promise<void>;
}) {
  const { register, handleSubmit, setFocus } = useForm<RegisterValues>({
    defaultValues: { firstName: '', email: '', password: '', phone: '' },
  });
  const signUp = useRegister();
  const returnTo = useReturnTo();
  const [failure, setFailure] = useState<string | null>(null);
  const fieldErrors = signUp.isError ? serverFieldErrors(signUp.error, LABELS) : {};

  const submit = handleSubmit((values) => {
    const missing = firstMissingField(values);
    if (missing) {
      window.alert(missing);
      return;
    }
    setFailure(null);
    // The name the barista calls at the counter; left empty, the shop calls the order by its number.
    const { firstName, ...account } = values;
    signUp.mutate(firstName.trim() ? { ...account, firstName: firstName.trim() } : account, {
      onSuccess: (data) => void onRegistered(data.message, { email: values.email.trim(), password: values.password }),
      onError: (error) => {
        // A message about one field shows under that field only; the banner is for the rest.
        const field = [...FIELDS, 'firstName' as const].find((name) => serverFieldErrors(error, LABELS)[name]);
        if (field) setFocus(field);
        else setFailure(errorMessage(error));
      },
    });
  });

  const field = (name: keyof RegisterValues) =>
    fieldInputProps(`register-${name}`, { error: fieldErrors[name], hint: name === 'password' });

  return (
    <>
      {/* noValidate: our alerts, not the browser's bubbles, say what is missing. */}
      <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-busy={signUp.isPending}>
        {failure && (
          <Alert tone="danger" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <FormField id="register-firstName" label="First Name" error={fieldErrors.firstName} hint="What the barista calls you at the counter.">
          <input type="text" autoComplete="given-name" placeholder="Enter your first name" {...fieldInputProps('register-firstName', { error: fieldErrors.firstName, hint: true })} {...register('firstName')} />
        </FormField>
        <FormField id="register-email" label="Email Address" error={fieldErrors.email}>
          <input
            type="email"
            autoComplete="email"
            placeholder="Enter your email address"
            {...field('email')}
            {...register('email')}
          />
        </FormField>
        <FormField id="register-password" label="Password" error={fieldErrors.password} hint="At least 8 characters.">
          <input
            type="password"
            autoComplete="new-password"
            placeholder="Enter your password"
            {...field('password')}
            {...register('password')}
          />
        </FormField>
        <FormField id="register-phone" label="Phone Number" error={fieldErrors.phone}>
          <input
            type="tel"
            autoComplete="tel"
            placeholder="Enter your phone number"
            {...field('phone')}
            {...register('phone')}
          />
        </FormField>
        <AuthFormActions action="Sign Up" pending={signUp.isPending} pendingLabel="Signing up…" />
      </form>
      <AuthFootnote question="Already have an account?" to={paths.login.getHref(returnTo)} link="Login here" />
    </>
  );
}
