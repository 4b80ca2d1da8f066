import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { CloseButton } from './close-button';

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
  const { t } = useLingui();
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('alert flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm leading-relaxed', tones[tone], className)}
    >
      <div className="min-w-0 flex-1">{children}</div>
      {onClose && <CloseButton label={t`Close`} onClick={onClose} className="-my-1 -mr-1 hover:bg-black/5" />}
    </div>
  );
}
