import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';

/** The take-away cup mark: a small cup left of the shop's name. */
export function CupMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <path d="M9 10h14l-1.9 18.2a2 2 0 0 1-2 1.8h-6.2a2 2 0 0 1-2-1.8z" fill="#6A4029" />
      <path d="M9.7 16.5h12.6l-.6 6H10.3z" fill="#FFBA33" />
      <rect x="6.5" y="6.5" width="19" height="4" rx="2" fill="#4B2C1B" />
      <path d="M11 6.5 12 3h8l1 3.5z" fill="#4B2C1B" />
    </svg>
  );
}

export function BrandLogo({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  return (
    <Link
      to={paths.home.getHref()}
      onClick={onNavigate}
      className={cn('inline-flex items-center gap-2 rounded-lg font-display text-xl font-bold text-ink', className)}
    >
      <CupMark />
      <span>Coffee Shop</span>
    </Link>
  );
}
