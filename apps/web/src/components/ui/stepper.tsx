import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';

type StepperProps = {
  value: number;
  onChange: (next: number) => void;
  /** What is counted, for screen readers: 'Regular' -> "Decrease Regular". */
  label: string;
  /** Lowest count; 0 unless a line must keep at least one (a cart line is removed, not set to 0). */
  min?: number;
  max?: number;
  /** Both buttons off while a change is being saved. */
  disabled?: boolean;
  className?: string;
};

const stepButton =
  'grid size-10 place-items-center rounded-full text-xl font-medium leading-none transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Minus, count, plus. Counters start at 0, go up by one, and go down only when above 0. */
export function Stepper({ value, onChange, label, min = 0, max = 99, disabled = false, className }: StepperProps) {
  const { t } = useLingui();
  const atMin = value <= min;
  const atMax = value >= max;
  return (
    <div role="group" aria-label={t`${label} quantity`} className={cn('inline-flex items-center gap-2', className)}>
      <button
        type="button"
        className={cn(stepButton, 'bg-crema text-espresso-deep hover:bg-crema-dark')}
        aria-label={t`Decrease ${label}`}
        disabled={disabled || atMin}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" className="min-w-8 text-center font-display text-lg font-medium tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={cn(stepButton, 'bg-crema text-espresso-deep hover:bg-crema-dark')}
        aria-label={t`Increase ${label}`}
        disabled={disabled || atMax}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
