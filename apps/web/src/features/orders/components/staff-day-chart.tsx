import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { StaffDayStats } from '@coffee/contract';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useStaffStats } from '../api/get-staff-stats';

const BAR_WIDTH = 28;
const GAP = 10;
const CHART_HEIGHT = 120;
const LABEL_SPACE = 18;

/**
 * Today at a glance on the staff screen: orders, sales, the busiest hours and each store, with orders per hour as
 * bars. Hand-drawn SVG rather than a charting library: a dozen bars do not need one, and the screen stays light.
 * Loaded lazily, so only the staff route downloads it.
 */
export default function StaffDayChart() {
  const { t } = useLingui();
  const stats = useStaffStats();
  if (stats.isPending) return <Spinner label={t`Loading today's figures`} />;
  if (stats.isError) {
    const reason = errorMessage(stats.error);
    return (
      <p className="text-sm text-muted">
        <Trans>Today's figures are not available: {reason}</Trans>
      </p>
    );
  }
  return <DayFigures day={stats.data} />;
}

/**
 * Every hour from the first to the last with orders, in clock order: the API leaves hours without orders out, and a
 * chart of those alone put 10 beside 19 as if they were neighbours.
 */
export function everyHour(slots: StaffDayStats['slots']): StaffDayStats['slots'] {
  const byHour = new Map(slots.map((slot) => [Number(slot.time.slice(0, 2)), slot.orders]));
  const hours = [...byHour.keys()];
  if (hours.length === 0) return [];
  const hour = (h: number) => ({ time: `${String(h).padStart(2, '0')}:00`, orders: byHour.get(h) ?? 0 });
  return Array.from({ length: Math.max(...hours) - Math.min(...hours) + 1 }, (_, i) => hour(Math.min(...hours) + i));
}

export function DayFigures({ day }: { day: StaffDayStats }) {
  const { t } = useLingui();
  const hours = everyHour(day.slots);
  const most = Math.max(1, ...hours.map((s) => s.orders));
  const width = Math.max(1, hours.length) * (BAR_WIDTH + GAP);
  const perHour = day.slots.map((s) => `${s.time} ${s.orders}`).join(', ');
  return (
    <section aria-labelledby="day-at-a-glance" className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id="day-at-a-glance" className="font-display text-xl font-bold text-ink">
        <Trans>Today at a glance</Trans>
      </h2>
      <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-muted">
            <Trans>Orders</Trans>
          </dt>
          <dd className="font-display text-2xl font-bold text-espresso">{day.orders}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">
            <Trans>Sales</Trans>
          </dt>
          <dd className="font-display text-2xl font-bold text-espresso">
            <Price amount={day.salesIdr} />
          </dd>
        </div>
        {day.cancelled > 0 && (
          <div>
            <dt className="text-sm text-muted">
              <Trans>Cancelled</Trans>
            </dt>
            <dd className="font-display text-2xl font-bold text-muted">{day.cancelled}</dd>
          </div>
        )}
        {day.busiestSlots.length > 0 && (
          <div>
            <dt className="text-sm text-muted">
              <Trans>Busiest</Trans>
            </dt>
            <dd className="font-medium text-ink">{day.busiestSlots.map((s) => `${s.time} (${s.orders})`).join(', ')}</dd>
          </div>
        )}
      </dl>

      {day.slots.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          <Trans>No orders for today yet.</Trans>
        </p>
      ) : (
        <figure className="mt-4 overflow-x-auto">
          <svg
            role="img"
            aria-label={t`Orders per hour: ${perHour}`}
            width={width}
            height={CHART_HEIGHT + LABEL_SPACE * 2}
            viewBox={`0 0 ${width} ${CHART_HEIGHT + LABEL_SPACE * 2}`}
          >
            {hours.map((slot, i) => {
              const height = slot.orders === 0 ? 0 : Math.max(2, Math.round((slot.orders / most) * CHART_HEIGHT));
              const x = i * (BAR_WIDTH + GAP) + GAP / 2;
              const y = LABEL_SPACE + CHART_HEIGHT - height;
              return (
                <g key={slot.time} data-testid="hour-bar">
                  <rect x={x} y={y} width={BAR_WIDTH} height={height} rx={4} className="fill-espresso" />
                  <text x={x + BAR_WIDTH / 2} y={y - 4} textAnchor="middle" fontSize="11" className="fill-ink">
                    {slot.orders}
                  </text>
                  <text x={x + BAR_WIDTH / 2} y={LABEL_SPACE * 2 + CHART_HEIGHT - 4} textAnchor="middle" fontSize="10" className="fill-muted">
                    {slot.time.slice(0, 2)}
                  </text>
                </g>
              );
            })}
          </svg>
          <figcaption className="text-xs text-muted">
            <Trans>Orders per hour the customers get them (shop time)</Trans>
          </figcaption>
        </figure>
      )}

      {day.stores.length > 1 && (
        <ul className="mt-4 grid gap-1 text-sm">
          {day.stores.map((store) => {
            const orders = store.orders;
            return (
              <li key={store.storeId ?? 'none'} className="flex justify-between gap-4">
                <span>{store.storeName}</span>
                <span>
                  <Plural value={orders} one="# order" other="# orders" /> · <Price amount={store.salesIdr} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
