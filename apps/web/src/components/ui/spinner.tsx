import { cn } from '../../lib/cn';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-muted', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-[3px] border-espresso/20 border-t-espresso"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
