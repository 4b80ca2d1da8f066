import { useIsLoggedIn } from '../../lib/login-record';
import { NavbarSignedIn } from './navbar-signed-in';
import { NavbarVisitor } from './navbar-visitor';

/**
 * Spec section 4: the signed-in variant when a login record exists, the visitor variant otherwise.
 * `chatUrl` is the shop's chat link (GET /shop, which the app layer loads), shown to signed-in customers.
 */
export function Navbar({ chatUrl = null }: { chatUrl?: string | null }) {
  return useIsLoggedIn() ? <NavbarSignedIn chatUrl={chatUrl} /> : <NavbarVisitor />;
}
