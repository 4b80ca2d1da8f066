import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useReturnTo } from '../../../lib/return-to';
import { useRegister } from '../api/register';
import { AuthFootnote, AuthFormActions } from './auth-form-end';

type RegisterValues = { firstName: string; email: string; password: string; phone: string };
const FIELDS = ['email', 'password', 'phone'] as const;
const LABELS = { firstName: msg`First name`, email: msg`Email address`, password: msg`Password`, phone: msg`Phone number` };

const MISSING = {
  // The spec's words first ('email is required'), then what to do.
  email: msg`email is required: please enter your email address.`,
  password: msg`password is required: please choose a password.`,
  phone: msg`phone is required: please enter your phone number.`,
};

/**
 * The original shop's alerts, in this order (worded for the customer, never the field's API name): the first empty
 * field stops the submit. Nothing else is checked here; the server names any other problem.
 */
export function firstMissingField(values: RegisterValues): string | null {
  for (const field of FIELDS) {
    // Read when the form is sent: in the language the screens are in then.
    if (values[field].trim() === '') return i18n._(MISSING[field]);
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
  const { t } = useLingui();
  const labels: Record<string, string> = {
    firstName: t(LABELS.firstName),
    email: t(LABELS.email),
    password: t(LABELS.password),
    phone: t(LABELS.phone),
  };
  const fieldErrors = signUp.isError ? serverFieldErrors(signUp.error, labels) : {};

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
        const field = [...FIELDS, 'firstName' as const].find((name) => serverFieldErrors(error, labels)[name]);
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
        <FormField id="register-firstName" label={t`First Name`} error={fieldErrors.firstName} hint={t`What the barista calls you at the counter.`}>
          <input type="text" autoComplete="given-name" placeholder={t`Enter your first name`} {...fieldInputProps('register-firstName', { error: fieldErrors.firstName, hint: true })} {...register('firstName')} />
        </FormField>
        <FormField id="register-email" label={t`Email Address`} error={fieldErrors.email}>
          <input
            type="email"
            autoComplete="email"
            placeholder={t`Enter your email address`}
            {...field('email')}
            {...register('email')}
          />
        </FormField>
        <FormField id="register-password" label={t`Password`} error={fieldErrors.password} hint={t`At least 8 characters.`}>
          <input
            type="password"
            autoComplete="new-password"
            placeholder={t`Enter your password`}
            {...field('password')}
            {...register('password')}
          />
        </FormField>
        <FormField id="register-phone" label={t`Phone Number`} error={fieldErrors.phone}>
          <input
            type="tel"
            autoComplete="tel"
            placeholder={t`Enter your phone number`}
            {...field('phone')}
            {...register('phone')}
          />
        </FormField>
        <AuthFormActions action="Sign Up" pending={signUp.isPending} pendingLabel={t`Signing up…`} />
      </form>
      <AuthFootnote question={t`Already have an account?`} to={paths.login.getHref(returnTo)} link={t`Login here`} />
    </>
  );
}
