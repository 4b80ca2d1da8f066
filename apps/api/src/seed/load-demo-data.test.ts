import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES, type Product, type ProductListResponse, type ProductResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { isPictureCopyName } from '../lib/images.js';
import { isDefaultPicture } from '../modules/products/default-pictures.js';
import { createTestDatabase, useTestApp } from '../test/test-app.js';
import { DEMO_PICTURES_DIR, demoPictureName } from './demo-pictures.js';
import { loadDemoData } from './load-demo-data.js';

// Load once and check what a client sees.
const ctx = useTestApp();
let firstLoad: { products: number } | null;
beforeAll(async () => {
  firstLoad = await loadDemoData(ctx.database, ctx.config);
});

async function allProducts(): Promise<ProductListResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
  expect(res.statusCode).toBe(200);
  return res.json<ProductListResponse>();
}

/** Every product whole, as its own page reads it (a list carries what a list shows). */
async function allProductsWhole(): Promise<Product[]> {
  const { data } = await allProducts();
  return Promise.all(
    data.map(async (item) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${item.id}` })).json<ProductResponse>().data),
  );
}

describe('loadDemoData', () => {
  it('fills an empty shop with at least 38 products, some in every tab', async () => {
    const { data, meta } = await allProducts();

    expect(firstLoad?.products).toBeGreaterThanOrEqual(38);
    expect(meta.total).toBe(firstLoad?.products);
    expect(new Set(data.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(data.some((p) => p.isFavorite)).toBe(true);
    expect(data.some((p) => p.isPromo)).toBe(true);
  });

  it('gives every product its own copy of its committed picture under the uploads directory', async () => {
    const { data } = await allProducts();
    // The narrower copies beside each picture (`….w320.webp`) are the shop's own, not the seed's.
    const files = fs.readdirSync(ctx.config.uploadsDir).filter((file) => !isDefaultPicture(file) && !isPictureCopyName(file));

    expect(files).toHaveLength(data.length);
    for (const product of data) {
      expect(product.images).toHaveLength(1);
      expect(product.images[0]?.filename).toMatch(/^[0-9a-f-]{36}\.webp$/);
      const stored = fs.readFileSync(path.join(ctx.config.uploadsDir, product.images[0]?.filename ?? ''));
      expect(stored.equals(fs.readFileSync(path.join(DEMO_PICTURES_DIR, demoPictureName(product)))), product.name).toBe(true);
    }
  });

  it('attaches the demo option groups to the drinks, with the oat milk and extra shot a customer can choose', async () => {
    const data = await allProductsWhole();
    const latte = data.find((p) => p.name === 'Creamy Ice Latte');
    expect(latte?.optionGroups.map((g) => g.name)).toEqual(['Milk', 'Sugar', 'Ice', 'Extra shot', 'Syrup', 'Toppings']);
    expect(latte?.optionGroups[0]?.options).toContainEqual(expect.objectContaining({ name: 'Oat milk', priceDeltaIdr: 8_000 }));
    expect(data.find((p) => p.name === 'Butter Croissant')?.optionGroups).toEqual([]);
  });

  it('back-dates products so that "newest" has an order to show', async () => {
    const data = await allProductsWhole();
    expect(new Set(data.map((p) => p.createdAt.slice(0, 10))).size).toBeGreaterThan(1);
  });

  it('serves each picture at its imageUrl as an image', async () => {
    const data = await allProductsWhole();
    const product = data.find((p) => p.name === 'Hazelnut Latte') ?? data[0];

    const res = await ctx.app.inject({ method: 'GET', url: product?.imageUrl ?? '/missing' });

    expect(product?.imageUrl).toBe(`/uploads/images/${product?.images[0]?.filename}`);
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

describe('loadDemoData when the committed pictures are missing', () => {
  it('names them and how to draw them, and adds no product and no file', async () => {
    const { database, dataDir, drop } = await createTestDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const pictures = path.join(dataDir, 'pictures');
      fs.mkdirSync(pictures);
      for (const name of fs.readdirSync(DEMO_PICTURES_DIR).filter((n) => n !== 'hazelnut-latte.webp')) {
        fs.copyFileSync(path.join(DEMO_PICTURES_DIR, name), path.join(pictures, name));
      }

      await expect(loadDemoData(database, config, pictures)).rejects.toThrow(
        /pictures hazelnut-latte\.webp are missing .* run `npm run seed:pictures`, or start with DEMO_DATA=false/,
      );

      expect(await database.db.selectFrom('products').select('id').execute()).toEqual([]);
      expect(fs.existsSync(config.uploadsDir) ? fs.readdirSync(config.uploadsDir) : []).toEqual([]);
    } finally {
      await drop();
    }
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
  });
});
