import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLoginRecord } from '../../lib/login-record';
import { useSignOut } from '../../lib/sign-out';
import { buttonStyles } from '../ui/button';
import { NavbarShell } from './navbar-shell';
import { ProfileMenu, staffLinks } from './profile-menu';

/**
 * Signed-in navigation (spec section 2): the four links, search and the profile dropdown, plus staff
 * entries for staff. Logout (spec section 4) ends the session on the server, removes the login record
 * and goes to /login.
 *
 * The spec's external chat link needs a chat address the shop configures; the API has no such setting
 * yet, so no link is shown rather than one to a service the shop never chose.
 */
export function NavbarSignedIn() {
  const user = useLoginRecord();
  const { signOut, pending } = useSignOut();
  const isStaff = user?.role === 'staff';
  const menuLink = 'block rounded-full px-4 py-3 font-display text-muted hover:text-espresso';

  return (
    <NavbarShell
      actions={<ProfileMenu user={user} onLogout={() => void signOut()} signingOut={pending} />}
      menuActions={(close) => (
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={paths.user.getHref()} onClick={close} className={menuLink}>
              My Profile
            </Link>
          </li>
          {isStaff &&
            staffLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} onClick={close} className={menuLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          <li className="mt-2">
            <button
              type="button"
              disabled={pending}
              onClick={() => {
                close();
                void signOut();
              }}
              className={buttonStyles({ variant: 'outline', className: 'w-full' })}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    />
  );
}
