import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonStyles } from '../ui/button';
import { NavbarShell } from './navbar-shell';

/** Logged-out navigation (spec section 2): the four links plus Login and Sign Up. */
export function NavbarVisitor() {
  return (
    <NavbarShell
      actions={
        <>
          <Link to={paths.login.getHref()} className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
            Login
          </Link>
          <Link to={paths.register.getHref()} className={buttonStyles({ variant: 'accent', size: 'sm' })}>
            Sign Up
          </Link>
        </>
      }
      menuActions={(close) => (
        <div className="grid grid-cols-2 gap-3">
          <Link to={paths.login.getHref()} onClick={close} className={buttonStyles({ variant: 'outline' })}>
            Login
          </Link>
          <Link to={paths.register.getHref()} onClick={close} className={buttonStyles({ variant: 'accent' })}>
            Sign Up
          </Link>
        </div>
      )}
    />
  );
}
