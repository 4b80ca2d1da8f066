import { useState } from 'react';
import type { Store } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { TIME_FORMAT, parseClockTime } from '../../../lib/clock-text';
import { StoresList } from './loaded-stores';
import { useSetStoreRush } from '../api/set-store-rush';

const EXTRA_MINUTES = [0, 10, 15, 20, 30, 45, 60];

/** Staff: each store's rush controls. A pause or extra minutes apply to the next slot list and the next order. */
export function StoreRushControls() {
  return <StoresList className="flex flex-col gap-6" item={(store) => <StoreRushCard store={store} />} />;
}

function StoreRushCard({ store }: { store: Store }) {
  const { t } = useLingui();
  const rush = useSetStoreRush();
  const [until, setUntil] = useState('');
  const [unreadable, setUnreadable] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = `rush-${store.id}`;
  const pausedTill = store.pausedUntil?.slice(11);
  const extra = store.extraPrepMinutes;
  const notice = store.notice;

  const save = (body: { paused: boolean; pausedUntil?: string | null; extraPrepMinutes: number }) => {
    setFailure(null);
    rush.mutate({ storeId: store.id, body }, { onError: (error) => setFailure(errorMessage(error)) });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id={headingId} className="font-display text-xl font-bold text-espresso">
        {store.name}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {store.paused ? (pausedTill ? t`Paused until ${pausedTill}` : t`Paused until you resume`) : t`Taking online orders`}
        {extra > 0 ? ` · ${t`${extra} extra minutes`}` : ''}
      </p>
      {notice && (
        <p className="mt-2 text-sm text-ink">
          <Trans>Customers see: “{notice}”</Trans>
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        {store.paused ? (
          <Button variant="primary" disabled={rush.isPending} onClick={() => save({ paused: false, extraPrepMinutes: store.extraPrepMinutes })}>
            <Trans>Resume online orders</Trans>
          </Button>
        ) : (
          <>
            <Button variant="primary" disabled={rush.isPending} onClick={() => save({ paused: true, pausedUntil: null, extraPrepMinutes: store.extraPrepMinutes })}>
              <Trans>Pause now</Trans>
            </Button>
            <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
              <Trans>Pause until</Trans>
              <input
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="HH:MM"
                size={6}
                value={until}
                onChange={(event) => {
                  setUntil(event.target.value);
                  setUnreadable(false);
                }}
                aria-invalid={unreadable || undefined}
                aria-describedby={unreadable ? `${headingId}-until-error` : undefined}
                className="rounded-xl border border-stone-300 px-3 py-2 font-normal"
              />
            </label>
            <Button
              variant="outline"
              disabled={rush.isPending || until.trim() === ''}
              onClick={() => {
                // Today, on the store's 24-hour clock ('14:30', '1430'), whatever the browser's language.
                const time = parseClockTime(until);
                if (!time) return setUnreadable(true);
                setUntil(time);
                save({ paused: true, pausedUntil: `${store.today.date}T${time}`, extraPrepMinutes: store.extraPrepMinutes });
              }}
            >
              <Trans>Pause until then</Trans>
            </Button>
          </>
        )}
        <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
          <Trans>Extra preparation time</Trans>
          <select
            value={store.extraPrepMinutes}
            disabled={rush.isPending}
            onChange={(event) =>
              save({ paused: store.paused, pausedUntil: store.pausedUntil, extraPrepMinutes: Number(event.target.value) })
            }
            className="rounded-xl border border-stone-300 px-3 py-2 font-normal"
          >
            {[...new Set([...EXTRA_MINUTES, store.extraPrepMinutes])].sort((a, b) => a - b).map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? t`None` : t`+${minutes} minutes`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {unreadable && !store.paused && (
        <p id={`${headingId}-until-error`} className="mt-2 text-sm font-medium text-[#B42318]">
          {t(TIME_FORMAT)}.
        </p>
      )}
      {failure && (
        <Alert tone="danger" onClose={() => setFailure(null)} className="mt-4">
          {failure}
        </Alert>
      )}
    </section>
  );
}
