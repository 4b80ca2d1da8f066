import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { DEFAULT_PAGE_LIMIT } from '@coffee/contract';
import type { Product, ProductListResponse } from '@coffee/contract';
import { AppProviders } from './app/providers';
import type { QuerySeed } from './app/providers';
import { PAGE_DATA_ID } from './app/page-data';
import { AppRoutes, routes } from './app/router';
import { Spinner } from './components/ui/spinner';
import { paths } from './config/paths';
import { productQueryOptions } from './features/products/api/get-product';
import { getProducts, productListKeys } from './features/products/api/get-products';
import { DEFAULT_TAB, PRODUCT_TABS } from './features/products/components/product-tabs';
import { msg } from '@lingui/core/macro';
import { LANGUAGES, PAGE_WORDS_ID, i18n, startLanguage, type Language } from './lib/i18n';
import { messages as englishShopWords } from './locales/en/shop.po';
import { messages as indonesianShopWords } from './locales/id/shop.po';

export { LANGUAGES };
export type { Language };

/**
 * Every rendering in its language, one at a time: the screens read the one i18n instance (as in the browser, where
 * there is one language at a time), so two renderings in different languages must not overlap.
 */
let rendering: Promise<unknown> = Promise.resolve();
function inLanguage<T>(language: Language, work: () => Promise<T>): Promise<T> {
  const run = rendering.then(async () => {
    await startLanguage(language, ['shop', 'account', 'staff', 'contract']);
    return work();
  });
  rendering = run.catch(() => undefined);
  return run;
}

/**
 * The build renders pages to HTML with this module (scripts/prerender.mjs), so a phone paints them before the app's
 * JavaScript has arrived.
 * - renderPage: a page whose first screen is the same for everyone (home, /products, the 404), which main.tsx then
 *   hydrates. Data the page fetches (the favourites, the menu, the cart count) is left in its loading state, as on a
 *   first visit, so the browser's first render matches the HTML.
 * - renderShell: the layout (navigation bar, footer) around a loading screen, for a product page the API cannot draw
 *   with its data: main.tsx renders the real page over it rather than hydrating it.
 * The API renders the menu and product pages with their data per request with it too (renderMenuPage,
 * renderProductPage): the build keeps it in dist-ssr, beside the page template.
 */
/** The installed app's words in `language`, for its manifest (scripts/prerender.mjs); its name is the brand's. */
export async function manifestWords(language: Language): Promise<{ description: string; menu: string }> {
  return inLanguage(language, () =>
    Promise.resolve({
      description: i18n._(msg`Good coffee and healthy meals: browse the menu, pick your size and order for dine in, pick up or door delivery.`),
      menu: i18n._(msg`Menu`),
    }),
  );
}

export async function renderPage(url: string, language: Language = 'en'): Promise<string> {
  return inLanguage(language, () => render(routes, url));
}

export async function renderShell(language: Language = 'en'): Promise<string> {
  return inLanguage(language, () => drawShell());
}

async function drawShell(): Promise<string> {
  // Only the root layout of the route table, with the loading screen in its place of the page.
  const [root] = routes;
  if (!root) throw new Error('The route table is empty.');
  const loading = (
    // The product page's own loading screen (app/routes/product-detail.tsx), so nothing moves when it takes over.
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner label="Loading product" />
    </div>
  );
  return render([{ element: root.element, children: [{ path: '*', element: loading }] }], '/');
}

/** A page rendered with its data: what goes in <head> (its title, its pictures' preloads), the body, and the data. */
export interface RenderedPage {
  head: string;
  body: string;
  /** The API answers it was drawn with, for the browser's query cache (AppProviders' seeds). */
  seeds: QuerySeed[];
}

/**
 * The API renders these per request (apps/api/src/plugins/web-app.ts), with answers from its catalogue cache, so a
 * phone paints the menu's first products and a product page whole before the JavaScript arrives. Only data that is
 * the same for every visitor goes in: the cart, the session and the shop's settings stay in their loading state, as
 * on any first visit, so the browser hydrates the HTML without a difference.
 */
/** The query of the menu page's first call (its default tab's first page), which the API answers for renderMenuPage. */
export function menuFirstQuery(): Record<string, string> {
  const filters = Object.entries(defaultTab().filters).map(([name, value]): [string, string] => [name, String(value)]);
  return { ...Object.fromEntries(filters), page: '1', limit: String(DEFAULT_PAGE_LIMIT) };
}

export async function renderMenuPage(firstPage: ProductListResponse, language: Language = 'en'): Promise<RenderedPage> {
  const tab = defaultTab();
  const seeds = [{ queryKey: productListKeys.infinite(tab.filters, DEFAULT_PAGE_LIMIT), data: { pages: [firstPage], pageParams: [1] } }];
  return renderWith('/products', seeds, language);
}

export async function renderProductPage(product: Product, language: Language = 'en'): Promise<RenderedPage> {
  const seeds = [{ queryKey: productQueryOptions(Number(product.id)).queryKey, data: product }];
  return renderWith(`/products/${product.id}`, seeds, language);
}

