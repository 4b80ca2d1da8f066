import { useState, type FormEvent, type ReactNode } from 'react';
import type { Report, ReportRange } from '@coffee/contract';
import { buttonStyles, Button } from '../../../components/ui/button';
import { ChoicePills } from '../../../components/ui/choice-pills';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { DAY_FORMAT_MESSAGE, dayText, parseCalendarDay } from '../../../lib/clock-text';
import { reportCsvUrl, useReport, type ReportAsk } from '../api/get-report';
import { BarTable, DayColumns, breakdowns } from './report-charts';

const RANGES: { value: ReportRange; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'custom', label: 'Choose days' },
];

/** The owner's reports: a range and a store chosen above, the figures, charts and tables below, and the downloads. */
/** The stores the filter offers, handed in by the route (a feature does not reach into another). */
export interface StoreChoice {
  id: number;
  name: string;
}

export function ReportsScreen({ stores }: { stores: readonly StoreChoice[] }) {
  const [ask, setAsk] = useState<ReportAsk>({ range: 'month' });
  const report = useReport(ask);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-bold text-ink">Reports</h1>
      <RangeForm ask={ask} onAsk={setAsk} stores={stores} />
      {report.isPending ? (
        <Spinner label="Loading the report" />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The report is not available: {errorMessage(report.error)}
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [d, f, t] = [parseCalendarDay(day), parseCalendarDay(from), parseCalendarDay(to)];
    const problems = {
      ...(range !== 'custom' && d === null ? { day: DAY_FORMAT_MESSAGE } : {}),
      ...(range === 'custom' && !f ? { from: f === '' ? 'Write the first day' : DAY_FORMAT_MESSAGE } : {}),
      ...(range === 'custom' && !t ? { to: t === '' ? 'Write the last day' : DAY_FORMAT_MESSAGE } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onAsk(range === 'custom' ? { range, from: f!, to: t!, storeId: storeId || undefined } : { range, date: d || undefined, storeId: storeId || undefined });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-card">
      <ChoicePills legend="Range" shape="pill" choices={RANGES} value={range} onChange={setRange} />
      <div className="grid gap-4 sm:grid-cols-3">
        {range === 'custom' ? (
          <>
            <FormField id="report-from" label="First day" hint="DD/MM/YYYY" error={errors.from}>
              <input inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} {...fieldInputProps('report-from', { error: errors.from, hint: true })} />
            </FormField>
            <FormField id="report-to" label="Last day" hint="DD/MM/YYYY" error={errors.to}>
              <input inputMode="numeric" value={to} onChange={(e) => setTo(e.target.value)} {...fieldInputProps('report-to', { error: errors.to, hint: true })} />
            </FormField>
          </>
        ) : (
          <FormField id="report-day" label={range === 'day' ? 'Day' : `A day in the ${range}`} hint="DD/MM/YYYY; empty for today" error={errors.day}>
            <input inputMode="numeric" value={day} onChange={(e) => setDay(e.target.value)} {...fieldInputProps('report-day', { error: errors.day, hint: true })} />
          </FormField>
        )}
        <FormField id="report-store" label="Store">
          <select value={storeId} onChange={(e) => setStoreId(e.target.value)} {...fieldInputProps('report-store')}>
            <option value="">Every store</option>
            {stores.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <Button type="submit" variant="primary" className="self-start">
        Show report
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
  const t = report.totals;
  const rows = breakdowns(report);
  const span = report.from === report.to ? dayText(report.from) : `${dayText(report.from)} to ${dayText(report.to)}`;
  return (
    <>
      <section aria-labelledby="report-totals" className="rounded-3xl bg-white p-6 shadow-card">
        <h2 id="report-totals" className="font-display text-xl font-bold text-ink">
          {span} · {report.storeName ?? 'Every store'}
        </h2>
        <p className="text-sm text-muted">Paid orders only, by when they were paid ({report.timeZone}).</p>
        <dl className="mt-3 grid grid-cols-2 gap-x-8 gap-y-3 sm:grid-cols-4">
          <Figure label="Sales">
            <Price amount={t.salesIdr} />
          </Figure>
          <Figure label="Orders">{t.orders}</Figure>
          <Figure label="Average ticket">
            <Price amount={t.averageTicketIdr} />
          </Figure>
          <Figure label="Items sold">{t.itemsSold}</Figure>
          <Figure label="Discounts">
            <Price amount={t.discountsIdr} />
          </Figure>
          <Figure label={`${report.tax.label} collected (${report.tax.ratePercent} %)`}>
            <Price amount={report.tax.collectedIdr} />
          </Figure>
          <Figure label={`Refunds (${report.refunds.orders})`}>
            <Price amount={report.refunds.amountIdr} />
          </Figure>
          <Figure label="Cancelled before payment">{report.cancellations.orders}</Figure>
        </dl>
        <p className="mt-3 text-xs text-muted">{report.tax.basis}</p>
        {report.byDay.length > 1 && (
          <div className="mt-4">
            <DayColumns days={report.byDay} />
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={reportCsvUrl(ask, 'report')} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            Download report (CSV)
          </a>
          <a href={reportCsvUrl(ask, 'orders')} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            Download orders (CSV)
          </a>
        </div>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <BarTable title="By product" rows={rows.products} countLabel="Items" />
        <BarTable title="By category" rows={rows.categories} countLabel="Items" />
        <BarTable title="By hour of the day" rows={rows.hours} countLabel="Orders" />
        <BarTable title="By weekday" rows={rows.weekdays} countLabel="Orders" />
        <BarTable title="By payment method" rows={rows.payments} countLabel="Orders" />
        <BarTable title="By channel" rows={rows.channels} countLabel="Orders" />
        <BarTable title="By store" rows={rows.stores} countLabel="Orders" />
      </div>
    </>
  );
}
