import { useState, type FormEvent } from 'react';
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
const LABELS: Record<keyof Fields, string> = { holderName: 'Name on the account', bank: 'Bank', accountNumber: 'Account number' };

/** The customer's side: where to send the money back, kept by the shop only until it is sent. */
export function RefundAccountPanel({ order }: { order: Order }) {
  const needed = refundByTransfer(order);
  const view = useRefundAccount(order.id, needed);
  const give = useGiveRefundAccount(order.id);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [editing, setEditing] = useState(false);
  if (!needed || !view.data?.needed) return null;

  const error = give.error;
  const fieldErrors = serverFieldErrors(error, LABELS);
  const fieldError = (name: keyof Fields) => fieldErrors[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    give.mutate(fields, { onSuccess: () => setEditing(false) });
  };
  const account = view.data.account;

  if (account && !editing) {
    return (
      <div className="mt-3 text-sky-950">
        <p>
          The shop transfers it to {account.holderName}, {account.bank}, account ending {account.accountNumberEnd}.
        </p>
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setEditing(true)}>
          Change the account
        </Button>
      </div>
    );
  }
  const input = (name: keyof Fields, extra: Record<string, string> = {}) => (
    <FormField id={`refund-${name}`} label={LABELS[name]} error={fieldError(name)}>
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
    <form onSubmit={submit} className="mt-4 flex flex-col gap-4" aria-label="Where to send your refund" noValidate>
      <p className="font-normal text-sky-950">A bank transfer is paid back by transfer: tell us the account to send it to.</p>
      {input('holderName', { autoComplete: 'name' })}
      {input('bank', { placeholder: 'BCA, Mandiri, BNI...' })}
      {input('accountNumber', { inputMode: 'numeric' })}
      {error && Object.keys(fieldErrors).length === 0 && <Alert tone="danger">{errorMessage(error)}</Alert>}
      <div>
        <Button type="submit" variant="primary" size="sm" disabled={give.isPending}>
          Send me the refund here
        </Button>
      </div>
    </form>
  );
}

/** Staff's side: the account and the amount, and "Refunded by transfer" once the money is sent. */
export function RefundTransferPanel({ order }: { order: StaffOrder }) {
  const view = useStaffRefundAccount(order.id, refundByTransfer(order));
  const record = useRecordTransfer(order.id);
  if (!refundByTransfer(order) || !view.data) return null;
  const account = view.data.account;
  return (
    <div className="rounded-2xl bg-sky-50 px-4 py-3 text-sm text-sky-950" aria-label={`Refund by transfer (order #${order.id})`} role="group">
      {account ? (
        <>
          <p>
            Transfer <Price amount={view.data.amountIdr} className="font-medium" /> to {account.holderName}, {account.bank}{' '}
            <span className="font-mono">{account.accountNumber}</span>.
          </p>
          <Button size="sm" variant="accent" className="mt-2" disabled={record.isPending} onClick={() => record.mutate()}>
            Refunded by transfer
          </Button>
        </>
      ) : (
        <p>The customer has not said yet which account to send the refund to.</p>
      )}
      {record.error && <Alert tone="danger">{errorMessage(record.error)}</Alert>}
    </div>
  );
}
