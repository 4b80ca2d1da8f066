import type { Report } from '@coffee/contract';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Price } from '../../../components/ui/price';
import { weekdayIn } from '../../../lib/clock-text';
import { CATEGORY_NAMES, DELIVERY_METHOD_NAMES } from '../../../lib/contract-words';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payment-words';
import { isLanguage } from '../../../lib/i18n';

const COLUMN = 14;
const GAP = 4;
const HEIGHT = 120;

/** Sales per day as columns: hand-drawn SVG, like the day's chart (no charting library for a few dozen bars). */
export function DayColumns({ days }: { days: Report['byDay'] }) {
  const { t } = useLingui();
  const most = Math.max(1, ...days.map((d) => d.salesIdr));
  const width = days.length * (COLUMN + GAP);
  const busiest = [...days].sort((a, b) => b.salesIdr - a.salesIdr)[0];
  const count = days.length;
  const best = busiest && busiest.salesIdr > 0 ? busiest.date : null;
  return (
    <figure className="overflow-x-auto">
      <svg
        role="img"
        aria-label={
          best
            ? t`Sales per day, ${plural(count, { one: '# day', other: '# days' })}; the best day ${best}`
            : t`Sales per day, ${plural(count, { one: '# day', other: '# days' })}`
        }
        width={width}
        height={HEIGHT + 16}
        viewBox={`0 0 ${width} ${HEIGHT + 16}`}
      >
        {days.map((d, i) => {
          const date = d.date;
          const orders = d.orders;
          const h = d.salesIdr === 0 ? 0 : Math.max(2, Math.round((d.salesIdr / most) * HEIGHT));
          return (
            <g key={d.date} data-testid="day-column">
              <title>{t`${date}: ${orders} orders`}</title>
              <rect x={i * (COLUMN + GAP)} y={HEIGHT - h} width={COLUMN} height={h} rx={3} className="fill-espresso" />
              {(days.length <= 7 || d.date.endsWith('01') || Number(d.date.slice(8)) % 5 === 0) && (
                <text x={i * (COLUMN + GAP) + COLUMN / 2} y={HEIGHT + 12} textAnchor="middle" fontSize="9" className="fill-muted">
                  {Number(d.date.slice(8))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted">
        <Trans>Sales per day (shop time)</Trans>
      </figcaption>
    </figure>
  );
}

export interface BarRow {
  key: string;
  label: string;
  /** Orders, or items for products and categories. */
  count: number;
  salesIdr: number;
}

/**
 * A breakdown as a table a person reads at a glance: each row's share of the sales drawn as a bar behind its
 * figures (CSS widths, nothing to load), the numbers in the cells for screen readers and copying.
 */
export function BarTable({ title, rows, countLabel }: { title: string; rows: readonly BarRow[]; countLabel: string }) {
  const most = Math.max(1, ...rows.map((r) => r.salesIdr));
  return (
    <section className="rounded-3xl bg-white p-5 shadow-card" aria-label={title}>
      <h3 className="font-display text-lg font-bold text-ink">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          <Trans>No sales in this range.</Trans>
        </p>
      ) : (
        <table className="mt-2 w-full table-fixed text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{countLabel}</th>
              <th scope="col">
                <Trans>Sales</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="relative">
                <td className="relative py-1.5 pr-2">
                  <span aria-hidden="true" className="absolute inset-y-1 left-0 rounded bg-crema-soft" style={{ width: `${Math.round((r.salesIdr / most) * 100)}%` }} />
                  <span className="relative break-words">{r.label}</span>
                </td>
                <td className="w-16 py-1.5 text-right text-muted">{r.count}</td>
                <td className="w-28 py-1.5 text-right font-medium text-ink">
                  <Price amount={r.salesIdr} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A label the screen words itself when it knows the key, else the API's. */
const wordOr = <Key extends string>(names: Partial<Record<Key, MessageDescriptor | string>>, key: string, fallback: string, i18n: I18n): string => {
  const name = names[key as Key];
  return name === undefined ? fallback : typeof name === 'string' ? name : i18n._(name);
};

/**
 * Every breakdown of a report as rows for BarTable, hours and weekdays in clock order, the rest by sales; the words
 * (weekdays, categories, payment methods, channels) in i18n's language.
 */
export function breakdowns(report: Report, i18n: I18n) {
  return {
    hours: report.byHour.filter((h) => h.orders > 0).map((h) => ({ key: String(h.hour), label: `${pad(h.hour)}:00`, count: h.orders, salesIdr: h.salesIdr })),
    weekdays: report.byWeekday.map((w) => ({ key: String(w.weekday), label: weekdayIn(w.weekday, 'long', isLanguage(i18n.locale) ? i18n.locale : 'en') || w.name, count: w.orders, salesIdr: w.salesIdr })),
    stores: report.byStore.map((s) => ({ key: String(s.storeId), label: s.name, count: s.orders, salesIdr: s.salesIdr })),
    payments: report.byPaymentMethod.map((m) => ({ key: m.method, label: wordOr(PAYMENT_METHOD_NAMES, m.method, m.label, i18n), count: m.orders, salesIdr: m.salesIdr })),
    channels: report.byChannel.map((c) => ({ key: c.channel, label: wordOr(DELIVERY_METHOD_NAMES, c.channel, c.label, i18n), count: c.orders, salesIdr: c.salesIdr })),
    products: report.byProduct.map((p) => ({ key: String(p.productId), label: p.name, count: p.quantity, salesIdr: p.salesIdr })),
    categories: report.byCategory.map((c) => ({ key: c.category, label: wordOr(CATEGORY_NAMES, c.category, c.category, i18n), count: c.quantity, salesIdr: c.salesIdr })),
  };
}
