import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-espresso px-5 py-3 font-display text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Navbar />
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="fixed inset-x-0 top-18 z-50 h-1 animate-pulse bg-crema" />
      )}
      {/* pt-18 clears the fixed navigation bar. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-18 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
