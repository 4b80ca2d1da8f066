import { createContext, use } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';

/**
 * Items in the cart, for the 'Your Cart' badge in both navigation bars. The app layer provides it
 * (from the account's cart or the visitor's browser cart), so the navigation needs no cart code.
 */
export const CartCountContext = createContext(0);

export const useCartCount = (): number => use(CartCountContext);

/**
 * 'Your Cart, 3 items': the link's accessible name carries the count the badge shows. One message (ICU plural), so
 * each language words the count its own way.
 */
export function useCartLabel(): (count: number) => string {
  const { t } = useLingui();
  return (count) => (count > 0 ? t`Your Cart, ${plural(count, { one: '# item', other: '# items' })}` : t`Your Cart`);
}

/**
 * Phones: the links sit behind the menu button, so the cart and its count stay in the bar beside it.
 */
export function CartShortcut({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const count = useCartCount();
  const cartLabel = useCartLabel();
  return (
    <Link
      to={paths.payment.getHref()}
      onClick={onNavigate}
      aria-label={cartLabel(count)}
      className={cn('relative grid size-11 place-items-center rounded-full text-espresso hover:bg-espresso/10', className)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 7h12l-1.2 12.2a2 2 0 0 1-2 1.8H9.2a2 2 0 0 1-2-1.8z" />
        <path d="M9 7V6a3 3 0 0 1 6 0v1" />
      </svg>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 grid min-w-5 place-items-center rounded-full bg-crema px-1 font-display text-xs leading-5 font-bold text-espresso-deep tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
