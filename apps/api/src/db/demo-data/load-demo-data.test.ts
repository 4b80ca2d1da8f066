import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES, type ProductListResponse } from '@coffee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app.js';
import { loadDemoData } from './load-demo-data.js';

// Rendering the whole menu's pictures is the slow part: load once and check what a client sees.
let ctx: TestContext;
let firstLoad: { products: number } | null;
beforeAll(async () => {
  ctx = await createTestApp();
  firstLoad = await loadDemoData(ctx.database, ctx.config);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function allProducts(): Promise<ProductListResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
  expect(res.statusCode).toBe(200);
  return res.json<ProductListResponse>();
}

describe('loadDemoData', () => {
  it('fills an empty shop with at least 40 products across the four categories', async () => {
    const { data, meta } = await allProducts();

    expect(firstLoad?.products).toBeGreaterThanOrEqual(40);
    expect(meta.total).toBe(firstLoad?.products);
    expect(new Set(data.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(data.some((p) => p.isFavorite)).toBe(true);
    expect(data.some((p) => p.isPromo)).toBe(true);
  });

  it('stores one picture file per product under the uploads directory', async () => {
    const { data } = await allProducts();
    const files = fs.readdirSync(ctx.config.uploadsDir);

    expect(files).toHaveLength(data.length);
    for (const product of data) {
      expect(product.images).toHaveLength(1);
      expect(product.images[0]).toMatch(/^[0-9a-f-]{36}\.webp$/);
      expect(fs.statSync(path.join(ctx.config.uploadsDir, product.images[0] ?? '')).size).toBeGreaterThan(0);
    }
  });

  it('back-dates products so that "newest" has an order to show', async () => {
    const { data } = await allProducts();
    expect(new Set(data.map((p) => p.createdAt.slice(0, 10))).size).toBeGreaterThan(1);
  });

  it('serves each picture at its imageUrl as an image', async () => {
    const { data } = await allProducts();
    const product = data.find((p) => p.name === 'Hazelnut Latte') ?? data[0];

    const res = await ctx.app.inject({ method: 'GET', url: product?.imageUrl ?? '/missing' });

    expect(product?.imageUrl).toBe(`/uploads/images/${product?.images[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('does nothing on the next start', async () => {
    const before = fs.readdirSync(ctx.config.uploadsDir).length;

    expect(await loadDemoData(ctx.database, ctx.config)).toBeNull();

    expect((await allProducts()).meta.total).toBe(firstLoad?.products);
    expect(fs.readdirSync(ctx.config.uploadsDir)).toHaveLength(before);
  });
});

describe('loadDemoData when the database refuses the menu', () => {
  it('keeps no product and no picture file', async () => {
    const { database, dataDir, drop } = await createTestDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      // Without the sizes table the first sized drink fails inside the transaction.
      await database.db.schema.dropTable('product_sizes').execute();

      await expect(loadDemoData(database, config)).rejects.toThrow();

      const rows = await database.db.selectFrom('products').select('id').execute();
      expect(rows).toEqual([]);
      expect(fs.readdirSync(config.uploadsDir)).toEqual([]);
    } finally {
      await drop();
    }
  }, 120_000);
});
