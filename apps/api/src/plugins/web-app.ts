import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompressibleBody, sendCompressible } from './compression.js';
import { localeOf } from './error-handler.js';
import { LOCALES, type Locale } from '../lib/i18n.js';

/** A page of the built web app, with the brotli and gzip copies the build wrote beside it. */
function readPage(file: string): CompressibleBody {
  const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return new CompressibleBody(fs.readFileSync(file), { br: copy('.br'), gzip: copy('.gz') });
}

/**
 * The hashes ('sha256-...') of the inline scripts the built pages carry (their boot script, written into the page so
 * it holds taps from the first paint), for the Content-Security-Policy's script-src: apps/web's build writes them to
 * dist/csp.json. None without a build (API-only tests) or for an older build, whose boot script is a file.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const file = webDist && path.join(webDist, 'csp.json');
  if (!file || !fs.existsSync(file)) return [];
  const { scriptSrc } = JSON.parse(fs.readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
  return Array.isArray(scriptSrc) ? scriptSrc.filter((hash): hash is string => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash)) : [];
}

/** '/products/:id' -> a test for '/products/7' (a trailing slash allowed). */
function toMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Where the build's product page asks for the preloads of the product the address names. */
const PAGE_PRELOADS = '<!--page-preloads-->';
/** The web app's own test of a product id: anything else is its not-found screen, which asks the API for nothing. */
const PRODUCT_PAGE = /^\/products\/([1-9]\d{0,15})\/?$/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An answer of the catalogue, and the object it was built from: the same object until the catalogue changes. */
export interface CatalogueAnswer {
  /** What a page rendered from the answer is cached under (WeakMap): a new object means a new rendering. */
  source: object;
  answer: unknown;
}

export type WebAppOptions = {
  /** The address of a product's picture (null when it has none); throws or answers undefined for an unknown id. */
  productPicture?: (id: string) => Promise<string | null | undefined>;
  /** GET /api/v1/products as it answers `query` ({ data, meta }). */
  productList?: (query: Record<string, string>) => Promise<CatalogueAnswer>;
  /** GET /api/v1/products/:id's `data`; throws for an unknown id. */
  product?: (id: string) => Promise<CatalogueAnswer>;
};

/** What the web app's server build (apps/web/src/entry-server.tsx, built into dist-ssr) gives the API. */
interface PageRenderer {
  menuFirstQuery(): Record<string, string>;
  renderMenuPage(firstPage: unknown, language: Locale): Promise<RenderedPage>;
  renderProductPage(product: unknown, language: Locale): Promise<RenderedPage>;
  composePage(template: string, page: RenderedPage, options: { extraHead?: string; language: Locale }): string;
  pageDataScript(seeds: unknown[]): string;
}

/** The cookie in which the web app remembers a visitor's language (apps/web/src/lib/i18n.ts). */
const LANGUAGE_COOKIE = 'lang';
const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The language a page is drawn in: the one its address asks for (`?lang=id`, the alternates below), else the one the
 * visitor chose (the cookie), else the browser's preference among ours, else English.
 */
function pageLanguage(request: FastifyRequest): Locale {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLocale(asked)) return asked;
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return isLocale(chosen) ? chosen : localeOf(request);
}

/**
 * The page's other languages, as a Link header (search engines read it as they read <link rel="alternate"> in the
 * page): the same address with `?lang=`, and the address alone for a browser whose language is neither.
 */
function languageAlternates(pathname: string): string {
  const address = (language?: Locale) => (language ? `${pathname}?lang=${language}` : pathname);
  return [...LOCALES.map((language) => `<${address(language)}>; rel="alternate"; hreflang="${language}"`), `<${address()}>; rel="alternate"; hreflang="x-default"`].join(', ');
}

interface RenderedPage {
  head: string;
  body: string;
  seeds: unknown[];
}

/**
 * The web app's server build beside its dist (apps/web/dist-ssr), with the page template the build wrote there; none
 * for a build without one (an older dist, the API tests' pages), where the prerendered pages are served as before.
 */
