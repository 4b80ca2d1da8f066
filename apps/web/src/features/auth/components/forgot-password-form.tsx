import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { formatMinutesSeconds, useCountdown } from './use-countdown';

/** The resend message mentions 2 minutes; the countdown runs from 02:00 to 00:00. */
export const RESEND_AFTER_SECONDS = 120;

/** Built per language: its sentences are the screen's. */
const schemaFor = (i18n: I18n) =>
  z.object({
    email: z
      .string()
      .trim()
      .min(1, i18n._(msg`Enter the email address of your account`))
      .pipe(z.email(i18n._(msg`Enter a valid email address, like name@example.com`))),
  });
type Values = z.infer<ReturnType<typeof schemaFor>>;

/**
 * Forgot password, made real: Send asks the API for a reset link; the answer is the
 * same whether or not the email has an account. Then the resend hint with a live countdown, and
 * Resend Link enabled once it reaches 00:00.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useLingui();
  // Made at each render (the form reads its latest resolver): its sentences follow a language switch.
  const schema = schemaFor(i18n);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const request = useRequestPasswordReset();
  const countdown = useCountdown(RESEND_AFTER_SECONDS);
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = handleSubmit(({ email }) => {
    setFailure(null);
    request.mutate(email, {
      onSuccess: (message) => {
        setSent({ to: email, message });
        countdown.start();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  });

  const email = useWatch({ control, name: 'email' }).trim();
  // While the countdown runs, sending to the same address again waits for Resend Link; a corrected address can go at once.
  const sendDisabled = request.isPending || (countdown.running && sent?.to === email);
  const emailError = errors.email?.message;

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={send} noValidate className="flex flex-col gap-6" aria-busy={request.isPending}>
        {failure && (
          <Alert tone="danger" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <FormField id="forgot-email" label={t`Email Address`} error={emailError}>
          <input
            type="email"
            autoComplete="email"
            placeholder={t`Enter your email address to get link`}
            {...fieldInputProps('forgot-email', { error: emailError })}
            {...register('email')}
          />
        </FormField>
        <Button type="submit" variant="accent" size="lg" shape="soft" disabled={sendDisabled} className="w-full font-bold">
          {request.isPending ? t`Sending…` : t`Send`}
        </Button>
      </form>

      {sent && (
        <>
          <Alert tone="success">{sent.message}</Alert>
          <ResendPanel remaining={countdown.remaining ?? 0} pending={request.isPending} onResend={() => void send()} />
        </>
      )}
    </div>
  );
}

function ResendPanel({ remaining, pending, onResend }: { remaining: number; pending: boolean; onResend: () => void }) {
  const { t } = useLingui();
  const ready = remaining === 0;
  // Read out twice, not every second: a minute before, and when Resend Link becomes available.
  const announcement = ready ? t`You can resend the link now.` : remaining <= 60 ? t`One minute left before you can resend the link.` : '';
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl bg-page px-6 py-6 text-center">
      <p className="font-display text-lg font-medium text-ink">
        <Trans>Click here if you didn&apos;t receive any link in 2 minutes</Trans>
      </p>
      <p role="timer" aria-label={t`Time until you can resend the link`} className="font-display text-4xl font-bold tabular-nums text-espresso">
        {formatMinutesSeconds(remaining)}
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Button variant="primary" size="lg" shape="soft" disabled={!ready || pending} onClick={onResend} className="w-full">
        <Trans>Resend Link</Trans>
      </Button>
    </div>
  );
}
