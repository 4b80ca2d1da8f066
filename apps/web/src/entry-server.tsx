import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { DEFAULT_PAGE_LIMIT } from '@coffee/contract';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { Spinner } from './components/ui/spinner';
import { paths } from './config/paths';
import { getProducts } from './features/products/api/get-products';
import { DEFAULT_TAB, PRODUCT_TABS } from './features/products/components/product-tabs';

/**
 * The build renders pages to HTML with this module (scripts/prerender.mjs), so a phone paints them before the app's
 * JavaScript has arrived.
 * - renderPage: a page whose first screen is the same for everyone (home, /products, the 404), which main.tsx then
 *   hydrates. Data the page fetches (the favourites, the menu, the cart count) is left in its loading state, as on a
 *   first visit, so the browser's first render matches the HTML.
 * - renderShell: the layout (navigation bar, footer) around a loading screen, for a page that depends on its address
 *   (a product): main.tsx renders the real page over it rather than hydrating it.
 */
export async function renderPage(url: string): Promise<string> {
  return render(routes, url);
}

export async function renderShell(): Promise<string> {
  // Only the root layout of the route table, with the loading screen in its place of the page.
  const [root] = routes;
  if (!root) throw new Error('The route table is empty.');
  const loading = (
    // The product page's own loading screen (app/routes/product-detail.tsx), so nothing moves when it takes over.
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner label="Loading product" />
    </div>
  );
  return render([{ element: root.element, errorElement: root.errorElement, children: [{ path: '*', element: loading }] }], '/');
}

async function render(table: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(table);
  // The lazy screen of the page (/products, the 404) is loaded here, so its HTML is complete.
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`Prerendering ${url} answered a redirect.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender, not renderToString: it waits for the lazy parts of a page (home's sections below the hero) and writes
  // their HTML too, where renderToString would write their loading fallback.
  const { prelude } = await prerender(
    <Page>
      {/* hydrate={false}: no inline script of router state (the CSP allows none); these pages load no data. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Page>,
    // Every part in place: React otherwise moves a large one (home's sections) after the page with an inline script
    // to put it back, which the CSP refuses.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}

function Page({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>{children}</AppProviders>
    </StrictMode>
  );
}

/**
 * The address of the first call /products makes (its default tab's first page), which the prerendered page preloads.
 * Read from the call itself, with fetch stubbed, so the preload cannot drift from what the page really asks for.
 */
export async function productsFirstRequest(): Promise<string> {
  const tab = PRODUCT_TABS.find((candidate) => candidate.key === DEFAULT_TAB);
  if (!tab) throw new Error(`The default tab ${DEFAULT_TAB} is not among the product tabs.`);
  const realFetch = globalThis.fetch;
  let requested: string | undefined;
  globalThis.fetch = (input) => {
    requested = input instanceof Request ? input.url : String(input);
    return Promise.reject(new Error('recorded'));
  };
  try {
    await getProducts(tab.filters, { page: 1, limit: DEFAULT_PAGE_LIMIT }).catch(() => undefined);
  } finally {
    globalThis.fetch = realFetch;
  }
  if (!requested) throw new Error('Listing the products made no request.');
  return requested;
}

/** The app's own pages (route patterns such as /products/:id); any other address is the 404 page. */
export const appPaths: string[] = Object.values(paths)
  .map((route) => route.path)
  .filter((path) => path !== paths.notFound.path);
