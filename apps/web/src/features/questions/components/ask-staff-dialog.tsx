import { useState } from 'react';
import type { FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUESTION_CONTACT_MAX_LENGTH, QUESTION_MESSAGE_MAX_LENGTH, QUESTION_NAME_MAX_LENGTH } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useAskQuestion } from '../api/ask-question';

type Fields = 'name' | 'contact' | 'message';
const LABELS: Record<Fields, MessageDescriptor> = { name: msg`Your name`, contact: msg`Email or phone`, message: msg`Your question` };
const MISSING: Record<Fields, MessageDescriptor> = {
  name: msg`Please tell us your name.`,
  contact: msg`Please give an email address or phone number, so we can answer you.`,
  message: msg`Please write your question.`,
};

type AskStaffDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Shown in the title and sent with the question, so staff know what the customer is looking at. */
  product: { id: number; name: string };
  /** A signed-in customer's name and email, filled in for them. */
  prefill?: { name: string; contact: string } | undefined;
  /** After the question reached the shop (the caller thanks them). */
  onSent: () => void;
};

/** "Ask a Staff" when the shop has no chat link: a short message that reaches the staff orders screen and the shop's mail. */
export function AskStaffDialog({ open, onClose, product, prefill, onSent }: AskStaffDialogProps) {
  const { t } = useLingui();
  const labels: Record<Fields, string> = { name: t(LABELS.name), contact: t(LABELS.contact), message: t(LABELS.message) };
  const [values, setValues] = useState<Record<Fields, string>>({ name: prefill?.name ?? '', contact: prefill?.contact ?? '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useAskQuestion();

  const change = (field: Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Fields, string>> = {};
    for (const field of ['name', 'contact', 'message'] as const) if (values[field].trim() === '') missing[field] = t(MISSING[field]);
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    ask.mutate(
      { productId: product.id, name: values.name.trim(), contact: values.contact.trim(), message: values.message.trim() },
      {
        onSuccess: () => {
          setValues((current) => ({ ...current, message: '' }));
          onSent();
        },
        onError: (error) => {
          // A refusal about one field shows under it only; anything else (too many questions, no connection) above.
          const server = serverFieldErrors(error, labels);
          const fieldErrors = Object.fromEntries(Object.entries(server).filter(([field]) => field in labels));
          if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  const left = QUESTION_MESSAGE_MAX_LENGTH - values.message.length;
  const most = QUESTION_MESSAGE_MAX_LENGTH;
  const productName = product.name;
  return (
    <Dialog open={open} onClose={onClose} title={t`Ask about ${productName}`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={ask.isPending}>
        <p className="text-sm text-muted">
          <Trans>Our staff answer by email or phone, usually within the day.</Trans>
        </p>
        {failure && (
          <Alert tone="danger" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <FormField id="ask-name" label={labels.name} error={errors.name}>
          <input
            type="text"
            autoComplete="name"
            maxLength={QUESTION_NAME_MAX_LENGTH}
            value={values.name}
            onChange={change('name')}
            {...fieldInputProps('ask-name', { error: errors.name })}
          />
        </FormField>
        <FormField id="ask-contact" label={labels.contact} error={errors.contact}>
          <input
            type="text"
            autoComplete="email"
            maxLength={QUESTION_CONTACT_MAX_LENGTH}
            value={values.contact}
            onChange={change('contact')}
            {...fieldInputProps('ask-contact', { error: errors.contact })}
          />
        </FormField>
        <FormField
          id="ask-message"
          label={labels.message}
          error={errors.message}
          hint={left < 100 ? t`${left} characters left` : t`Up to ${most} characters.`}
        >
          <textarea
            rows={4}
            maxLength={QUESTION_MESSAGE_MAX_LENGTH}
            value={values.message}
            onChange={change('message')}
            {...fieldInputProps('ask-message', { error: errors.message, hint: true, className: 'resize-y' })}
          />
        </FormField>
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="light" onClick={onClose} disabled={ask.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="accent" disabled={ask.isPending}>
            {ask.isPending ? t`Sending…` : t`Send Question`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
