import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { useLoginRecord } from '../../lib/login-record';
import { useSignOut } from '../../lib/sign-out';
import { buttonStyles } from '../ui/button';
import { NavbarShell } from './navbar-shell';
import { ProfileMenu, staffLinksFor } from './profile-menu';

/**
 * Signed-in navigation: the four links, search, the external chat link and the profile
 * dropdown, plus staff entries for staff. Logout ends the session on the server, removes
 * the login record and goes to /login.
 *
 * `chatUrl` is the shop's CHAT_URL (GET /shop, http(s) or mailto: only); without one there is no chat link
 * rather than one to a service the shop never chose.
 */
export function NavbarSignedIn({ chatUrl }: { chatUrl: string | null }) {
  const { t } = useLingui();
  const user = useLoginRecord();
  const { signOut, pending } = useSignOut();
  const isStaff = user?.role === 'staff';
  const menuLink = 'block rounded-full px-4 py-3 font-display text-muted hover:text-espresso';

  return (
    <NavbarShell
      actions={
        <>
          {chatUrl && (
            <a
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t`Chat with us`}
              title={t`Chat with us (opens in a new tab)`}
              className="grid size-11 place-items-center rounded-full text-espresso hover:bg-espresso/10"
            >
              <ChatIcon />
            </a>
          )}
          <ProfileMenu user={user ?? null} onLogout={() => void signOut()} signingOut={pending} />
        </>
      }
      menuActions={(close) => (
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={paths.user.getHref()} onClick={close} className={menuLink}>
              <Trans>My Profile</Trans>
            </Link>
          </li>
          {chatUrl && (
            <li>
              <a href={chatUrl} target="_blank" rel="noopener noreferrer" onClick={close} className="flex items-center gap-2 rounded-full px-4 py-3 font-display text-muted hover:text-espresso">
                <ChatIcon />
                <Trans>Chat with us</Trans>
                <span className="sr-only"> {t`(opens in a new tab)`}</span>
              </a>
            </li>
          )}
          {isStaff &&
            staffLinksFor(user).map((link) => (
              <li key={link.label.id}>
                <Link to={link.to} onClick={close} className={menuLink}>
                  {t(link.label)}
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
              <Trans>Logout</Trans>
            </button>
          </li>
        </ul>
      )}
    />
  );
}

/** A speech bubble: the chat link's picture (drawn here, nothing fetched). */
function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M20 11.5a7.5 7.5 0 0 1-11 6.6L4 19.5l1.4-4.6A7.5 7.5 0 1 1 20 11.5z" />
      <path d="M9 11.5h.01M12.5 11.5h.01M16 11.5h.01" strokeWidth="2.6" />
    </svg>
  );
}
