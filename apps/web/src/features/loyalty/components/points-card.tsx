import { formatIdr, type LoyaltyAccount, type LoyaltyEntry, type LoyaltyTier, type Reward } from '@coffee/contract';
import { usePointsWithKept } from '../api/kept-points';

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

/** The customer's tier and, plainly, what is left to the next one. */
export function TierLine({ tier }: { tier: LoyaltyTier }) {
  return (
    <p className="mt-2 text-sm text-ink" data-testid="points-tier">
      {tier.toNextIdr === null
        ? `Gold: you earn a point for every ${formatIdr(tier.goldIdrPerPoint)} while your orders of the last 12 months come to ${formatIdr(tier.goldSpendIdr)} or more (now ${formatIdr(tier.spentIdr)}).`
        : `Member: spend ${formatIdr(tier.toNextIdr)} more to reach Gold, and earn a point for every ${formatIdr(tier.goldIdrPerPoint)}. Gold counts what you paid in the last 12 months (${formatIdr(tier.spentIdr)} so far).`}
    </p>
  );
}

function RewardList({ rewards, balance }: { rewards: readonly Reward[]; balance: number }) {
  if (rewards.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 font-semibold text-espresso-deep">Rewards</h3>
      <ul aria-label="Rewards" className="mt-2 text-sm">
        {rewards.map((r) => (
          <li key={r.id} className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-0">
            <span className="text-ink">{r.name}</span>
            <span className="text-muted tabular-nums">
              {r.pointsCost} points{r.pointsCost <= balance ? ': use it at checkout' : `: ${r.pointsCost - balance} to go`}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The balance, how points are earned and when they lapse, and each move of them. */
export function PointsView({ account, rewards = [] }: { account: LoyaltyAccount; rewards?: readonly Reward[] }) {
  return (
    <div>
      <p className="font-display text-4xl font-bold text-espresso-deep tabular-nums" data-testid="points-balance">
        {account.balance} <span className="text-lg font-semibold">points</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        You earn a point for every {formatIdr(account.tier?.idrPerPoint ?? account.idrPerPoint)} you pay.
        {account.expiresAt && ` Your points expire on ${day.format(new Date(account.expiresAt))} unless you earn more before.`}
      </p>
      {account.tier && <TierLine tier={account.tier} />}
      <RewardList rewards={rewards} balance={account.balance} />
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

/**
 * The profile's Points card. It shows the last answer this device kept while the shop cannot be reached (the
 * installable shop offline), saying when that answer came.
 */
export function PointsSection() {
  const points = usePointsWithKept();
  return (
    <section aria-labelledby="points-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="points-title" className="font-display text-xl font-bold text-espresso-deep">
        Points
      </h2>
      <div className="mt-4">
        {points.account ? (
          <>
            {points.failed && (
              <p role="status" className="mb-4 rounded-xl bg-crema-soft px-3 py-2 text-sm text-ink">
                You are offline or the shop cannot be reached: these are your points as this device last saw them.
              </p>
            )}
            <PointsView account={points.account} rewards={points.rewards} />
            {points.updatedAt !== null && <p className="mt-4 text-xs text-muted">Last updated {dateTime.format(new Date(points.updatedAt))}</p>}
          </>
        ) : points.failed ? (
          <p className="text-sm text-muted">Your points could not be loaded. Please reload.</p>
        ) : (
          <p className="text-sm text-muted">Loading your points…</p>
        )}
      </div>
    </section>
  );
}
