import type { Store } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY_METHOD_NAMES } from '../../../lib/contract-words';
import { weekdayIn } from '../../../lib/clock-text';
import { StoresList } from './loaded-stores';

/** The /stores page: every store with today's hours, whether it is open now, and what a rush means for ordering. */
export function StoreList() {
  return <StoresList className="grid gap-6 md:grid-cols-2" errorClassName="mx-auto max-w-xl" item={(store) => <StoreCard store={store} />} />;
}

function StoreCard({ store }: { store: Store }) {
  const { t } = useLingui();
  const headingId = `store-${store.id}`;
  const { hours, openNow } = store.today;
  // Open, but paused for online orders: the badge says so rather than "Open now" beside "not taking online orders".
  const badge = !openNow ? t`Closed now` : store.paused ? t`Open · no online orders` : t`Open now`;
  const from = hours?.from;
  const to = hours?.to;
  return (
    <article aria-labelledby={headingId} className="h-full rounded-3xl bg-white p-6 shadow-card">
      <div className="flex items-start justify-between gap-4">
        <h2 id={headingId} className="font-display text-xl font-bold text-espresso">
          {store.name}
        </h2>
        <span
          className={
            openNow && !store.paused ? 'rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800' : 'rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-700'
          }
        >
          {badge}
        </span>
      </div>
      <p className="mt-2 text-muted">{store.address}</p>
      {store.phone && (
        <p className="mt-1">
          <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`} className="text-espresso underline">
            {store.phone}
          </a>
        </p>
      )}
      <p className="mt-3 text-ink">{hours ? t`Today ${from}–${to}` : t`Closed today`}</p>
      <p className="mt-1 text-sm text-muted">
        {store.deliveryMethods.map((m) => t(DELIVERY_METHOD_NAMES[m])).join(' · ')}
      </p>
      <details className="mt-3 text-sm text-muted">
        <summary className="cursor-pointer">
          <Trans>Opening hours</Trans>
        </summary>
        <ul className="mt-2">
          {[1, 2, 3, 4, 5, 6, 7].map((isoDay) => {
            const h = store.openingHours.find((o) => o.day === isoDay);
            return <li key={isoDay}>{`${weekdayIn(isoDay, 'short')}: ${h ? `${h.from}–${h.to}` : t`closed`}`}</li>;
          })}
        </ul>
      </details>
      {store.notice && (
        <p role="status" className="mt-4 rounded-2xl border border-crema bg-crema-soft px-4 py-3 text-sm text-espresso-deep">
          {store.notice}
        </p>
      )}
    </article>
  );
}
