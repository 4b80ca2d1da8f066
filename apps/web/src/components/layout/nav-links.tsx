import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';

// Spec section 2: both navigation variants carry these four links.
const links = [
  { to: paths.home.getHref(), label: 'Home', end: true },
  { to: paths.products.getHref(), label: 'Product', end: false },
  { to: paths.payment.getHref(), label: 'Your Cart', end: false },
  { to: paths.history.getHref(), label: 'History', end: false },
] as const;

export function NavLinks({ direction, onNavigate }: { direction: 'row' | 'column'; onNavigate?: () => void }) {
  return (
    <ul className={cn('flex', direction === 'row' ? 'items-center gap-1 xl:gap-3' : 'flex-col gap-1')}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'block rounded-full px-3 py-2 font-display text-[0.95rem] transition-colors',
                direction === 'column' && 'px-4 py-3 text-base',
                isActive ? 'font-bold text-espresso' : 'text-muted hover:text-espresso',
              )
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
