import { useState } from 'react';
import type { FormEvent } from 'react';
import type { OptionGroup, OptionGroupInputBody } from '@coffee/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { inputStyles } from '../../../components/ui/form-field';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useOptionGroups } from '../api/get-option-groups';
import { useDeleteOptionGroup, useSaveOptionGroup } from '../api/save-option-group';

type DraftOption = { key: string; id?: number; name: string; priceDeltaIdr: string; isDefault: boolean };
type Draft = { id: number | null; name: string; minChoices: string; maxChoices: string; options: DraftOption[] };

let keys = 0;
const newKey = () => `o${++keys}`;
const emptyDraft = (): Draft => ({
  id: null,
  name: '',
  minChoices: '1',
  maxChoices: '1',
  options: [{ key: newKey(), name: '', priceDeltaIdr: '0', isDefault: true }],
});
const toDraft = (group: OptionGroup): Draft => ({
  id: group.id,
  name: group.name,
  minChoices: String(group.minChoices),
  maxChoices: String(group.maxChoices),
  options: group.options.map((o) => ({ key: newKey(), id: o.id, name: o.name, priceDeltaIdr: String(o.priceDeltaIdr), isDefault: o.isDefault })),
});
const toBody = (draft: Draft): OptionGroupInputBody => ({
  name: draft.name,
  minChoices: Number(draft.minChoices),
  maxChoices: Number(draft.maxChoices),
  options: draft.options.map((o) => ({
    ...(o.id !== undefined ? { id: o.id } : {}),
    name: o.name,
    priceDeltaIdr: Number(o.priceDeltaIdr || '0'),
    isDefault: o.isDefault,
  })),
});

/** How many options a customer chooses in the group, in words. */
function rule(group: OptionGroup): MessageDescriptor {
  const fewest = group.minChoices;
  const most = group.maxChoices;
  if (fewest === 1 && most === 1) return msg`Choose one`;
  if (fewest === 0 && most === 1) return msg`On or off`;
  return msg`Choose ${fewest} to ${most}`;
}

/**
 * Staff: the option groups drinks offer (milk, sugar, ice, extras). Each group says how many options a customer
 * chooses (1 and 1 is choose-one; 0 and n lets them skip it) and which are chosen when they say nothing.
 */
export function OptionGroupsManager() {
  const groups = useOptionGroups();
  const save = useSaveOptionGroup();
  const remove = useDeleteOptionGroup();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setFailure(null);
    save.mutate({ id: draft.id, body: toBody(draft) }, { onSuccess: () => setDraft(null), onError: (e) => setFailure(errorMessage(e)) });
  };

  if (groups.isPending) return <Spinner />;
  if (groups.isError) return <ErrorState message={errorMessage(groups.error)} onRetry={() => void groups.refetch()} />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold text-espresso-deep">
          <Trans>Drink options</Trans>
        </h1>
        <Button variant="primary" size="sm" onClick={() => setDraft(emptyDraft())} disabled={draft !== null}>
          <Trans>Add option group</Trans>
        </Button>
      </div>
      {failure && !draft && (
        <Alert tone="danger" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      {draft && (
        <OptionGroupForm
          draft={draft}
          onChange={change}
          onSubmit={submit}
          onCancel={() => setDraft(null)}
          saving={save.isPending}
          failure={failure}
          onDismissFailure={() => setFailure(null)}
        />
      )}

      <ul className="flex flex-col gap-4">
        {groups.data.map((group) => (
          <OptionGroupCard
            key={group.id}
            group={group}
            onEdit={() => setDraft(toDraft(group))}
            deleting={remove.isPending}
            onDelete={() => remove.mutate(group.id, { onError: (e) => setFailure(errorMessage(e)) })}
          />
        ))}
      </ul>
    </div>
  );
}