async function renderWith(url: string, seeds: QuerySeed[], language: Language): Promise<RenderedPage> {
  return { ...splitHead(await inLanguage(language, () => render(routes, url, seeds))), seeds };
}

/**
 * React writes the page's <title> and its pictures' preloads first: they belong in <head>. A part left pending
 * (`<!--$?-->`) would be put in place by an inline script, which the CSP refuses: the page would stay hidden.
 */
export function splitHead(rendered: string): { head: string; body: string } {
  const [, head = '', body = rendered] = /^((?:<link [^>]*\/>|<meta [^>]*\/>|<title>[^<]*<\/title>)*)([\s\S]*)$/.exec(rendered) ?? [];
  if (/<!--\$\?-->|<script>/.test(body)) throw new Error('Rendering left a part of the page pending: it would stay hidden.');
  return { head, body };
}

async function render(table: RouteObject[], url: string, seeds: readonly QuerySeed[] = []): Promise<string> {
  // prerender, not renderToString: it waits for the lazy parts of a page (its screen, home's sections below the hero)
  // and writes their HTML too, where renderToString would write their loading fallback.
  const { prelude } = await prerender(
    <Page seeds={seeds}>
      <StaticRouter location={url}>
        <AppRoutes table={table} />
      </StaticRouter>
    </Page>,
    // Every part in place: React otherwise moves a large one (home's sections) after the page with an inline script
    // to put it back, which the CSP refuses.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}

function Page({ children, seeds }: { children: ReactNode; seeds: readonly QuerySeed[] }) {
  return (
    <StrictMode>
      <AppProviders seeds={seeds}>{children}</AppProviders>
    </StrictMode>
  );
}

/**
 * The address of the first call /products makes (its default tab's first page), which the prerendered page preloads.
 * Read from the call itself, with fetch stubbed, so the preload cannot drift from what the page really asks for.
 */
export async function productsFirstRequest(): Promise<string> {
  const tab = defaultTab();
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

function defaultTab() {
  const tab = PRODUCT_TABS.find((candidate) => candidate.key === DEFAULT_TAB);
  if (!tab) throw new Error(`The default tab ${DEFAULT_TAB} is not among the product tabs.`);
  return tab;
}

/**
 * The page around a rendering: `template` is the app's index.html with its stylesheet inlined (scripts/prerender.mjs
 * writes it as dist-ssr/page-template.html); the rendering's title replaces the template's, its head links and
 * `extraHead` go at the end of <head>, its body fills the empty root.
 */
export function composePage(
  template: string,
  { head, body }: { head: string; body: string },
  { extraHead = '', rootAttributes = '', language = 'en' }: { extraHead?: string; rootAttributes?: string; language?: Language } = {},
): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('The page template has no empty <div id="root"></div> to fill.');
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0];
  // Replacer functions: the page's text may hold `$&` and the like, which a replacement string would expand.
  let html = inPageLanguage(template, language);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  html = html.replace('</head>', () => `${head.replace(title ?? '', '')}${extraHead}</head>`);
  return html.replace('<div id="root"></div>', () => `<div id="root"${rootAttributes}>${body}</div>`);
}

/** The words of the layout and the visitor's screens (the `shop` catalogue), compiled, in each language. */
const SHOP_WORDS: Record<Language, object> = { en: englishShopWords, id: indonesianShopWords };

/**
 * The page (index.html or a page built from it) in `language`: its `lang`, which the app starts in (lib/i18n.ts), the
 * manifest in that language (scripts/prerender.mjs writes one per language), and the words its screens start with.
 * The words travel in the page as data, as its API answers do (pageDataScript): text the page shows, not code to run,
 * and no request after the page's before the app can start. The budget check weighs them beside the JavaScript.
 */
export function inPageLanguage(html: string, language: Language): string {
  if (!/<html lang="[a-z]+">/.test(html)) throw new Error('The page template has no <html lang="..."> to set.');
  const words = `<script type="application/json" id="${PAGE_WORDS_ID}">${JSON.stringify(SHOP_WORDS[language]).replace(/</g, '\\u003c')}</script>`;
  return html
    .replace(/<html lang="[a-z]+">/, () => `<html lang="${language}">`)
    .replace(/<link rel="manifest" href="[^"]*"/, () => `<link rel="manifest" href="${manifestPath(language)}"`)
    .replace(/<script type="application\/json" id="page-words">[^<]*<\/script>/, '')
    .replace('</body>', () => `${words}</body>`);
}

/** The web app manifest in `language`: /manifest.webmanifest in English, /manifest.id.webmanifest in Indonesian. */
export function manifestPath(language: Language): string {
  return language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;
}

/**
 * The page's data for the browser, in a block the browser never runs (the CSP allows no inline script): main.tsx
 * reads it into the query cache before hydrating. `<` is escaped so no text in the data can close the element.
 */
export function pageDataScript(seeds: readonly QuerySeed[]): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(seeds).replace(/</g, '\\u003c')}</script>`;
}
