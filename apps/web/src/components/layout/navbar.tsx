import { Suspense, lazy } from 'react';
import { useIsLoggedIn } from '../../lib/login-record';
import { NavbarShell } from './navbar-shell';
import { NavbarVisitor } from './navbar-visitor';

// A first visit, and every prerendered page, shows the visitor bar: the signed-in bar and its profile menu load on
// demand, off the first screen's JavaScript.
const NavbarSignedIn = lazy(async () => ({ default: (await import('./navbar-signed-in')).NavbarSignedIn }));

/**
 * The signed-in variant when a login record exists, the visitor variant otherwise.
 * `chatUrl` is the shop's chat link (GET /shop, which the app layer loads), shown to signed-in customers.
 */
export function Navbar({ chatUrl = null }: { chatUrl?: string | null }) {
  if (!useIsLoggedIn()) return <NavbarVisitor />;
  return (
    // While its code arrives: the bar without Login and Sign Up, which a signed-in customer must not be offered.
    <Suspense fallback={<NavbarShell actions={null} menuActions={() => null} />}>
      <NavbarSignedIn chatUrl={chatUrl} />
    </Suspense>
  );
}
