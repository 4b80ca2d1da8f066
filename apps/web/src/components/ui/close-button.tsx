import { cn } from '../../lib/cn';

type CloseButtonProps = {
  /** The accessible name: 'Close' for a banner, 'Dismiss' for a toast. */
  label: string;
  onClick: () => void;
  /** Hover and focus colours for the surface it sits on, and any margins. */
  className?: string;
};

/** The round × button of banners and toasts. */
export function CloseButton({ label, onClick, className }: CloseButtonProps) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={cn('grid size-8 shrink-0 place-items-center rounded-full', className)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
