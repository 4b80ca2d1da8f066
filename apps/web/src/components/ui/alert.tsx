import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertProps = {
  tone: 'danger' | 'success' | 'info';
  children: ReactNode;
  /** Shows a close button; the banner is the caller's to hide. */
  onClose?: () => void;
  className?: string;
};

const tones = {
  danger: 'alert-danger border-red-300 bg-red-50 text-red-900',
  success: 'alert-success border-emerald-300 bg-emerald-50 text-emerald-900',
  info: 'alert-info border-crema bg-crema-soft text-espresso-deep',
} as const;

/**
 * A banner: role="alert" for failures (read out at once), role="status" for notices.
 * The `alert alert-*` classes keep the original's names for anyone styling or testing by them.
 */
export function Alert({ tone, children, onClose, className }: AlertProps) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('alert flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm leading-relaxed', tones[tone], className)}
    >
      <div className="min-w-0 flex-1">{children}</div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-my-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-full hover:bg-black/5"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}