/** The form of one group being added or changed: its name, how many choices, and its options. */
function OptionGroupForm({
  draft,
  onChange,
  onSubmit,
  onCancel,
  saving,
  failure,
  onDismissFailure,
}: {
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  saving: boolean;
  failure: string | null;
  onDismissFailure: () => void;
}) {
  const { t } = useLingui();
  const draftName = draft.name;
  const changeOption = (key: string, patch: Partial<DraftOption>) =>
    onChange({ options: draft.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) });
  return (
    <form onSubmit={onSubmit} aria-label={draft.id === null ? t`New option group` : t`Edit ${draftName}`} className="flex flex-col gap-4 rounded-3xl bg-white p-6 shadow-card">
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        <Trans>Group name</Trans>
        <input value={draft.name} onChange={(e) => onChange({ name: e.target.value })} className={inputStyles()} maxLength={60} />
      </label>
      <div className="grid grid-cols-2 gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          <Trans>Fewest choices</Trans>
          <input type="number" min={0} value={draft.minChoices} onChange={(e) => onChange({ minChoices: e.target.value })} className={inputStyles()} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          <Trans>Most choices</Trans>
          <input type="number" min={1} value={draft.maxChoices} onChange={(e) => onChange({ maxChoices: e.target.value })} className={inputStyles()} />
        </label>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-ink">
          <Trans>Options (price added in rupiah; defaults are chosen when the customer says nothing)</Trans>
        </legend>
        {draft.options.map((option, index) => {
          const number = index + 1;
          return (
            <div key={option.key} className="flex flex-wrap items-center gap-3">
              <input
                aria-label={t`Option ${number} name`}
                value={option.name}
                onChange={(e) => changeOption(option.key, { name: e.target.value })}
                className={inputStyles({ className: 'min-w-40 flex-1' })}
                maxLength={60}
              />
              <input
                aria-label={t`Option ${number} price added (rupiah)`}
                type="number"
                min={0}
                step={500}
                value={option.priceDeltaIdr}
                onChange={(e) => changeOption(option.key, { priceDeltaIdr: e.target.value })}
                className={inputStyles({ className: 'w-32' })}
              />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={option.isDefault} onChange={(e) => changeOption(option.key, { isDefault: e.target.checked })} />
                <Trans>Default</Trans>
              </label>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={t`Remove option ${number}`}
                onClick={() => onChange({ options: draft.options.filter((o) => o.key !== option.key) })}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => onChange({ options: [...draft.options, { key: newKey(), name: '', priceDeltaIdr: '0', isDefault: false }] })}
        >
          <Trans>Add option</Trans>
        </Button>
      </fieldset>
      {failure && (
        <Alert tone="danger" onClose={onDismissFailure}>
          {failure}
        </Alert>
      )}
      <div className="flex gap-3">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? t`Saving…` : t`Save option group`}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** A saved group as staff see it: its rule, its options with their prices, Edit and Delete. */
function OptionGroupCard({ group, onEdit, deleting, onDelete }: { group: OptionGroup; onEdit: () => void; deleting: boolean; onDelete: () => void }) {
  const { t } = useLingui();
  const groupName = group.name;
  return (
    <li aria-labelledby={`group-${group.id}`} className="rounded-3xl bg-white p-6 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`group-${group.id}`} className="font-display text-xl font-bold text-ink">
          {group.name} <span className="text-sm font-normal text-muted">· {t(rule(group))}</span>
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" aria-label={t`Edit ${groupName}`} onClick={onEdit}>
            <Trans>Edit</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t`Delete ${groupName}`}
            disabled={deleting}
            onClick={() => {
              if (!window.confirm(t`Delete ${groupName}? It leaves every product; past orders keep their options.`)) return;
              onDelete();
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {group.options.map((option) => (
          <li key={option.id}>
            {option.name}
            {option.priceDeltaIdr > 0 && (
              <>
                {' '}
                (+<Price amount={option.priceDeltaIdr} />)
              </>
            )}
            {option.isDefault && t` · default`}
          </li>
        ))}
      </ul>
    </li>
  );
}
