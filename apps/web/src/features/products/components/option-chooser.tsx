import { useId } from 'react';
import { BARISTA_NOTE_MAX_LENGTH, isChooseOne } from '@coffee/contract';
import type { OptionGroup } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { inputStyles } from '../../../components/ui/input-styles';
import { Price } from '../../../components/ui/price';
import { cn } from '../../../lib/cn';

/** The chosen option ids per group id. */
export type OptionChoice = Readonly<Record<number, readonly number[]>>;

/** What a customer starts from: every group's defaults, as the server would fill them. */
export const defaultChoice = (groups: readonly OptionGroup[]): OptionChoice =>
  Object.fromEntries(groups.map((g) => [g.id, g.options.filter((o) => o.isDefault).map((o) => o.id)]));

export const chosenIds = (choice: OptionChoice): number[] => Object.values(choice).flat();

/** What the chosen options add to one item, for display only: the server prices the line. */
export function optionsDelta(groups: readonly OptionGroup[], choice: OptionChoice): number {
  const ids = new Set(chosenIds(choice));
  return groups.flatMap((g) => g.options).reduce((sum, o) => sum + (ids.has(o.id) ? o.priceDeltaIdr : 0), 0);
}

/** The chosen options' names, in the product's order ("Oat milk, Less sugar"). */
export function describeChoice(groups: readonly OptionGroup[], choice: OptionChoice): string[] {
  const ids = new Set(chosenIds(choice));
  return groups.flatMap((g) => g.options.filter((o) => ids.has(o.id)).map((o) => o.name));
}

type OptionChooserProps = {
  groups: readonly OptionGroup[];
  value: OptionChoice;
  onChange: (value: OptionChoice) => void;
  note: string;
  onNoteChange: (note: string) => void;
  className?: string;
};

/**
 * The product's option groups: radio buttons for a choose-one group, checkboxes otherwise (no more than the
 * group allows), each option with what it adds; then the note to the barista.
 */
export function OptionChooser({ groups, value, onChange, note, onNoteChange, className }: OptionChooserProps) {
  const { t } = useLingui();
  const base = useId();
  const noteId = `${base}-note`;
  return (
    <div className={cn('flex flex-col gap-6', className)}>
      {groups.map((group) => {
        const chosen = value[group.id] ?? [];
        const one = isChooseOne(group);
        const full = !one && chosen.length >= group.maxChoices;
        const most = group.maxChoices;
        const hint = one ? null : most > 1 ? t`Choose up to ${most}` : null;
        return (
          <fieldset key={group.id}>
            <legend className="mb-3 font-display text-lg font-bold text-ink">
              {group.name}
              {hint && <span className="ml-2 text-sm font-normal text-muted">({hint})</span>}
            </legend>
            <div className="flex flex-wrap gap-3">
              {group.options.map((option) => {
                const checked = chosen.includes(option.id);
                const disabled = !checked && full;
                return (
                  <label
                    key={option.id}
                    className={cn(
                      'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-line bg-white px-4 text-sm font-medium text-muted transition-colors hover:border-espresso/40 has-checked:border-espresso has-checked:bg-espresso has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-espresso',
                      disabled && 'cursor-not-allowed opacity-50 hover:border-line',
                    )}
                  >
                    <input
                      type={one ? 'radio' : 'checkbox'}
                      name={`${base}-${group.id}`}
                      value={option.id}
                      checked={checked}
                      disabled={disabled}
                      onChange={() =>
                        onChange({
                          ...value,
                          [group.id]: one ? [option.id] : checked ? chosen.filter((id) => id !== option.id) : [...chosen, option.id],
                        })
                      }
                      className="sr-only"
                    />
                    <span>{option.name}</span>
                    {option.priceDeltaIdr > 0 && (
                      <span>
                        +<Price amount={option.priceDeltaIdr} />
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <div>
        <label htmlFor={noteId} className="mb-3 block font-display text-lg font-bold text-ink">
          <Trans>Note to the barista</Trans>
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={BARISTA_NOTE_MAX_LENGTH}
          rows={2}
          placeholder={t`Extra hot, no straw…`}
          aria-describedby={`${noteId}-count`}
          onChange={(event) => onNoteChange(event.target.value)}
          className={inputStyles({ className: 'min-h-0 resize-none' })}
        />
        <p id={`${noteId}-count`} className="mt-1 text-right text-xs text-muted">
          {note.length}/{BARISTA_NOTE_MAX_LENGTH}
        </p>
      </div>
    </div>
  );
}
