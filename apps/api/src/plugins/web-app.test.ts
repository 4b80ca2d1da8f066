import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { signUpAndSignIn } from '../test/auth.js';
import { createProduct } from '../test/factories.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/test-app.js';

// A built web app as the build writes it (apps/web/scripts/prerender.mjs), pages told apart by their titles.
const page = (title: string, head = '') => `<!doctype html><html><head><title>${title}</title>${head}</head><body><div id="root"></div></body></html>`;

// The drawn pages' boot script, written into the page by the build, which lists its hash in csp.json.
const BOOT = "document.documentElement.dataset.booted = '';";

describe('the built web app, per address', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-web-pages-'));
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let latteId: number;
  let plainId: number;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), page('Shell'));
    fs.writeFileSync(path.join(dist, 'home.html'), page('Home', `<script>${BOOT}</script>`));
    fs.writeFileSync(path.join(dist, 'home.id.html'), page('Beranda', `<script>${BOOT}</script>`));
    fs.writeFileSync(path.join(dist, 'index.id.html'), page('Kerangka'));
    fs.writeFileSync(path.join(dist, 'products.id.html'), page('Produk'));
    fs.writeFileSync(path.join(dist, 'csp.json'), JSON.stringify({ scriptSrc: [`'sha256-${crypto.createHash('sha256').update(BOOT).digest('base64')}'`] }));
    fs.writeFileSync(path.join(dist, '404.html'), page('Not found'));
    fs.writeFileSync(path.join(dist, 'products.html'), page('Products'));
    fs.writeFileSync(path.join(dist, 'product.html'), page('Product', '<!--page-preloads-->'));
    fs.writeFileSync(path.join(dist, 'app-paths.json'), JSON.stringify(['/', '/products', '/products/:id', '/history']));
    fs.writeFileSync(path.join(dist, 'sw.js'), "const BUILD = 'a';");
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Coffee Shop"}');
    testDb = await createTestDatabase();
    const config = testConfig(testDb.dataDir);
    app = await buildApp({ config, database: testDb.database, webDistDir: dist });
    await app.ready();
    latteId = (await createProduct(testDb.database, { name: 'Hazelnut Latte', images: ['latte & milk.webp'] })).id;
    plainId = (await createProduct(testDb.database, { name: 'Plain Water' })).id;
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string) => (await app.inject({ method: 'GET', url })).body;

  it('serves the service worker and the manifest revalidated every time, as what they are, allowed by the CSP', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    // A worker read from the HTTP cache would keep an installed shop on its old build.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("allows the pages' inline boot script by its hash, and no other inline script", async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(BOOT);
    const scriptSrc = /script-src ([^;]+)/.exec(String(home.headers['content-security-policy']))?.[1]?.split(' ');
    const hash = `'sha256-${crypto.createHash('sha256').update(BOOT).digest('base64')}'`;
    expect(scriptSrc).toEqual(["'self'", hash]);
  });

  it("draws each page in the language asked for: the address's ?lang=, else the visitor's choice, else the browser's", async () => {
    const home = (headers: Record<string, string> = {}, url = '/') => app.inject({ method: 'GET', url, headers });
    const english = await home();
    expect(english.body).toContain('<title>Home</title>');
    expect(english.headers['content-language']).toBe('en');
    // A cache between the shop and the browser keeps one copy per language.
    expect(String(english.headers.vary)).toMatch(/Cookie, Accept-Language/);
    expect(String(english.headers.link)).toBe(
      '</?lang=en>; rel="alternate"; hreflang="en", </?lang=id>; rel="alternate"; hreflang="id", </>; rel="alternate"; hreflang="x-default"',
    );
    const browser = await home({ 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' });
    expect(browser.body).toContain('<title>Beranda</title>');
    expect(browser.headers['content-language']).toBe('id');
    // The visitor's choice beats the browser's preference; the address beats both.
    expect((await home({ 'accept-language': 'id-ID', cookie: 'lang=en' })).body).toContain('<title>Home</title>');
    expect((await home({ cookie: 'lang=en' }, '/?lang=id')).body).toContain('<title>Beranda</title>');
    // ?lang= alone still gets the drawn menu; the shell of any other address is in the language too.
    expect((await home({}, '/products?lang=id')).body).toContain('<title>Produk</title>');
    expect((await home({ cookie: 'lang=id' }, '/history')).body).toContain('<title>Kerangka</title>');
    // A language the shop does not write in, or a broken cookie, is English.
    expect((await home({ 'accept-language': 'fr', cookie: 'lang=fr' })).body).toContain('<title>Home</title>');
  });

  it('serves the prerendered menu at /products, and the shell when the address names a tab or a search', async () => {
    expect(await get('/products')).toContain('<title>Products</title>');
    expect(await get('/products?tab=coffee')).toContain('<title>Shell</title>');
    expect(await get('/products?search=latte')).toContain('<title>Shell</title>');
  });

  it("preloads a product page's API answer and its picture, so the phone fetches them beside the page's code", async () => {
    const html = await get(`/products/${latteId}`);
    expect(html).toContain('<title>Product</title>');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/products/${latteId}">`);
    // The same address the product's answer gives its picture, escaped for the attribute.
    const answer = (await app.inject({ method: 'GET', url: `/api/v1/products/${latteId}` })).json<{ data: { imageUrl: string } }>();
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${answer.data.imageUrl.replaceAll('&', '&amp;')}">`);
  });

  it("preloads the category's picture for a product without its own, none for an unknown product", async () => {
    const plain = await get(`/products/${plainId}`);
    const answer = (await app.inject({ method: 'GET', url: `/api/v1/products/${plainId}` })).json<{ data: { imageUrl: string } }>();
    expect(plain).toContain(`as="image" fetchpriority="high" href="${answer.data.imageUrl}"`);
    const unknown = await app.inject({ method: 'GET', url: '/products/987654' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Product</title>');
    expect(unknown.body).not.toContain('as="image"');
    // Not a product id the app accepts: its not-found screen asks the API for nothing, so nothing is preloaded.
    expect(await get('/products/latte')).not.toContain('rel="preload"');
  });
});

/**
 * A server build beside the dist (apps/web/dist-ssr), as small as the contract between the two allows: it draws the
 * answers it is given, so the test sees which answers the API hands it and when it draws again.
 */
const SERVER_BUILD = `
let renders = 0;
const draw = (title, items) => {
  renders += 1;
  return { head: '<title>' + title + '</title>', body: '<ul>' + items.map((p) => '<li>' + p.name + ' ' + p.price + '</li>').join('') + '</ul><p>render ' + renders + '</p>', seeds: [{ queryKey: ['q', title], data: items }] };
};
export const menuFirstQuery = () => ({ featured: 'true', page: '1', limit: '24' });
export const renderMenuPage = async (answer) => draw('Menu', answer.data);
export const renderProductPage = async (product) => {
  if (product.name === 'Broken Brew') throw new Error('the page could not be drawn');
  return draw(product.name, [product]);
};
export const pageDataScript = (seeds) => '<script type="application/json" id="page-data">' + JSON.stringify(seeds) + '</script>';
export const composePage = (template, page, { extraHead = '' }) =>
  template.replace(/<title>[^<]*<\\/title>/, page.head).replace('</head>', extraHead + '</head>').replace('<div id="root"></div>', '<div id="root">' + page.body + '</div>');
`;

describe('the menu and product pages drawn with their data by the web app server build', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-web-ssr-'));
  const dist = path.join(base, 'dist');
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let favouriteId: number;
  let brokenId: number;

  beforeAll(async () => {
    fs.mkdirSync(dist);
    fs.mkdirSync(path.join(base, 'dist-ssr'));
    fs.writeFileSync(path.join(dist, 'index.html'), page('Shell'));
    fs.writeFileSync(path.join(dist, 'products.html'), page('Products'));
    fs.writeFileSync(path.join(dist, 'product.html'), page('Product', '<!--page-preloads-->'));
    fs.writeFileSync(path.join(dist, 'app-paths.json'), JSON.stringify(['/', '/products', '/products/:id', '/history']));
    fs.writeFileSync(path.join(base, 'dist-ssr', 'entry-server.js'), SERVER_BUILD);
    // With a stylesheet inlined, as the build writes it: well over the size worth compressing.
    fs.writeFileSync(path.join(base, 'dist-ssr', 'page-template.html'), page('Template', `<style>${'.menu{color:#6a4029}'.repeat(200)}</style>`));
    testDb = await createTestDatabase();
    config = testConfig(testDb.dataDir);
    app = await buildApp({ config, database: testDb.database, webDistDir: dist });
    await app.ready();
    favouriteId = (await createProduct(testDb.database, { name: 'Gula Aren Latte', priceIdr: 28_000, isFavorite: true })).id;
    await createProduct(testDb.database, { name: 'Plain Toast', priceIdr: 15_000 });
    brokenId = (await createProduct(testDb.database, { name: 'Broken Brew' })).id;
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const get = async (url: string) => (await app.inject({ method: 'GET', url })).body;
  let config: Config;
  const staffHeaders = async () =>
    (await signUpAndSignIn({ app, database: testDb.database, config, close: () => app.close() }, { role: 'staff' })).headers;

  it("serves /products with the default tab's first products and the same answer the API gives for it", async () => {
    const html = await get('/products');
    expect(html).toContain('<title>Menu</title>');
    // Only the favourites (the default tab), at the API's prices (thousands of rupiah), in the page and in its data.
    expect(html).toContain('<li>Gula Aren Latte 28</li>');
    expect(html).not.toContain('Plain Toast');
    const answer = (await app.inject({ method: 'GET', url: '/api/v1/products?featured=true&page=1&limit=24' })).json<{ data: unknown }>();
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? '[]')).toEqual([{ queryKey: ['q', 'Menu'], data: answer.data }]);
    // A tab or a search is drawn by the app in the browser.
    expect(await get('/products?tab=coffee')).toContain('<title>Shell</title>');
  });

  it('draws a page once per menu version, and again as soon as staff change a price', async () => {
    const first = await get(`/products/${favouriteId}`);
    expect(first).toContain('<title>Gula Aren Latte</title>');
    expect(first).toContain('<li>Gula Aren Latte 28</li>');
    expect(await get(`/products/${favouriteId}`)).toBe(first);

    const changed = await app.inject({ method: 'PATCH', url: `/api/v1/products/${favouriteId}`, headers: await staffHeaders(), payload: { price: 30 } });
    expect(changed.statusCode).toBe(200);
    const after = await get(`/products/${favouriteId}`);
    expect(after).toContain('<li>Gula Aren Latte 30</li>');
    expect(await get('/products')).toContain('<li>Gula Aren Latte 30</li>');
  });

  it('falls back to the shell for an unknown product and when drawing fails, so the app still shows the page', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/products/987654' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Product</title>');
    const broken = await app.inject({ method: 'GET', url: `/products/${brokenId}` });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<title>Product</title>');
    expect(broken.body).toContain(`href="/api/v1/products/${brokenId}"`);
  });

  it('sends a drawn page compressed when the browser accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<li>Gula Aren Latte');
  });
});
