import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS, type ReconciliationLine } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { DAY_FORMAT, dayName, dayText, parseCalendarDay } from '../../../lib/clock-text';
import { cn } from '../../../lib/cn';
import { useReconciliation } from '../api/get-reconciliation';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** 'YYYY-MM-DD' moved by whole days. */
const shiftDay = (iso: string, days: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const PAYMENT_WORDS: Record<ReconciliationLine['paymentStatus'], MessageDescriptor> = {
  'awaiting-payment': msg`awaiting payment`,
  'cash-on-delivery': msg`cash on hand-over`,
  paid: msg`paid`,
};
const REFUND_WORDS: Record<NonNullable<ReconciliationLine['refundStatus']>, MessageDescriptor> = { 'refund-due': msg`refund due`, refunded: msg`refunded` };

/**
 * The order's state in the shop, in words: status, payment and refund, a list of three states (each its own word).
 * The status is the contract's label, worded by the contract's catalogue.
 */
const shopState = (line: ReconciliationLine, i18n: I18n): string =>
  [i18n._(ORDER_STATUS_LABELS[line.orderStatus]), i18n._(PAYMENT_WORDS[line.paymentStatus]), line.refundStatus && i18n._(REFUND_WORDS[line.refundStatus])]
    .filter(Boolean)
    .join(', ');

const GATEWAY_REFUND_WORDS: Record<NonNullable<ReconciliationLine['gatewayRefund']>, MessageDescriptor> = {
  requested: msg`refund under way`,
  refunded: msg`refunded by the shop`,
  failed: msg`refund failed`,
};

/** The gateway's state as the shop last saw it (its own word, e.g. 'settlement'), with a refund the shop made there. */
const gatewayState = (line: ReconciliationLine, i18n: I18n): string => {
  const status = line.gatewayStatus;
  if (!line.gatewayRefund) return status;
  const refund = i18n._(GATEWAY_REFUND_WORDS[line.gatewayRefund]);
  return i18n._(msg`${status} (${refund})`);
};


function LineCard({ line }: { line: ReconciliationLine }) {
  const { t, i18n } = useLingui();
  const orderId = line.orderId;
  return (
    <li className={cn('min-w-0 rounded-3xl bg-white p-5 shadow-card', line.problem && 'border-2 border-red-400')}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={paths.staffOrder.getHref(line.orderId)} className="font-display text-lg font-bold text-espresso underline underline-offset-4">
          <Trans>Order #{orderId}</Trans>
        </Link>
        <Price amount={line.amountIdr} className="font-display font-bold text-ink" />
      </div>
      {line.problemText && <p className="mt-2 font-semibold break-words text-red-800">{line.problemText}</p>}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">
          <Trans>Store</Trans>
        </dt>
        <dd className="break-words">{line.storeName ?? t`None recorded`}</dd>
        <dt className="text-muted">
          <Trans>Method</Trans>
        </dt>
        <dd>{line.method}</dd>
        <dt className="text-muted">
          <Trans>Payment service</Trans>
        </dt>
        <dd className="break-words">{gatewayState(line, i18n)}</dd>
        <dt className="text-muted">
          <Trans>Shop</Trans>
        </dt>
        <dd className="break-words">{shopState(line, i18n)}</dd>
        {line.orderTotalIdr !== line.amountIdr && (
          <>
            <dt className="text-muted">
              <Trans>Order total</Trans>
            </dt>
            <dd><Price amount={line.orderTotalIdr} /></dd>
          </>
        )}
        <dt className="text-muted">
          <Trans>Reference</Trans>
        </dt>
        <dd className="break-all">{line.reference}</dd>
      </dl>
    </li>
  );
}

/**
 * The owner's reconciliation: one shop day's charges at the payment service beside their orders, the ones that
 * disagree first and outlined. The day is typed day first, or moved a day at a time.
 */
export function ReconciliationView() {
  const { t } = useLingui();
  const [date, setDate] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [typo, setTypo] = useState(false);
  const day = useReconciliation(date);
  const shown = date ?? day.data?.date;

  const choose = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCalendarDay(typed);
    setTypo(!parsed);
    if (parsed) setDate(parsed);
  };

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="outline" size="sm" disabled={!shown} onClick={() => shown && setDate(shiftDay(shown, -1))}>
          <Trans>Previous day</Trans>
        </Button>
        <Button variant="outline" size="sm" disabled={!shown} onClick={() => shown && setDate(shiftDay(shown, 1))}>
          <Trans>Next day</Trans>
        </Button>
        <form onSubmit={choose} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
            <Trans>Day</Trans>
            <input
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={shown ? dayText(shown) : 'DD/MM/YYYY'}
              inputMode="numeric"
              aria-invalid={typo}
              aria-describedby={typo ? 'reconciliation-day-error' : undefined}
              className="w-36 rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
            />
          </label>
          <Button type="submit" size="sm">
            <Trans>Show</Trans>
          </Button>
        </form>
      </div>
      {typo && <p id="reconciliation-day-error" className="mt-2 text-sm text-red-800">{t(DAY_FORMAT)}</p>}
      <div className="mt-8">
        {day.isPending ? (
          <Spinner label={t`Loading the charges`} />
        ) : day.isError ? (
          <ErrorState title={t`We couldn't load the charges`} message={errorMessage(day.error)} onRetry={() => void day.refetch()} retrying={day.isFetching} />
        ) : (
          <>
            <h2 className="font-display text-2xl font-bold text-espresso">{dayName(day.data.date, true)}</h2>
            {day.data.lines.length === 0 ? (
              <p className="mt-4 text-muted">
                <Trans>No charges at the payment service on this day.</Trans>
              </p>
            ) : (
              <>
                <Alert tone={day.data.disagreements > 0 ? 'danger' : 'success'} className="mt-4">
                  <Agreement disagreements={day.data.disagreements} charges={day.data.lines.length} />
                </Alert>
                <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label={t`Charges, disagreements first`}>
                  {day.data.lines.map((line) => <LineCard key={line.reference} line={line} />)}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** How many of the day's charges disagree with their orders, as one sentence. */
function Agreement({ disagreements, charges }: { disagreements: number; charges: number }) {
  const { t } = useLingui();
  return disagreements > 0
    ? t`${disagreements} of ${charges} charges disagree with their orders: they are listed first.`
    : t`All ${charges} charges agree with their orders.`;
}
