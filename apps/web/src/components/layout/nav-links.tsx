import { NavLink } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useCartCount, useCartLabel } from './cart-count';

// Both navigation variants (visitor and signed-in) carry these four links.
const links = [
  { to: paths.home.getHref(), label: msg`Home`, end: true },
  { to: paths.products.getHref(), label: msg`Product`, end: false },
  { to: paths.payment.getHref(), label: msg`Your Cart`, end: false },
  { to: paths.history.getHref(), label: msg`History`, end: false },
] as const;

export function NavLinks({ direction, onNavigate }: { direction: 'row' | 'column'; onNavigate?: () => void }) {
  const { t } = useLingui();
  const cartCount = useCartCount();
  const cartLabel = useCartLabel();
  return (
    <ul className={cn('flex', direction === 'row' ? 'items-center gap-1 xl:gap-3' : 'flex-col gap-1')}>
      {links.map((link) => {
        // The badge is drawn for the eye; the link's name says it in words ('Your Cart, 3 items').
        const badge = link.to === paths.payment.getHref() && cartCount > 0 ? cartCount : null;
        return (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              aria-label={badge === null ? undefined : cartLabel(badge)}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'block rounded-full px-3 py-2 font-display text-[0.95rem] transition-colors',
                  direction === 'column' && 'px-4 py-3 text-base',
                  isActive ? 'font-bold text-espresso' : 'text-muted hover:text-espresso',
                )
              }
            >
              {t(link.label)}
              {/* A space between the words and the badge: the visible text then reads as the start of the link's name. */}
              {badge !== null && <> <CartBadge count={badge} /></>}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function CartBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className="ml-0.5 inline-grid min-w-5 place-items-center rounded-full bg-crema px-1.5 align-[0.1em] font-display text-xs leading-5 font-bold text-espresso-deep tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
