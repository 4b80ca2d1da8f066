import { useIsLoggedIn } from '../../lib/login-record';
import { NavbarSignedIn } from './navbar-signed-in';
import { NavbarVisitor } from './navbar-visitor';

/** Spec section 4: the signed-in variant when a login record exists, the visitor variant otherwise. */
export function Navbar() {
  return useIsLoggedIn() ? <NavbarSignedIn /> : <NavbarVisitor />;
}
