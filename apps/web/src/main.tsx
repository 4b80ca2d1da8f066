import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Self-hosted fonts (no CDN: the shop must work offline on a local network). Latin subset, weights in use only.
import '@fontsource/rubik/latin-400.css';
import '@fontsource/rubik/latin-500.css';
import '@fontsource/rubik/latin-700.css';
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import './styles.css';
import { AppProviders } from './app/providers';
import { APP_STARTED_ATTRIBUTE, readPageData } from './app/page-data';
import { AppRouter, AppRoutes, preloadScreens } from './app/router';
import { PageLoading } from './app/routes/page-loading';
import { pageLanguage, rememberAskedLanguage, startLanguage, takeWordsFromPage } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * Pages prerendered at build (home, 404: scripts/prerender.mjs) or rendered by the API with their data (the menu, a
 * product: entry-server.tsx) arrive with their HTML and are hydrated, the data put in the query cache first;
 * a product page the API could not render (the build's product.html: the layout around a loading screen,
 * `data-shell`) is rendered over; every other page starts empty. The page's screen may be a lazy route: its code is
 * loaded first, so the first render draws it whole instead of waiting for it (the page then answers taps at once).
 */
async function start(container: HTMLElement) {
  const shell = container.hasAttribute('data-shell');
  const prerendered = !shell && container.firstElementChild !== null;
  rememberAskedLanguage(window.location);
  takeWordsFromPage(pageLanguage());
  // The layout's and visitor screens' words in the page's language first: every screen draws text.
  await Promise.all([startLanguage(pageLanguage(), ['shop']), prerendered || shell ? preloadScreens(window.location) : undefined]);
  const app = (
    <StrictMode>
      <AppProviders seeds={readPageData()}>
        <AppRouter>
          <AppRoutes loading={prerendered ? undefined : <PageLoading />} />
        </AppRouter>
      </AppProviders>
      <Started />
    </StrictMode>
  );
  if (prerendered) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // for the whole page: a tap or a scroll during start-up is answered at once (the page is already drawn).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  }
  // Over a shell: the first commit replaces the container's HTML.
  else createRoot(container).render(app);
}

/**
 * Marks the page as started (`<html data-app-started>`) once the app's first commit is on screen: a drawn page's
 * buttons answer from then on. The browser stories wait for it after each page load (e2e/fixtures.ts).
 */
function Started() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, '');
  }, []);
  return null;
}

void start(root);
