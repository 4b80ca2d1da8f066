import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { cn } from '../../lib/cn';
import { SessionSync } from '../session-sync';
import { CartCountProvider, CartSync } from '../../features/cart/components/cart-sync';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';

/** A route with `handle: { bare: true }` (the sign-in screens) draws its own top: no navigation bar. */
const isBare = (handle: unknown) => typeof handle === 'object' && handle !== null && (handle as { bare?: unknown }).bare === true;

export function RootLayout() {
  const navigation = useNavigation();
  const bare = useMatches().some((match) => isBare(match.handle));
  // Public and long cached: the navigation's chat link, and the hours the order screens show.
  const shop = useShopSettings();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-espresso px-5 py-3 font-display text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SessionSync />
      <CartSync />
      {!bare && (
        <CartCountProvider>
          <Navbar chatUrl={shop.data?.chatUrl ?? null} />
        </CartCountProvider>
      )}
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className={cn('fixed inset-x-0 z-50 h-1 animate-pulse bg-crema', bare ? 'top-0' : 'top-18')} />
      )}
      {/* pt-18 clears the fixed navigation bar. */}
      <main id="main" tabIndex={-1} className={cn('flex-1 focus:outline-none', !bare && 'pt-18')}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
