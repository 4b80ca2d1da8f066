import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonShape = 'pill' | 'soft';

const base =
  'inline-flex items-center justify-center gap-2 font-display font-medium text-center transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-espresso text-white shadow-soft hover:bg-espresso-dark',
  // Dark text on yellow: white on #FFBA33 fails the WCAG AA contrast ratio.
  accent: 'bg-crema text-espresso-deep shadow-soft hover:bg-crema-dark',
  outline: 'border-2 border-espresso bg-white text-espresso hover:bg-espresso hover:text-white',
  ghost: 'text-espresso hover:bg-espresso/10',
  light: 'bg-white text-espresso shadow-soft hover:bg-foam',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 text-sm',
  md: 'min-h-11 px-6 text-base',
  lg: 'min-h-14 px-8 text-lg',
};

const shapes: Record<ButtonShape, string> = { pill: 'rounded-full', soft: 'rounded-2xl' };

/** Button look, for links that must look like buttons (a link stays a link). */
export function buttonStyles(
  options: { variant?: ButtonVariant; size?: ButtonSize; shape?: ButtonShape; className?: string } = {},
): string {
  const { variant = 'primary', size = 'md', shape = 'pill', className } = options;
  return cn(base, shapes[shape], variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize; shape?: ButtonShape };

export function Button({ variant, size, shape, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, shape, className })} {...props} />;
}
