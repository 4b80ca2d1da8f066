import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { inputStyles } from './input-styles';

// Apart, so a screen whose only field is a plain input (a product's barista note) loads its look without the rest.
export { inputStyles } from './input-styles';

/** The ids a field's input points to with aria-describedby. */
export const fieldIds = (id: string) => ({ hint: `${id}-hint`, error: `${id}-error` });

/** aria-describedby for an input: its hint and its error, when shown. */
export function describedBy(id: string, options: { hint?: boolean; error?: string | undefined }): string | undefined {
  const ids = fieldIds(id);
  const list = [options.hint ? ids.hint : null, options.error ? ids.error : null].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

/**
 * An input's side of a FormField: its id, aria-invalid and aria-describedby (hint, error) and its look.
 * Spread it on the input: `<input type="email" {...fieldInputProps('login-email', { error })} />`.
 */
export function fieldInputProps(
  id: string,
  options: { error?: string | undefined; hint?: boolean; look?: 'boxed' | 'line'; className?: string } = {},
) {
  const { error, hint, look, className } = options;
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
    className: inputStyles({ look, invalid: Boolean(error), className }),
  };
}

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The input (or select, textarea); give it `{...fieldInputProps(id, { error, hint })}`. */
  children: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  labelClassName?: string;
};

/** Label, input, hint and error, wired for assistive technology. */
export function FormField({ id, label, children, hint, error, className, labelClassName }: FormFieldProps) {
  const ids = fieldIds(id);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={id} className={cn('font-display font-medium text-ink', labelClassName)}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hint} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-800">
      <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm0 11.75a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5ZM10 5a1.1 1.1 0 0 0-1.1 1.15l.3 5.1a.8.8 0 0 0 1.6 0l.3-5.1A1.1 1.1 0 0 0 10 5Z" />
      </svg>
      <span>{message}</span>
    </p>
  );
}
