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
import { DAY_FORMAT_MESSAGE, dayName, dayText, parseCalendarDay } from '../../../lib/clock-text';
import { cn } from '../../../lib/cn';
import { useReconciliation } from '../api/get-reconciliation';

/** 'YYYY-MM-DD' moved by whole days. */
const shiftDay = (iso: string, days: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const PAYMENT_WORDS: Record<ReconciliationLine['paymentStatus'], string> = {
  'awaiting-payment': 'awaiting payment',
  'cash-on-delivery': 'cash on hand-over',
  paid: 'paid',
};
const REFUND_WORDS: Record<NonNullable<ReconciliationLine['refundStatus']>, string> = { 'refund-due': 'refund due', refunded: 'refunded' };

/** The order's state in the shop, in words: status, payment and refund. */
const shopState = (line: ReconciliationLine): string =>
  [ORDER_STATUS_LABELS[line.orderStatus], PAYMENT_WORDS[line.paymentStatus], line.refundStatus && REFUND_WORDS[line.refundStatus]].filter(Boolean).join(', ');

const GATEWAY_REFUND_WORDS: Record<NonNullable<ReconciliationLine['gatewayRefund']>, string> = {
  requested: 'refund under way',
  refunded: 'refunded by the shop',
  failed: 'refund failed',
};

/** The gateway's state as the shop last saw it, with a refund the shop made there. */
const gatewayState = (line: ReconciliationLine): string =>
  line.gatewayRefund ? `${line.gatewayStatus} (${GATEWAY_REFUND_WORDS[line.gatewayRefund]})` : line.gatewayStatus;

function LineCard({ line }: { line: ReconciliationLine }) {
  return (
    <li className={cn('min-w-0 rounded-3xl bg-white p-5 shadow-card', line.problem && 'border-2 border-red-400')}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={paths.staffOrder.getHref(line.orderId)} className="font-display text-lg font-bold text-espresso underline underline-offset-4">
          Order #{line.orderId}
        </Link>
        <Price amount={line.amountIdr} className="font-display font-bold text-ink" />
      </div>
      {line.problemText && <p className="mt-2 font-semibold break-words text-red-800">{line.problemText}</p>}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Store</dt>
        <dd className="break-words">{line.storeName ?? 'None recorded'}</dd>
        <dt className="text-muted">Method</dt>
        <dd>{line.method}</dd>
        <dt className="text-muted">Payment service</dt>
        <dd className="break-words">{gatewayState(line)}</dd>
        <dt className="text-muted">Shop</dt>
        <dd className="break-words">{shopState(line)}</dd>
        {line.orderTotalIdr !== line.amountIdr && (
          <>
            <dt className="text-muted">Order total</dt>
            <dd><Price amount={line.orderTotalIdr} /></dd>
          </>
        )}
        <dt className="text-muted">Reference</dt>
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
        <Button variant="outline" size="sm" disabled={!shown} onClick={() => shown && setDate(shiftDay(shown, -1))}>Previous day</Button>
        <Button variant="outline" size="sm" disabled={!shown} onClick={() => shown && setDate(shiftDay(shown, 1))}>Next day</Button>
        <form onSubmit={choose} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
            Day
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
          <Button type="submit" size="sm">Show</Button>
        </form>
      </div>
      {typo && <p id="reconciliation-day-error" className="mt-2 text-sm text-red-800">{DAY_FORMAT_MESSAGE}</p>}
      <div className="mt-8">
        {day.isPending ? (
          <Spinner label="Loading the charges" />
        ) : day.isError ? (
          <ErrorState title="We couldn't load the charges" message={errorMessage(day.error)} onRetry={() => void day.refetch()} retrying={day.isFetching} />
        ) : (
          <>
            <h2 className="font-display text-2xl font-bold text-espresso">{dayName(day.data.date, true)}</h2>
            {day.data.lines.length === 0 ? (
              <p className="mt-4 text-muted">No charges at the payment service on this day.</p>
            ) : (
              <>
                <Alert tone={day.data.disagreements > 0 ? 'danger' : 'success'} className="mt-4">
                  {day.data.disagreements > 0
                    ? `${day.data.disagreements} of ${day.data.lines.length} charges disagree with their orders: they are listed first.`
                    : `All ${day.data.lines.length} charges agree with their orders.`}
                </Alert>
                <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Charges, disagreements first">
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
