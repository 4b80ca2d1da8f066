import { useState, type FormEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Reward, RewardKind } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useSaveLoyaltySettings, useSaveReward, useStaffLoyalty, useStaffRewards } from '../api/loyalty';

const card = 'rounded-3xl bg-white p-6 shadow-card sm:p-8';

type Draft = Partial<Record<'rate' | 'expiry' | 'tierSpend' | 'tierRate', string>> & { tiers?: boolean };

/** The earn rate, expiry and Gold tier, and the customers whose spent points a cancel could not take back. */
function SettingsCard() {
  const settings = useStaffLoyalty();
  const save = useSaveLoyaltySettings();
  const [draft, setDraft] = useState<Draft>({});
  const { t } = useLingui();
  if (!settings.data) return <p className="text-muted">{settings.isError ? errorMessage(settings.error) : t`Loading…`}</p>;
  const saved = settings.data;
  const value = {
    rate: draft.rate ?? String(saved.idrPerPoint),
    expiry: draft.expiry ?? (saved.expiryDays === null ? '' : String(saved.expiryDays)),
    tierSpend: draft.tierSpend ?? String(saved.tierSpendIdr),
    tierRate: draft.tierRate ?? String(saved.tierIdrPerPoint),
  };
  const tiers = draft.tiers ?? saved.tiersEnabled;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      idrPerPoint: Number(value.rate),
      expiryDays: value.expiry.trim() === '' ? null : Number(value.expiry),
      tiersEnabled: tiers,
      tierSpendIdr: Number(value.tierSpend),
      tierIdrPerPoint: Number(value.tierRate),
    });
  };
  const field = save.error && 'field' in save.error ? (save.error as { field?: string }).field : undefined;
  const errorOf = (name: string) => (field === name ? errorMessage(save.error) : undefined);
  const input = (id: string, key: 'rate' | 'expiry' | 'tierSpend' | 'tierRate') => (
    <input inputMode="numeric" value={value[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} {...fieldInputProps(id)} />
  );
  return (
    <form onSubmit={submit} className={card} aria-labelledby="earn-title">
      <h2 id="earn-title" className="font-display text-xl font-bold text-espresso-deep">
        <Trans>Earning</Trans>
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField id="idr-per-point" label={t`IDR paid for one point`} error={errorOf('idrPerPoint')}>
          {input('idr-per-point', 'rate')}
        </FormField>
        <FormField id="expiry-days" label={t`Points expire after this many days without earning (empty: never)`}>
          {input('expiry-days', 'expiry')}
        </FormField>
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={tiers} onChange={(e) => setDraft({ ...draft, tiers: e.target.checked })} />
        <Trans>Gold tier: customers who paid enough in the last 12 months earn more</Trans>
      </label>
      {tiers && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField id="tier-spend" label={t`Gold from this much paid in 12 months (IDR)`} error={errorOf('tierSpendIdr')}>
            {input('tier-spend', 'tierSpend')}
          </FormField>
          <FormField id="tier-rate" label={t`Gold: IDR paid for one point`} error={errorOf('tierIdrPerPoint')}>
            {input('tier-rate', 'tierRate')}
          </FormField>
        </div>
      )}
      {save.isError && !['idrPerPoint', 'tierSpendIdr', 'tierIdrPerPoint'].includes(field ?? '') && <Alert tone="danger" className="mt-4">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && (
        <Alert tone="success" className="mt-4">
          <Trans>Saved.</Trans>
        </Alert>
      )}
      <Button type="submit" variant="primary" size="sm" className="mt-4" disabled={save.isPending}>
        <Trans>Save</Trans>
      </Button>
      {settings.data.shortfall.length > 0 && (
        <div className="mt-6">
          <h3 className="font-semibold text-ink">
            <Trans>Points spent before a cancel could take them back</Trans>
          </h3>
          <ul className="mt-2 text-sm">
            {settings.data.shortfall.map(({ userId, email, points }) => (
              <li key={userId}>{t`${email}: ${plural(points, { one: '# point', other: '# points' })}`}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

/** A new reward: a name, its cost, and what it pays for. */
function RewardForm() {
  const save = useSaveReward();
  const [name, setName] = useState('');
  const [cost, setCost] = useState('');
  const [kind, setKind] = useState<RewardKind>('drink');
  const [optionName, setOptionName] = useState('');
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: null, input: { name, pointsCost: Number(cost), kind, optionName: kind === 'option' ? optionName : null } },
      { onSuccess: () => (setName(''), setCost(''), setOptionName('')) },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t`New reward`} className="mt-6 grid gap-4 sm:grid-cols-2">
      <FormField id="reward-name" label={t`Reward name`}>
        <input value={name} onChange={(e) => setName(e.target.value)} {...fieldInputProps('reward-name')} />
      </FormField>
      <FormField id="reward-cost" label={t`Points`}>
        <input inputMode="numeric" value={cost} onChange={(e) => setCost(e.target.value)} {...fieldInputProps('reward-cost')} />
      </FormField>
      <FormField id="reward-kind" label={t`Pays for`}>
        <select value={kind} onChange={(e) => setKind(e.target.value as RewardKind)} {...fieldInputProps('reward-kind')}>
          <option value="drink">{t`One drink, any size`}</option>
          <option value="option">{t`One option (named below)`}</option>
        </select>
      </FormField>
      {kind === 'option' && (
        <FormField id="reward-option" label={t`Option, as named on the menu (Extra Shot)`}>
          <input value={optionName} onChange={(e) => setOptionName(e.target.value)} {...fieldInputProps('reward-option')} />
        </FormField>
      )}
      {save.isError && <Alert tone="danger" className="sm:col-span-2">{errorMessage(save.error)}</Alert>}
      <Button type="submit" variant="primary" size="sm" className="justify-self-start" disabled={save.isPending}>
        <Trans>Add reward</Trans>
      </Button>
    </form>
  );
}

function RewardRow({ reward }: { reward: Reward }) {
  const save = useSaveReward();
  const { t } = useLingui();
  const name = reward.name;
  const cost = reward.pointsCost;
  const toggle = () =>
    save.mutate({ id: reward.id, input: { name: reward.name, pointsCost: reward.pointsCost, kind: reward.kind, optionName: reward.optionName, isActive: !reward.isActive } });
  return (
    <li className="flex items-center justify-between gap-4 border-b border-line py-2 last:border-0">
      <span className={reward.isActive ? 'text-ink' : 'text-muted'}>
        {reward.isActive
          ? t`${name} · ${plural(cost, { one: '# point', other: '# points' })}`
          : t`${name} · ${plural(cost, { one: '# point', other: '# points' })} (off)`}
      </span>
      <Button variant="outline" size="sm" onClick={toggle} disabled={save.isPending} aria-label={reward.isActive ? t`Switch off ${name}` : t`Switch on ${name}`}>
        {reward.isActive ? t`Switch off` : t`Switch on`}
      </Button>
    </li>
  );
}

/** Staff: /staff/loyalty, the points rate and expiry, and the rewards customers spend points on. */
export function LoyaltyAdmin() {
  const rewards = useStaffRewards();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">
        <Trans>Points and rewards</Trans>
      </h1>
      <SettingsCard />
      <section className={card} aria-labelledby="rewards-title">
        <h2 id="rewards-title" className="font-display text-xl font-bold text-espresso-deep">
          <Trans>Rewards</Trans>
        </h2>
        <ul className="mt-4 text-sm">{rewards.data?.map((r) => <RewardRow key={r.id} reward={r} />)}</ul>
        <RewardForm />
      </section>
    </div>
  );
}
