import { useId } from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Choice<T extends string> = { value: T; label: ReactNode; description?: string };

type ChoicePillsProps<T extends string> = {
  legend: string;
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChange: (value: T) => void;
  shape: 'chip' | 'pill';
  className?: string;
};

/** A radio group drawn as chips (sizes) or pills (delivery methods): native radios, so arrow keys just work. */
export function ChoicePills<T extends string>({ legend, choices, value, onChange, shape, className }: ChoicePillsProps<T>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-4 font-display text-lg font-bold text-ink">{legend}</legend>
      <div className={cn('flex flex-wrap', shape === 'chip' ? 'justify-center gap-5' : 'gap-3')}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            title={choice.description}
            className={cn(
              'relative inline-flex cursor-pointer items-center justify-center font-display font-bold transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-espresso',
              shape === 'chip'
                ? 'size-14 rounded-full bg-crema-soft text-xl text-espresso-deep hover:bg-crema/60 has-checked:bg-crema has-checked:shadow-soft'
                : 'min-h-11 rounded-full border-2 border-line bg-white px-5 text-sm font-medium text-muted hover:border-espresso/40 has-checked:border-espresso has-checked:bg-espresso has-checked:text-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
