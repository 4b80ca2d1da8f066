import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { Button } from './button';

type ErrorStateProps = {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
  className?: string;
};

export function ErrorState({ title, message, onRetry, retrying, children, className }: ErrorStateProps) {
  const { t } = useLingui();
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-3xl bg-white p-8 text-center shadow-card', className)}>
      <svg aria-hidden="true" viewBox="0 0 48 48" className="size-12">
        <circle cx="24" cy="24" r="22" fill="#FFF3D9" />
        <path d="M24 13v14" stroke="#6A4029" strokeWidth="4" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.6" fill="#6A4029" />
      </svg>
      <p className="font-display text-lg font-medium text-espresso">{title ?? t`Something went wrong`}</p>
      <p className="max-w-md text-sm text-muted">{message}</p>
      {onRetry && (
        <Button variant="primary" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? t`Retrying…` : t`Try again`}
        </Button>
      )}
      {children}
    </div>
  );
}
