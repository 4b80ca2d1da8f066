import { useState, type FormEvent, type ReactNode } from 'react';
import type { Report, ReportRange } from '@coffee/contract';
import { buttonStyles, Button } from '../../../components/ui/button';
import { ChoicePills } from '../../../components/ui/choice-pills';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { dayText, parseCalendarDay } from '../../../lib/clock-text';
import { reportCsvUrl, useReport, type ReportAsk } from '../api/get-report';
import { BarTable, DayColumns, breakdowns } from './report-charts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const RANGES: { value: ReportRange; label: MessageDescriptor }[] = [
  { value: 'day', label: msg`Day` },
  { value: 'week', label: msg`Week` },
  { value: 'month', label: msg`Month` },
  { value: 'custom', label: msg`Choose days` },
];

const DAY_FORMAT = msg`Write the day as DD/MM/YYYY, e.g. 26/11/2026`;

/** The owner's reports: a range and a store chosen above, the figures, charts and tables below, and the downloads. */
/** The stores the filter offers, handed in by the route (a feature does not reach into another). */
export interface StoreChoice {
  id: number;
  name: string;
}

export function ReportsScreen({ stores }: { stores: readonly StoreChoice[] }) {
  const { t } = useLingui();
  const [ask, setAsk] = useState<ReportAsk>({ range: 'month' });
  const report = useReport(ask);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-bold text-ink">
        <Trans>Reports</Trans>
      </h1>
      <RangeForm ask={ask} onAsk={setAsk} stores={stores} />
      {report.isPending ? (
        <Spinner label={t`Loading the report`} />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-red-800">
          <ReportFailure error={report.error} />
        </p>
      ) : (
        <ReportBody report={report.data} ask={ask} />
      )}
    </div>
  );
}

