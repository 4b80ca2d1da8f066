import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { loginRecordName, readLoginRecord, removeLoginRecord } from '../../lib/login-record';
import { buttonStyles } from '../ui/button';
import { NavbarShell } from './navbar-shell';
import { ProfileMenu } from './profile-menu';

/**
 * Signed-in navigation (spec section 2): the four links, search, a chat link and the profile dropdown.
 * Logout (spec section 4) removes the login record and goes to /login; the accounts work adds the
 * server-side sign-out.
 */
export function NavbarSignedIn() {
  const navigate = useNavigate();
  const name = loginRecordName(readLoginRecord());
  const logout = () => {
    removeLoginRecord();
    navigate(paths.login.getHref());
  };

  return (
    <NavbarShell
      actions={
        <>
          <ChatLink />
          <ProfileMenu name={name} onLogout={logout} />
        </>
      }
      menuActions={(close) => (
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={paths.chat.getHref()} onClick={close} className="block rounded-full px-4 py-3 font-display text-muted hover:text-espresso">
              Chat
            </Link>
          </li>
          <li>
            <Link to={paths.user.getHref()} onClick={close} className="block rounded-full px-4 py-3 font-display text-muted hover:text-espresso">
              My Profile
            </Link>
          </li>
          <li className="mt-2">
            <button
              type="button"
              onClick={() => {
                close();
                logout();
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

function ChatLink() {
  return (
    <Link
      to={paths.chat.getHref()}
      aria-label="Chat"
      className="relative grid size-11 place-items-center rounded-full text-espresso hover:bg-espresso/10"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M4 5h16v11H9l-5 4z" />
        <path d="M8 10h8M8 13h5" strokeLinecap="round" />
      </svg>
    </Link>
  );
}
