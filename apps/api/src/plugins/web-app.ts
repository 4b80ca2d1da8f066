import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompressibleBody, sendCompressible } from './compression.js';
import { localeOf } from './error-handler.js';

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
  renderMenuPage(firstPage: unknown): Promise<RenderedPage>;
  renderProductPage(product: unknown): Promise<RenderedPage>;
  composePage(template: string, page: RenderedPage, options: { extraHead?: string }): string;
  pageDataScript(seeds: unknown[]): string;
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
 * address. A build without the prerendered pages (an older dist) gets the shell everywhere.
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

  const page = (name: string) => {
    const file = path.join(webDist, name);
    return fs.existsSync(file) ? readPage(file) : undefined;
  };
  const shell = readPage(path.join(webDist, 'index.html'));
  const home = page('home.html') ?? shell;
  const notFound = page('404.html');
  // The prerendered /products shows its default tab: an address with a tab or a search gets the shell instead, as
  // hydrating the default tab's HTML there would not match what the app draws.
  const products = page('products.html');
  const productShell = fs.existsSync(path.join(webDist, 'product.html'))
    ? fs.readFileSync(path.join(webDist, 'product.html'), 'utf8')
    : undefined;

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
  const drawn = (render: (renderer: PageRenderer, answer: unknown) => Promise<RenderedPage>) =>
    renderedPages(async (answer) => {
      if (!server) throw new Error('No server build to draw the page with.');
      const { renderer, template } = server;
      const page = await render(renderer, answer);
      return renderer.composePage(template, page, { extraHead: renderer.pageDataScript(page.seeds) });
    });
  const menuQuery = server?.renderer.menuFirstQuery();
  const { product: findProduct, productList: findList } = options;
  const menuPages = drawn((renderer, answer) => renderer.renderMenuPage(answer));
  const productPages = drawn((renderer, answer) => renderer.renderProductPage(answer));

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
    const known = !appRoutes || !notFound || appRoutes.some((route) => route.test(pathname));
    void reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache');
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    const hasQuery = request.url.includes('?');
    const rendered =
      productId ? await withData(request, findProduct && (() => findProduct(productId)), productPages)
      : /^\/products\/?$/.test(pathname) && !hasQuery && menuQuery
        ? await withData(request, findList && (() => findList(menuQuery)), menuPages)
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
