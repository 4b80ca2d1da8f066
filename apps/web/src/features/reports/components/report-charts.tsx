import { CATEGORY_LABELS, type Category, type Report } from '@coffee/contract';
import { Price } from '../../../components/ui/price';

const COLUMN = 14;
const GAP = 4;
const HEIGHT = 120;

/** Sales per day as columns: hand-drawn SVG, like the day's chart (no charting library for a few dozen bars). */
export function DayColumns({ days }: { days: Report['byDay'] }) {
  const most = Math.max(1, ...days.map((d) => d.salesIdr));
  const width = days.length * (COLUMN + GAP);
  const busiest = [...days].sort((a, b) => b.salesIdr - a.salesIdr)[0];
  return (
    <figure className="overflow-x-auto">
      <svg
        role="img"
        aria-label={`Sales per day, ${days.length} days${busiest && busiest.salesIdr > 0 ? `; the best day ${busiest.date}` : ''}`}
        width={width}
        height={HEIGHT + 16}
        viewBox={`0 0 ${width} ${HEIGHT + 16}`}
      >
        {days.map((d, i) => {
          const h = d.salesIdr === 0 ? 0 : Math.max(2, Math.round((d.salesIdr / most) * HEIGHT));
          return (
            <g key={d.date} data-testid="day-column">
              <title>{`${d.date}: ${d.orders} orders`}</title>
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
      <figcaption className="text-xs text-muted">Sales per day (shop time)</figcaption>
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
        <p className="mt-2 text-sm text-muted">No sales in this range.</p>
      ) : (
        <table className="mt-2 w-full table-fixed text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{countLabel}</th>
              <th scope="col">Sales</th>
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
const categoryLabel = (c: string) => CATEGORY_LABELS[c as Category] ?? c;

/** Every breakdown of a report as rows for BarTable, hours and weekdays in clock order, the rest by sales. */
export function breakdowns(report: Report) {
  return {
    hours: report.byHour.filter((h) => h.orders > 0).map((h) => ({ key: String(h.hour), label: `${pad(h.hour)}:00`, count: h.orders, salesIdr: h.salesIdr })),
    weekdays: report.byWeekday.map((w) => ({ key: String(w.weekday), label: w.name, count: w.orders, salesIdr: w.salesIdr })),
    stores: report.byStore.map((s) => ({ key: String(s.storeId), label: s.name, count: s.orders, salesIdr: s.salesIdr })),
    payments: report.byPaymentMethod.map((m) => ({ key: m.method, label: m.label, count: m.orders, salesIdr: m.salesIdr })),
    channels: report.byChannel.map((c) => ({ key: c.channel, label: c.label, count: c.orders, salesIdr: c.salesIdr })),
    products: report.byProduct.map((p) => ({ key: String(p.productId), label: p.name, count: p.quantity, salesIdr: p.salesIdr })),
    categories: report.byCategory.map((c) => ({ key: c.category, label: categoryLabel(c.category), count: c.quantity, salesIdr: c.salesIdr })),
  };
}
