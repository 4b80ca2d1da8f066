import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Reward } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Price } from '../../../components/ui/price';
import { errorMessage } from '../../../lib/api-client';
import { useLoyalty, useRewardQuote, useRewards } from '../api/loyalty';

export type RewardChoiceProps = {
  /** The cart's total without a reward: a change (lines, method) prices the chosen reward again. */
  cartTotalIdr: number;
  onChange: (choice: { rewardId: number; totalIdr: number } | null) => void;
};

/**
 * The checkout's "Use your points": the rewards on offer, those the balance covers to choose; the server prices the
 * chosen one on the cart (a reward is never combined with a coupon: its answer says so).
 */
export function RewardChoice({ cartTotalIdr, onChange }: RewardChoiceProps) {
  const account = useLoyalty();
  const rewards = useRewards();
  const quote = useRewardQuote();
  const [chosen, setChosen] = useState<number | null>(null);
  const { mutate } = quote;
  const { t } = useLingui();

  useEffect(() => {
    if (chosen === null) {
      onChange(null);
      return;
    }
    mutate(chosen, { onSuccess: (q) => onChange({ rewardId: q.rewardId, totalIdr: q.totalIdr }), onError: () => onChange(null) });
  }, [chosen, cartTotalIdr, mutate, onChange]);

  const offered = rewards.data ?? [];
  if (!account.data || offered.length === 0) return null;
  const balance = account.data.balance;
  const option = (reward: Reward | null) => {
    const short = reward ? reward.pointsCost - balance : 0;
    const name = reward?.name ?? '';
    const cost = reward?.pointsCost ?? 0;
    // One sentence with the points still missing, so a language can place them as it says it.
    const label = !reward
      ? t`No reward`
      : short > 0
        ? t`${name} · ${plural(cost, { one: '# point', other: '# points' })} (${plural(short, { one: '# more point', other: '# more points' })})`
        : t`${name} · ${plural(cost, { one: '# point', other: '# points' })}`;
    return (
      <label key={reward?.id ?? 0} className="flex items-center gap-3 py-1.5 text-sm">
        <input
          type="radio"
          name="reward"
          checked={chosen === (reward?.id ?? null)}
          disabled={short > 0}
          onChange={() => setChosen(reward?.id ?? null)}
        />
        <span className={short > 0 ? 'text-muted' : 'text-ink'}>{label}</span>
      </label>
    );
  };
  return (
    <section aria-labelledby="reward-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="reward-title" className="font-display text-xl font-bold text-espresso-deep">
        <Trans>Use your points</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Plural value={balance} one="You have # point." other="You have # points." />
      </p>
      <fieldset className="mt-3">
        <legend className="sr-only">
          <Trans>Reward</Trans>
        </legend>
        {option(null)}
        {offered.map(option)}
      </fieldset>
      {chosen !== null && quote.isSuccess && (
        <p className="mt-3 text-sm text-ink" role="status">
          <Trans>
            The reward takes <Price amount={quote.data.discountIdr} /> off: you pay <Price amount={quote.data.totalIdr} />.
          </Trans>
        </p>
      )}
      {chosen !== null && quote.isError && (
        <Alert tone="danger" className="mt-3">
          {errorMessage(quote.error)}
        </Alert>
      )}
    </section>
  );
}
