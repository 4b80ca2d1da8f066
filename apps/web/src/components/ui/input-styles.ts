import { cn } from '../../lib/cn';

/** Input looks: 'boxed' (big rounded inputs of the sign-in screens and forms), 'line' (the profile's underlined fields). */
export function inputStyles(options: { look?: 'boxed' | 'line'; invalid?: boolean; className?: string } = {}): string {
  const { look = 'boxed', invalid = false, className } = options;
  return cn(
    'w-full bg-white text-ink placeholder:text-muted transition-colors focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-espresso disabled:cursor-not-allowed disabled:bg-page read-only:bg-page',
    look === 'boxed'
      ? 'min-h-13 rounded-2xl border px-5 py-3 focus:border-espresso'
      : 'min-h-11 border-0 border-b-2 bg-transparent px-1 py-2 read-only:bg-transparent focus:border-espresso',
    // Input edges need 3:1 contrast against white (WCAG 1.4.11): #8a8a8a is 3.4:1.
    invalid ? 'border-red-700' : 'border-[#8a8a8a]',
    className,
  );
}
