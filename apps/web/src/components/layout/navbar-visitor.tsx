import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { useCurrentPlace } from '../../lib/return-to';
import { buttonStyles } from '../ui/button';
import { NavbarShell } from './navbar-shell';

/** Logged-out navigation: the four links plus Login and Sign Up. */
export function NavbarVisitor() {
  // Signing in or up from any page comes back to it (home needs no returnTo).
  const here = useCurrentPlace();
  const returnTo = here === paths.home.getHref() ? null : here;
  return (
    <NavbarShell
      actions={
        <>
          <Link to={paths.login.getHref(returnTo)} className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
            <Trans>Login</Trans>
          </Link>
          <Link to={paths.register.getHref(returnTo)} className={buttonStyles({ variant: 'accent', size: 'sm' })}>
            <Trans>Sign Up</Trans>
          </Link>
        </>
      }
      menuActions={(close) => (
        <div className="grid grid-cols-2 gap-3">
          <Link to={paths.login.getHref(returnTo)} onClick={close} className={buttonStyles({ variant: 'outline' })}>
            <Trans>Login</Trans>
          </Link>
          <Link to={paths.register.getHref(returnTo)} onClick={close} className={buttonStyles({ variant: 'accent' })}>
            <Trans>Sign Up</Trans>
          </Link>
        </div>
      )}
    />
  );
}
