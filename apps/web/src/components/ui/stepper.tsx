import { cn } from '../../lib/cn';

type StepperProps = {
  value: number;
  onChange: (next: number) => void;
  /** What is counted, for screen readers: 'Regular' -> "Decrease Regular". */
  label: string;
  max?: number;
  className?: string;
};

const stepButton =
  'grid size-10 place-items-center rounded-full text-xl font-medium leading-none transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Minus, count, plus. Spec section 4: counters start at 0, go up by one, and go down only when above 0. */
export function Stepper({ value, onChange, label, max = 99, className }: StepperProps) {
  const atMin = value <= 0;
  const atMax = value >= max;
  return (
    <div role="group" aria-label={`${label} quantity`} className={cn('inline-flex items-center gap-2', className)}>
      <button
        type="button"
        className={cn(stepButton, 'bg-crema text-espresso-deep hover:bg-crema-dark')}
        aria-label={`Decrease ${label}`}
        disabled={atMin}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" className="min-w-8 text-center font-display text-lg font-medium tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={cn(stepButton, 'bg-crema text-espresso-deep hover:bg-crema-dark')}
        aria-label={`Increase ${label}`}
        disabled={atMax}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
