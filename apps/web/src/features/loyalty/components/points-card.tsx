import type { LoyaltyAccount, LoyaltyEntry } from '@coffee/contract';
import { useLoyalty } from '../api/loyalty';

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

function EntryRow({ entry }: { entry: LoyaltyEntry }) {
  return (
    <li className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-0">
      <span>
        <span className="block text-ink">{entry.label}</span>
        <span className="text-xs text-muted">{dateTime.format(new Date(entry.at))}</span>
      </span>
      <span className={entry.points > 0 ? 'font-bold text-success tabular-nums' : 'font-bold text-ink tabular-nums'}>{signed(entry.points)}</span>
    </li>
  );
}

/** The balance, how points are earned and when they lapse, and each move of them. */
export function PointsView({ account }: { account: LoyaltyAccount }) {
  return (
    <div>
      <p className="font-display text-4xl font-bold text-espresso-deep tabular-nums" data-testid="points-balance">
        {account.balance} <span className="text-lg font-semibold">points</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        You earn a point for every IDR {account.idrPerPoint.toLocaleString('id-ID')} you pay.
        {account.expiresAt && ` Your points expire on ${day.format(new Date(account.expiresAt))} unless you earn more before.`}
      </p>
      {account.entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No points yet: they come with your first paid order.</p>
      ) : (
        <ul aria-label="Points history" className="mt-4 text-sm">
          {account.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The profile's Points card; when a refresh fails the last answer stays on screen, with when it came. */
export function PointsSection() {
  const query = useLoyalty();
  return (
    <section aria-labelledby="points-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="points-title" className="font-display text-xl font-bold text-espresso-deep">
        Points
      </h2>
      <div className="mt-4">
        {query.data ? (
          <>
            <PointsView account={query.data} />
            <p className="mt-4 text-xs text-muted">
              Last updated {dateTime.format(new Date(query.dataUpdatedAt))}
              {query.isError && ': could not refresh now (offline?)'}
            </p>
          </>
        ) : query.isError ? (
          <p className="text-sm text-muted">Your points could not be loaded. Please reload.</p>
        ) : (
          <p className="text-sm text-muted">Loading your points…</p>
        )}
      </div>
    </section>
  );
}
