import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { LoyaltyAccount, LoyaltyEntry, LoyaltyTier, Reward } from '@coffee/contract';
import { isLanguage, type Language } from '../../../lib/i18n';
import { money } from '../../../lib/money';
import { usePointsWithKept } from '../api/kept-points';

/** The screens' language as useLingui's i18n has it (a component drawn again on a switch reads the new one). */
const languageOf = (locale: string): Language => (isLanguage(locale) ? locale : 'en');

// Day first and the 24-hour clock in both languages: '20 Nov 2026, 10:00' in English, '20 Nov 2026, 10.00' in Indonesian.
const FORMATS = {
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();
function formatDate(kind: keyof typeof FORMATS, at: string | number, language: Language): string {
  const key = `${kind}:${language}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', FORMATS[kind]);
    formats.set(key, format);
  }
  return format.format(new Date(at));
}

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

function EntryRow({ entry }: { entry: LoyaltyEntry }) {
  const { i18n } = useLingui();
  return (
    <li className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-0">
      <span>
        <span className="block text-ink">{entry.label}</span>
        <span className="text-xs text-muted">{formatDate('dateTime', entry.at, languageOf(i18n.locale))}</span>
      </span>
      <span className={entry.points > 0 ? 'font-bold text-success tabular-nums' : 'font-bold text-ink tabular-nums'}>{signed(entry.points)}</span>
    </li>
  );
}

/** The customer's tier and, plainly, what is left to the next one. */
export function TierLine({ tier }: { tier: LoyaltyTier }) {
  const { t, i18n } = useLingui();
  const language = languageOf(i18n.locale);
  const perPoint = money(tier.goldIdrPerPoint, language);
  const goldSpend = money(tier.goldSpendIdr, language);
  const spent = money(tier.spentIdr, language);
  const toGold = tier.toNextIdr === null ? '' : money(tier.toNextIdr, language);
  return (
    <p className="mt-2 text-sm text-ink" data-testid="points-tier">
      {tier.toNextIdr === null
        ? t`Gold: you earn a point for every ${perPoint} while your orders of the last 12 months come to ${goldSpend} or more (now ${spent}).`
        : t`Member: spend ${toGold} more to reach Gold, and earn a point for every ${perPoint}. Gold counts what you paid in the last 12 months (${spent} so far).`}
    </p>
  );
}

function RewardList({ rewards, balance }: { rewards: readonly Reward[]; balance: number }) {
  const { t } = useLingui();
  if (rewards.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 font-semibold text-espresso-deep">
        <Trans>Rewards</Trans>
      </h3>
      <ul aria-label={t`Rewards`} className="mt-2 text-sm">
        {rewards.map((r) => {
          const cost = r.pointsCost;
          const toGo = cost - balance;
          return (
            <li key={r.id} className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-0">
              <span className="text-ink">{r.name}</span>
              <span className="text-muted tabular-nums">
                {toGo <= 0
                  ? t`${plural(cost, { one: '# point', other: '# points' })}: use it at checkout`
                  : t`${plural(cost, { one: '# point', other: '# points' })}: ${toGo} to go`}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The balance, how points are earned and when they lapse, and each move of them. */
export function PointsView({ account, rewards = [] }: { account: LoyaltyAccount; rewards?: readonly Reward[] }) {
  const { t, i18n } = useLingui();
  const language = languageOf(i18n.locale);
  const perPoint = money(account.tier?.idrPerPoint ?? account.idrPerPoint, language);
  const expiry = account.expiresAt ? formatDate('day', account.expiresAt, language) : null;
  const balance = account.balance;
  return (
    <div>
      <p className="font-display text-4xl font-bold text-espresso-deep tabular-nums" data-testid="points-balance">
        {/* The number, then its unit in the language's word (the same order in both). */}
        {balance}{' '}
        <span className="text-lg font-semibold">
          <Plural value={balance} one="point" other="points" />
        </span>
      </p>
      <p className="mt-1 text-sm text-muted">
        <Trans>You earn a point for every {perPoint} you pay.</Trans>
        {/* A sentence of its own, after the first's space. */}
        {expiry && ` ${t`Your points expire on ${expiry} unless you earn more before.`}`}
      </p>
      {account.tier && <TierLine tier={account.tier} />}
      <RewardList rewards={rewards} balance={account.balance} />
      {account.entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          <Trans>No points yet: they come with your first paid order.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Points history`} className="mt-4 text-sm">
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
  const { i18n } = useLingui();
  const updated = points.updatedAt === null ? null : formatDate('dateTime', points.updatedAt, languageOf(i18n.locale));
  return (
    <section aria-labelledby="points-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="points-title" className="font-display text-xl font-bold text-espresso-deep">
        <Trans>Points</Trans>
      </h2>
      <div className="mt-4">
        {points.account ? (
          <>
            {points.failed && (
              <p role="status" className="mb-4 rounded-xl bg-crema-soft px-3 py-2 text-sm text-ink">
                <Trans>You are offline or the shop cannot be reached: these are your points as this device last saw them.</Trans>
              </p>
            )}
            <PointsView account={points.account} rewards={points.rewards} />
            {updated !== null && (
              <p className="mt-4 text-xs text-muted">
                <Trans>Last updated {updated}</Trans>
              </p>
            )}
          </>
        ) : points.failed ? (
          <p className="text-sm text-muted">
            <Trans>Your points could not be loaded. Please reload.</Trans>
          </p>
        ) : (
          <p className="text-sm text-muted">
            <Trans>Loading your points…</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
