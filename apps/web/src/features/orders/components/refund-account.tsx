import { useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { Price } from '../../../components/ui/price';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useGiveRefundAccount, useRecordTransfer, useRefundAccount, useStaffRefundAccount } from '../api/refund-account';

/** A refund the payment service cannot send (a bank transfer): the shop transfers it to an account the customer gives. */
export const refundByTransfer = (order: Pick<Order, 'refundStatus' | 'paymentMethod'>) =>
  order.refundStatus === 'refund-due' && order.paymentMethod === 'bank-account';

type Fields = { holderName: string; bank: string; accountNumber: string };
const EMPTY: Fields = { holderName: '', bank: '', accountNumber: '' };
const LABELS: Record<keyof Fields, MessageDescriptor> = {
  holderName: msg`Name on the account`,
  bank: msg`Bank`,
  accountNumber: msg`Account number`,
};

/** The customer's side: where to send the money back, kept by the shop only until it is sent. */
export function RefundAccountPanel({ order }: { order: Order }) {
  const { t } = useLingui();
  const needed = refundByTransfer(order);
  const view = useRefundAccount(order.id, needed);
  const give = useGiveRefundAccount(order.id);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [editing, setEditing] = useState(false);
  if (!needed || !view.data?.needed) return null;

  const error = give.error;
  const labels: Record<keyof Fields, string> = { holderName: t(LABELS.holderName), bank: t(LABELS.bank), accountNumber: t(LABELS.accountNumber) };
  const fieldErrors = serverFieldErrors(error, labels);
  const fieldError = (name: keyof Fields) => fieldErrors[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    give.mutate(fields, { onSuccess: () => setEditing(false) });
  };
  const account = view.data.account;

  if (account && !editing) {
    const holder = account.holderName;
    const bank = account.bank;
    const ending = account.accountNumberEnd;
    return (
      <div className="mt-3 text-sky-950">
        <p>
          <Trans>
            The shop transfers it to {holder}, {bank}, account ending {ending}.
          </Trans>
        </p>
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setEditing(true)}>
          <Trans>Change the account</Trans>
        </Button>
      </div>
    );
  }
  const input = (name: keyof Fields, extra: Record<string, string> = {}) => (
    <FormField id={`refund-${name}`} label={labels[name]} error={fieldError(name)}>
      <input
        {...fieldInputProps(`refund-${name}`, { error: fieldError(name) })}
        {...extra}
        value={fields[name]}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        required
      />
    </FormField>
  );
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-4" aria-label={t`Where to send your refund`} noValidate>
      <p className="font-normal text-sky-950">
        <Trans>A bank transfer is paid back by transfer: tell us the account to send it to.</Trans>
      </p>
      {input('holderName', { autoComplete: 'name' })}
      {input('bank', { placeholder: 'BCA, Mandiri, BNI...' })}
      {input('accountNumber', { inputMode: 'numeric' })}
      {error && Object.keys(fieldErrors).length === 0 && <Alert tone="danger">{errorMessage(error)}</Alert>}
      <div>
        <Button type="submit" variant="primary" size="sm" disabled={give.isPending}>
          <Trans>Send me the refund here</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Staff's side: the account and the amount, and "Refunded by transfer" once the money is sent. */
export function RefundTransferPanel({ order }: { order: StaffOrder }) {
  const { t } = useLingui();
  const view = useStaffRefundAccount(order.id, refundByTransfer(order));
  const record = useRecordTransfer(order.id);
  if (!refundByTransfer(order) || !view.data) return null;
  const account = view.data.account;
  const id = order.id;
  return (
    <div className="rounded-2xl bg-sky-50 px-4 py-3 text-sm text-sky-950" aria-label={t`Refund by transfer (order #${id})`} role="group">
      {account ? (
        <>
          <TransferTo amountIdr={view.data.amountIdr} account={account} />
          <Button size="sm" variant="accent" className="mt-2" disabled={record.isPending} onClick={() => record.mutate()}>
            <Trans>Refunded by transfer</Trans>
          </Button>
        </>
      ) : (
        <p>
          <Trans>The customer has not said yet which account to send the refund to.</Trans>
        </p>
      )}
      {record.error && <Alert tone="danger">{errorMessage(record.error)}</Alert>}
    </div>
  );
}

/** "Transfer IDR 67.200 to Ani, BCA 1234567890.": what staff send, and where. */
function TransferTo({ amountIdr, account }: { amountIdr: number; account: { holderName: string; bank: string; accountNumber: string } }) {
  const holder = account.holderName;
  const bank = account.bank;
  const number = account.accountNumber;
  return (
    <p>
      <Trans>
        Transfer <Price amount={amountIdr} className="font-medium" /> to {holder}, {bank} <span className="font-mono">{number}</span>.
      </Trans>
    </p>
  );
}