async function loadPageRenderer(webDist: string): Promise<{ renderer: PageRenderer; template: string } | undefined> {
  const dir = path.join(webDist, '..', 'dist-ssr');
  const entry = path.join(dir, 'entry-server.js');
  const templateFile = path.join(dir, 'page-template.html');
  if (!fs.existsSync(entry) || !fs.existsSync(templateFile)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  return { renderer, template: fs.readFileSync(templateFile, 'utf8') };
}

/**
 * Pages rendered with the catalogue's data, one rendering per answer object: the first visitor after a menu change
 * pays for the rendering (a few milliseconds), everyone else gets the same bytes, compressed once. A promise is kept
 * so simultaneous first visitors share one rendering.
 */
function renderedPages(render: (answer: unknown) => Promise<string>) {
  const pages = new WeakMap<object, Promise<CompressibleBody>>();
  return (found: CatalogueAnswer): Promise<CompressibleBody> => {
    let page = pages.get(found.source);
    if (!page) {
      page = render(found.answer).then((html) => new CompressibleBody(Buffer.from(html)));
      // A failed rendering is not kept: the next visitor tries again.
      page.catch(() => pages.delete(found.source));
      pages.set(found.source, page);
    }
    return page;
  };
}

/**
 * Serves the built web app (apps/web/dist): its files with their precompressed copies by content negotiation, the
 * pages prerendered at build (`/`, `/products`), a product page's shell with that product's answer and picture
 * preloaded, the app shell for the app's other routes, and the prerendered 404 page with status 404 for any other
 * address. A build without the prerendered pages (an older dist) gets the shell everywhere. Every page in the language
 * pageLanguage chooses, which reads the request's cookies and languages: @fastify/cookie and @fastify/accepts must be
 * registered first (the session plugin and the error handler do).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, options: WebAppOptions = {}): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // file.js.br / file.js.gz from the build's prerender step, chosen by Accept-Encoding.
    preCompressed: true,
    // @fastify/static 10 passes the Fastify reply here, not the raw response.
    setHeaders(reply, filePath) {
      // Vite names assets by content hash; pages must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        void reply.header('Cache-Control', 'no-cache');
      }
    },
  });

  /** The build's page in `language` (home.html, home.id.html), else its English one (an older build). */
  const fileIn = (name: string, language: Locale) => {
    const translated = path.join(webDist, language === 'en' ? name : name.replace(/\.html$/, `.${language}.html`));
    const file = fs.existsSync(translated) ? translated : path.join(webDist, name);
    return fs.existsSync(file) ? file : undefined;
  };
  const pagesIn = (language: Locale) => {
    const page = (name: string) => {
      const file = fileIn(name, language);
      return file ? readPage(file) : undefined;
    };
    const shell = page('index.html');
    if (!shell) throw new Error(`${webDist} has no index.html: build the web app first.`);
    const productFile = fileIn('product.html', language);
    return {
      shell,
      home: page('home.html') ?? shell,
      notFound: page('404.html'),
      // The prerendered /products shows its default tab: an address with a tab or a search gets the shell instead,
      // as hydrating the default tab's HTML there would not match what the app draws.
      products: page('products.html'),
      productShell: productFile ? fs.readFileSync(productFile, 'utf8') : undefined,
    };
  };
  const pages = Object.fromEntries(LOCALES.map((language) => [language, pagesIn(language)])) as Record<Locale, ReturnType<typeof pagesIn>>;

  /**
   * The product's API answer, which the page asks for first, and its picture, the page's largest paint: both asked
   * for beside the page's JavaScript rather than after it. use-credentials as the app's fetch sends cookies; the
   * browser reuses a preload only when the two match.
   */
  const productPreloads = async (id: string): Promise<string> => {
    const links = [`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/products/${id}">`];
    const picture = await options.productPicture?.(id).catch(() => undefined);
    if (picture) links.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture)}">`);
    return links.join('');
  };
  // The menu and product pages drawn with their data when the server build is there (see renderedPages).
  const server = await loadPageRenderer(webDist);
  /** Each language's renderings of a page (see renderedPages). */
  const drawn = (render: (renderer: PageRenderer, answer: unknown, language: Locale) => Promise<RenderedPage>) => {
    const inLanguage = (language: Locale) =>
      renderedPages(async (answer) => {
        if (!server) throw new Error('No server build to draw the page with.');
        const { renderer, template } = server;
        const page = await render(renderer, answer, language);
        return renderer.composePage(template, page, { extraHead: renderer.pageDataScript(page.seeds), language });
      });
    return Object.fromEntries(LOCALES.map((language) => [language, inLanguage(language)])) as Record<Locale, ReturnType<typeof inLanguage>>;
  };
  const menuQuery = server?.renderer.menuFirstQuery();
  const { product: findProduct, productList: findList } = options;
  const menuPages = drawn((renderer, answer, language) => renderer.renderMenuPage(answer, language));
  const productPages = drawn((renderer, answer, language) => renderer.renderProductPage(answer, language));

  /** The page with its data, or undefined (no server build, an unknown product, a failed rendering: logged). */
  const withData = async (
    request: FastifyRequest,
    find: (() => Promise<CatalogueAnswer>) | undefined,
    pages: (found: CatalogueAnswer) => Promise<CompressibleBody>,
  ): Promise<CompressibleBody | undefined> => {
    if (!server || !find) return undefined;
    let found: CatalogueAnswer;
    try {
      found = await find();
    } catch {
      return undefined; // an unknown product: the app's own not-found screen, drawn over the shell
    }
    try {
      return await pages(found);
    } catch (err) {
      request.log.error({ err }, 'rendering a page with its data failed; serving the page without it');
      return undefined;
    }
  };

  const pathsFile = path.join(webDist, 'app-paths.json');
  const appRoutes = fs.existsSync(pathsFile)
    ? (JSON.parse(fs.readFileSync(pathsFile, 'utf8')) as string[]).map(toMatcher)
    : undefined;

  // Unknown API paths and missing files stay JSON 404s. A catch-all GET route rather than a second not-found
  // handler: the error handler already owns that one, and Fastify refuses to start with two.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (isApi || looksLikeFile) {
      const route = `${request.method} ${pathname}`;
      return reply.code(404).send({ message: app.translator.translate(/*i18n*/ { id: 'No route for {route}', values: { route } }, localeOf(request)) });
    }
    const language = pageLanguage(request);
    const { shell, home, notFound, products, productShell } = pages[language];
    const known = !appRoutes || !notFound || appRoutes.some((route) => route.test(pathname));
    void reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The same address is drawn in either language, by the cookie or the browser's preference.
      .header('Vary', 'Cookie, Accept-Language')
      .header('Content-Language', language)
      .header('Link', languageAlternates(pathname));
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    // `?lang=` alone still gets the drawn menu: it only chose the language.
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    query.delete('lang');
    const hasQuery = query.size > 0;
    const rendered =
      productId ? await withData(request, findProduct && (() => findProduct(productId)), productPages[language])
      : /^\/products\/?$/.test(pathname) && !hasQuery && menuQuery
        ? await withData(request, findList && (() => findList(menuQuery)), menuPages[language])
        : undefined;
    if (rendered) {
      sendCompressible(request, reply, rendered);
      return reply;
    }
    if (productShell && productId) {
      // Written per request (the preloads name the product), so compressed on the way out like any answer.
      const preloads = await productPreloads(productId);
      return reply.send(productShell.replace(PAGE_PRELOADS, () => preloads));
    }
    const body =
      !known && notFound ? notFound
      : pathname === '/' ? home
      : /^\/products\/?$/.test(pathname) && products && !hasQuery ? products
      : shell;
    sendCompressible(request, reply, body);
    return reply;
  });
}
