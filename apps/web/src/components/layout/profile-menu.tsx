import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { staffMay, type AuthUser, type StaffRight } from '@coffee/contract';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';

/** Staff-only entries (menu management and the orders screen); the API refuses them to customers anyway. */
export const staffLinks: readonly { to: string; label: MessageDescriptor; right: StaffRight }[] = [
  { to: paths.addProduct.getHref(), label: msg`Add product`, right: 'menu' },
  { to: paths.staffOrders.getHref(), label: msg`Orders`, right: 'orders' },
  { to: paths.staffStores.getHref(), label: msg`Stores`, right: 'stores' },
  { to: paths.staffPromotions.getHref(), label: msg`Promotions`, right: 'coupons' },
  { to: paths.staffLoyalty.getHref(), label: msg`Points and rewards`, right: 'coupons' },
  { to: paths.staffTeam.getHref(), label: msg`Staff`, right: 'staff' },
  { to: paths.staffReports.getHref(), label: msg`Reports`, right: 'reports' },
  { to: paths.staffReconciliation.getHref(), label: msg`Reconciliation`, right: 'reports' },
];

/** The staff links this account's role may use: the rest are not offered (the API refuses them anyway). */
export const staffLinksFor = (user: AuthUser | null | undefined) =>
  user?.role === 'staff' ? staffLinks.filter((link) => staffMay(user.staffRole, link.right)) : [];

type ProfileMenuProps = { user: AuthUser | null; onLogout: () => void; signingOut?: boolean };

/** The signed-in profile dropdown: My Profile and Logout. A disclosure, closed by Escape or a click outside. */
export function ProfileMenu({ user, onLogout, signingOut = false }: ProfileMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemClass = 'block w-full rounded-xl px-3 py-2.5 text-left font-display text-ink hover:bg-page';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t`Profile menu`}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center overflow-hidden rounded-full ring-2 ring-crema ring-offset-2 hover:ring-espresso"
      >
        <Avatar photoUrl={user?.photoUrl ?? null} />
      </button>
      {open && (
        <div id={menuId} className="absolute top-full right-0 mt-3 w-60 rounded-2xl bg-white p-2 shadow-card ring-1 ring-line">
          {user && (
            <div className="px-3 pt-2 pb-3">
              <p className="truncate font-display font-medium text-ink">{user.displayName}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          )}
          <ul>
            <li>
              <Link to={paths.user.getHref()} onClick={() => setOpen(false)} className={itemClass}>
                <Trans>My Profile</Trans>
              </Link>
            </li>
            {user?.role === 'staff' && (
              <li className="mt-1 border-t border-line pt-1">
                <p className="px-3 pt-2 pb-1 text-xs font-medium tracking-wider text-muted uppercase">
                  <Trans>Staff</Trans>
                </p>
                <ul>
                  {staffLinksFor(user).map((link) => (
                    <li key={link.label.id}>
                      <Link to={link.to} onClick={() => setOpen(false)} className={itemClass}>
                        {t(link.label)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            )}
            <li className="mt-1 border-t border-line pt-1">
              <button
                type="button"
                disabled={signingOut}
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
                className={cn(itemClass, 'text-espresso')}
              >
                {signingOut ? t`Logging out…` : t`Logout`}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/** The user's photo, or the drawn avatar. Decorative: the button around it has the name. */
export function Avatar({ photoUrl, className = 'size-10' }: { photoUrl: string | null; className?: string }) {
  if (photoUrl) return <img src={photoUrl} alt="" className={cn('rounded-full object-cover', className)} />;
  return <AvatarIcon className={className} />;
}

export function AvatarIcon({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="20" fill="#FFF3D9" />
      <circle cx="20" cy="16" r="7" fill="#6A4029" />
      <path d="M7 34c2-7 7-10 13-10s11 3 13 10a19 19 0 0 1-26 0z" fill="#6A4029" />
    </svg>
  );
}
