import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CompressibleBody, sendCompressible } from './compression.js';

/** A page of the built web app, with the brotli and gzip copies the build wrote beside it. */
function readPage(file: string): CompressibleBody {
  const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return new CompressibleBody(fs.readFileSync(file), { br: copy('.br'), gzip: copy('.gz') });
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

export type WebAppOptions = {
  /** The address of a product's picture (null when it has none); throws or answers undefined for an unknown id. */
  productPicture?: (id: string) => Promise<string | null | undefined>;
};

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
      return reply.code(404).send({ message: `No route for ${request.method} ${pathname}` });
    }
    const known = !appRoutes || !notFound || appRoutes.some((route) => route.test(pathname));
    void reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache');
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    if (productShell && productId) {
      // Written per request (the preloads name the product), so compressed on the way out like any answer.
      const preloads = await productPreloads(productId);
      return reply.send(productShell.replace(PAGE_PRELOADS, () => preloads));
    }
    const hasQuery = request.url.includes('?');
    const body =
      !known && notFound ? notFound
      : pathname === '/' ? home
      : /^\/products\/?$/.test(pathname) && products && !hasQuery ? products
      : shell;
    sendCompressible(request, reply, body);
    return reply;
  });
}
