import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createProduct } from '../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';

// A built web app as the build writes it (apps/web/scripts/prerender.mjs), pages told apart by their titles.
const page = (title: string, head = '') => `<!doctype html><html><head><title>${title}</title>${head}</head><body><div id="root"></div></body></html>`;

describe('the built web app, per address', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-web-pages-'));
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let latteId: number;
  let plainId: number;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), page('Shell'));
    fs.writeFileSync(path.join(dist, 'home.html'), page('Home'));
    fs.writeFileSync(path.join(dist, '404.html'), page('Not found'));
    fs.writeFileSync(path.join(dist, 'products.html'), page('Products'));
    fs.writeFileSync(path.join(dist, 'product.html'), page('Product', '<!--page-preloads-->'));
    fs.writeFileSync(path.join(dist, 'app-paths.json'), JSON.stringify(['/', '/products', '/products/:id']));
    testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: testDb.dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
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
