import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
// Self-hosted fonts (no CDN: the shop must work offline on a local network). Latin subset, weights in use only.
import '@fontsource/rubik/latin-400.css';
import '@fontsource/rubik/latin-500.css';
import '@fontsource/rubik/latin-700.css';
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import './styles.css';
import { AppProviders } from './app/providers';
import { AppRouter, createAppRouter, routes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * Pages prerendered at build (home, /products, 404: scripts/prerender.mjs) arrive with their HTML and are hydrated;
 * a product page arrives with a prerendered shell (the layout around a loading screen, `data-shell`) that the app
 * renders over; every other page starts empty. The page's screen may be a lazy route: its code is loaded first, or
 * the router would draw its full-screen loading fallback over the prerendered HTML.
 */
async function start(container: HTMLElement) {
  const shell = container.hasAttribute('data-shell');
  const prerendered = !shell && container.firstElementChild !== null;
  if (prerendered || shell) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const lazy = route.lazy;
        if (typeof lazy !== 'function') return;
        Object.assign(route, { ...(await lazy()), lazy: undefined });
      }),
    );
  }
  const app = (
    <StrictMode>
      <AppProviders>
        <AppRouter router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  // Over a shell: the first commit replaces the container's HTML.
  else createRoot(container).render(app);
}

void start(root);