/** Range, day (or first and last day) and store. Days are typed day first, like every day field of the app. */
function RangeForm({ ask, onAsk, stores }: { ask: ReportAsk; onAsk: (ask: ReportAsk) => void; stores: readonly StoreChoice[] }) {
  const [range, setRange] = useState<ReportRange>(ask.range);
  const [day, setDay] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [storeId, setStoreId] = useState('');
  const [errors, setErrors] = useState<{ day?: string; from?: string; to?: string }>({});
  const { t } = useLingui();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [d, f, l] = [parseCalendarDay(day), parseCalendarDay(from), parseCalendarDay(to)];
    const problems = {
      ...(range !== 'custom' && d === null ? { day: t(DAY_FORMAT) } : {}),
      ...(range === 'custom' && !f ? { from: f === '' ? t`Write the first day` : t(DAY_FORMAT) } : {}),
      ...(range === 'custom' && !l ? { to: l === '' ? t`Write the last day` : t(DAY_FORMAT) } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onAsk(range === 'custom' ? { range, from: f!, to: l!, storeId: storeId || undefined } : { range, date: d || undefined, storeId: storeId || undefined });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-card">
      <ChoicePills legend={t`Range`} shape="pill" choices={RANGES.map((choice) => ({ value: choice.value, label: t(choice.label) }))} value={range} onChange={setRange} />
      <div className="grid gap-4 sm:grid-cols-3">
        {range === 'custom' ? (
          <>
            <FormField id="report-from" label={t`First day`} hint="DD/MM/YYYY" error={errors.from}>
              <input inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} {...fieldInputProps('report-from', { error: errors.from, hint: true })} />
            </FormField>
            <FormField id="report-to" label={t`Last day`} hint="DD/MM/YYYY" error={errors.to}>
              <input inputMode="numeric" value={to} onChange={(e) => setTo(e.target.value)} {...fieldInputProps('report-to', { error: errors.to, hint: true })} />
            </FormField>
          </>
        ) : (
          <FormField
            id="report-day"
            label={range === 'day' ? t`Day` : range === 'week' ? t`A day in the week` : t`A day in the month`}
            hint={t`DD/MM/YYYY; empty for today`}
            error={errors.day}
          >
            <input inputMode="numeric" value={day} onChange={(e) => setDay(e.target.value)} {...fieldInputProps('report-day', { error: errors.day, hint: true })} />
          </FormField>
        )}
        <FormField id="report-store" label={t`Store`}>
          <select value={storeId} onChange={(e) => setStoreId(e.target.value)} {...fieldInputProps('report-store')}>
            <option value="">{t`Every store`}</option>
            {stores.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <Button type="submit" variant="primary" className="self-start">
        <Trans>Show report</Trans>
      </Button>
    </form>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-display text-2xl font-bold text-espresso">{children}</dd>
    </div>
  );
}

function ReportBody({ report, ask }: { report: Report; ask: ReportAsk }) {
  const { t, i18n } = useLingui();
  const totals = report.totals;
  const rows = breakdowns(report, i18n);
  const first = dayText(report.from);
  const last = dayText(report.to);
  const span = report.from === report.to ? first : t`${first} to ${last}`;
  const store = report.storeName ?? t`Every store`;
  const timeZone = report.timeZone;
  const tax = report.tax.label;
  const rate = report.tax.ratePercent;
  const refunds = report.refunds.orders;
  return (
    <>
      <section aria-labelledby="report-totals" className="rounded-3xl bg-white p-6 shadow-card">
        <h2 id="report-totals" className="font-display text-xl font-bold text-ink">
          {span} · {store}
        </h2>
        <p className="text-sm text-muted">
          <Trans>Paid orders only, by when they were paid ({timeZone}).</Trans>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-8 gap-y-3 sm:grid-cols-4">
          <Figure label={t`Sales`}>
            <Price amount={totals.salesIdr} />
          </Figure>
          <Figure label={t`Orders`}>{totals.orders}</Figure>
          <Figure label={t`Average ticket`}>
            <Price amount={totals.averageTicketIdr} />
          </Figure>
          <Figure label={t`Items sold`}>{totals.itemsSold}</Figure>
          <Figure label={t`Discounts`}>
            <Price amount={totals.discountsIdr} />
          </Figure>
          <Figure label={t`${tax} collected (${rate} %)`}>
            <Price amount={report.tax.collectedIdr} />
          </Figure>
          <Figure label={t`Refunds (${refunds})`}>
            <Price amount={report.refunds.amountIdr} />
          </Figure>
          <Figure label={t`Cancelled before payment`}>{report.cancellations.orders}</Figure>
        </dl>
        {/* Worded here from the tax's name and rate, as the API's `basis` (English, for its other readers) says it. */}
        <p className="mt-3 text-xs text-muted">
          <Trans>
            Menu prices exclude {tax}: each order adds {rate} % of its items after the coupon discount (delivery fee untaxed),
            rounded to the rupiah once per order. Collected is the sum of what the paid orders were charged.
          </Trans>
        </p>
        {report.byDay.length > 1 && (
          <div className="mt-4">
            <DayColumns days={report.byDay} />
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={reportCsvUrl(ask, 'report')} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            <Trans>Download report (CSV)</Trans>
          </a>
          <a href={reportCsvUrl(ask, 'orders')} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            <Trans>Download orders (CSV)</Trans>
          </a>
        </div>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <BarTable title={t`By product`} rows={rows.products} countLabel={t`Items`} />
        <BarTable title={t`By category`} rows={rows.categories} countLabel={t`Items`} />
        <BarTable title={t`By hour of the day`} rows={rows.hours} countLabel={t`Orders`} />
        <BarTable title={t`By weekday`} rows={rows.weekdays} countLabel={t`Orders`} />
        <BarTable title={t`By payment method`} rows={rows.payments} countLabel={t`Orders`} />
        <BarTable title={t`By channel`} rows={rows.channels} countLabel={t`Orders`} />
        <BarTable title={t`By store`} rows={rows.stores} countLabel={t`Orders`} />
      </div>
    </>
  );
}

/** Why the report is missing: the API's reason (in the screen's language) in one sentence. */
function ReportFailure({ error }: { error: unknown }) {
  const reason = errorMessage(error);
  return <Trans>The report is not available: {reason}</Trans>;
}
