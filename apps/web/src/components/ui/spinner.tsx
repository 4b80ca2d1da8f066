import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-muted', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-[3px] border-espresso/20 border-t-espresso"
      />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}
