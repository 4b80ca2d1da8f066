import { Suspense, lazy, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { useNavigationPending, useRouteHandles } from '../route-state';
import { CartCountContext } from '../../components/layout/cart-count';
import { Navbar } from '../../components/layout/navbar';
import { cn } from '../../lib/cn';
import { Trans, useLingui } from '@lingui/react/macro';

const LayoutSync = lazy(() => import('../layout-sync'));
// Below every page's content: off the first screen's JavaScript. A prerendered page has its HTML at once.
const Footer = lazy(async () => ({ default: (await import('../../components/layout/footer')).Footer }));

const noSubscription = () => () => undefined;
/**
 * False while a prerendered page is hydrated (and in the prerender itself), true from the next render on: what only
 * the browser has (the lazy layout work) is added after hydration, so the first render matches the page's HTML.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** A route with `handle: { bare: true }` (the sign-in screens) draws its own top: no navigation bar. */
const isBare = (handle: unknown) => typeof handle === 'object' && handle !== null && (handle as { bare?: unknown }).bare === true;

/**
 * The navigation bar with the layout's lazy work (the cart count, the chat link, the session and cart kept in step),
 * added after hydration. The state those set lives here, not in RootLayout: when it changes (the count after hydration,
 * an item added), only the bar is drawn again, never the page under it (a page drawn again synchronously after
 * hydration was a long task on a phone).
 */
function LayoutTop({ bare }: { bare: boolean }) {
  // 0 and none until the layout's lazy work has loaded, as in the prerendered page.
  const [cartCount, setCartCount] = useState(0);
  const [chatUrl, setChatUrl] = useState<string | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      {hydrated && (
        <Suspense fallback={null}>
          <LayoutSync onCartCount={setCartCount} onChatUrl={setChatUrl} />
        </Suspense>
      )}
      {!bare && (
        <CartCountContext value={cartCount}>
          <Navbar chatUrl={chatUrl} />
        </CartCountContext>
      )}
    </>
  );
}

/** Where each visited page was scrolled to, by history entry: going back returns there. */
const scrolledTo = new Map<string, number>();

/**
 * A new page (a link, a push) starts at its top; back and forward return where the page was left; a replaced address
 * (a menu tab) keeps the scroll. The first page is left where the browser has it: a phone user who scrolled a drawn
 * page before the app started stays there. An address with a #part is left to the browser.
 */
function useScrollPerPage() {
  const location = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) first.current = false;
    else if (!location.hash && type === NavigationType.Push) window.scrollTo(0, 0);
    else if (!location.hash && type === NavigationType.Pop) window.scrollTo(0, scrolledTo.get(location.key) ?? 0);
    return () => {
      scrolledTo.set(location.key, window.scrollY);
    };
  }, [location, type]);
}

export function RootLayout() {
  const pending = useNavigationPending();
  const bare = useRouteHandles().some(isBare);
  useScrollPerPage();
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* In the page's language, for search results and shared links (the page's <head>, where React puts it). */}
      <meta
        name="description"
        content={t`Coffee Shop: good coffee and healthy meals. Browse the menu, pick your size and order for dine in, pick up or door delivery.`}
      />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-espresso px-5 py-3 font-display text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <LayoutTop bare={bare} />
      {pending && (
        <div aria-hidden="true" className={cn('fixed inset-x-0 z-50 h-1 animate-pulse bg-crema', bare ? 'top-0' : 'top-18')} />
      )}
      {/* pt-18 clears the fixed navigation bar. */}
      <main id="main" tabIndex={-1} className={cn('flex-1 focus:outline-none', !bare && 'pt-18')}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
