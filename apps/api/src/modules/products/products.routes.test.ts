import type { ErrorResponse, ProductListResponse, ProductResponse } from '@coffee/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, daysAgo } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { productListAnswer, productListJson } from './products.routes.js';

/**
 * A fresh app and database for each block, seeded once: the tests of a block only read, so they can share it
 * (a new PostgreSQL schema per test would triple the run time). Blocks that write use `freshAppForEachTest`.
 */
let ctx: TestContext;
function freshAppForBlock(seed: () => Promise<unknown>) {
  beforeAll(async () => {
    ctx = await createTestApp();
    await seed();
  });
  afterAll(async () => {
    await ctx.close();
  });
}
function freshAppForEachTest() {
  beforeEach(async () => {
    ctx = await createTestApp();
  });
  afterEach(async () => {
    await ctx.close();
  });
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

async function list(query = ''): Promise<ProductListResponse> {
  const res = await get(`/api/v1/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductListResponse>();
}
const names = async (query = '') => (await list(query)).data.map((p) => p.name);

describe('browsing the menu', () => {
  freshAppForBlock(async () => {
    await createProduct(ctx.database, {
      name: 'Hazelnut Latte',
      description: 'Hazelnut syrup, vanilla whipped cream, sliced banana on top',
      priceIdr: 34_000,
      images: ['abc.webp'],
      sizes: [
        { code: 'XL', priceIdr: 44_000 },
        { code: 'R', priceIdr: 34_000 },
        { code: 'L', priceIdr: 39_000 },
      ],
      isFavorite: true,
    });
    await createProduct(ctx.database, { name: 'Americano', category: 'coffee' });
    await createProduct(ctx.database, { name: 'Matcha Latte', category: 'non-coffee' });
    await createProduct(ctx.database, { name: 'Croissant', category: 'foods' });
    await createProduct(ctx.database, { name: 'Chicken Wings', category: 'foods', isPromo: true });
    await createProduct(ctx.database, { name: 'Mystery Cake', category: 'foods', images: [] });
    await createProduct(ctx.database, { name: 'Extra Shot', category: 'add-on' });
  });

  it('answers the { data, meta } envelope as JSON', async () => {
    const res = await get('/api/v1/products');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<ProductListResponse>();
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({ page: 1, limit: 1000, total: 7 });
    expect(body.data).toHaveLength(7);
  });

  it('gives each category tab its own products', async () => {
    expect(await names('?cat=coffee')).toEqual(['Hazelnut Latte', 'Americano']);
    expect(await names('?cat=non-coffee')).toEqual(['Matcha Latte']);
    expect(await names('?cat=foods')).toEqual(['Chicken Wings', 'Croissant', 'Mystery Cake']);
    expect(await names('?cat=add-on')).toEqual(['Extra Shot']);
    const foods = await list('?cat=foods');
    expect(foods.meta.total).toBe(3);
    expect(foods.data.every((p) => p.category === 'foods')).toBe(true);
  });

  it('lists favourite and promo products for the Favorite & Promo tab', async () => {
    expect(await names('?featured=true')).toEqual(['Hazelnut Latte', 'Chicken Wings']);
    expect(await names('?featured=true&cat=foods')).toEqual(['Chicken Wings']);
    expect(await names('?featured=false&cat=coffee')).toEqual(['Americano']);
  });

  it('refuses an unknown category with a message naming the allowed values', async () => {
    const res = await get('/api/v1/products?cat=tea');

    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorResponse>();
    expect(body.message).toBe('The category must be one of: coffee, non-coffee, foods, add-on.');
    expect(body.field).toBe('cat');
  });

  it.each(['sort=colour', 'order=up', 'featured=yes', 'page=0', 'limit=abc', 'limit=2.5'])(
    'refuses ?%s with a message naming the field',
    async (query) => {
      const field = query.split('=')[0] ?? '';
      const res = await get(`/api/v1/products?${query}`);

      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().field).toBe(field);
      // A sentence with the field's label; the API name is in `field` only.
      expect(res.json<ErrorResponse>().message).toMatch(/^[A-Z][a-z ]+ (must|is) [^]*\.$/);
    },
  );

  it('lists each product as a list shows it: the card and the original client\'s fields, details left to its own page', async () => {
    const item = (await list('?search=hazelnut')).data[0];

    expect(Object.keys(item ?? {}).sort()).toEqual(
      ['id', 'name', 'price', 'priceIdr', 'promoPriceIdr', 'category', 'images', 'isFavorite', 'isPromo', 'isSoldOut'].sort(),
    );
    expect(item).toMatchObject({
      name: 'Hazelnut Latte',
      price: 34,
      category: 'coffee',
      images: [{ id_image: `${item?.id}-1`, id_product: item?.id, name: 'abc.webp', filename: 'abc.webp', url: '/uploads/images/abc.webp' }],
    });
  });

  it('answers a page with the same text whether its items were shown before or not, and nothing the contract does not name', () => {
    const picture = { id_image: '7-1', id_product: '7', name: 'a.webp', filename: 'a.webp', url: '/uploads/images/a.webp', srcset: '/uploads/images/a.webp 640w', width: 640, height: 640 };
    const item = { id: '7', name: 'Kopi Susu', price: 22, priceIdr: 22_000, promoPriceIdr: 22_000, category: 'coffee' as const, images: [picture], isFavorite: false, isPromo: false, isSoldOut: false };
    const page = { items: [item, { ...item, id: '8', description: 'not in a list' }], page: 2, limit: 2, total: 5 };
    const expected = JSON.stringify(productListAnswer(page));
    expect(productListJson(page)).toBe(expected);
    expect(productListJson({ ...page })).toBe(expected);
    expect(expected).not.toContain('description');
  });

  it('sends products as camelCase app objects, never database columns', async () => {
    const listed = (await list('?search=hazelnut')).data[0];
    const product = (await get(`/api/v1/products/${listed?.id}`)).json<ProductResponse>().data;

    expect(Object.keys(product ?? {}).sort()).toEqual(
      [
        'id', 'name', 'price', 'priceIdr', 'category', 'images', 'imageUrl', 'description', 'sizes', 'optionGroups',
        'isFavorite', 'isPromo', 'promoPercentOff', 'promoPrice', 'promoPriceIdr', 'isSoldOut', 'createdAt', 'updatedAt',
      ].sort(),
    );
    expect(product).toMatchObject({
      name: 'Hazelnut Latte',
      price: 34,
      priceIdr: 34_000,
      category: 'coffee',
      id: expect.stringMatching(/^[1-9][0-9]*$/) as unknown,
      images: [{ id_image: `${product?.id}-1`, id_product: product?.id, name: 'abc.webp', filename: 'abc.webp', url: '/uploads/images/abc.webp' }],
      imageUrl: '/uploads/images/abc.webp',
      isFavorite: true,
      isPromo: false,
      isSoldOut: false,
    });
    expect(product?.sizes).toEqual([
      // Not on promotion: the charged price is the regular one.
      { code: 'R', label: 'Regular', price: 34, priceIdr: 34_000, promoPrice: 34, promoPriceIdr: 34_000 },
      { code: 'L', label: 'Large', price: 39, priceIdr: 39_000, promoPrice: 39, promoPriceIdr: 39_000 },
      { code: 'XL', label: 'Extra Large', price: 44, priceIdr: 44_000, promoPrice: 44, promoPriceIdr: 44_000 },
    ]);
    expect(Date.parse(product?.createdAt ?? '')).not.toBeNaN();
  });

  it('shows a product stored without a picture with its category\'s default picture, never an empty list', async () => {
    const cake = (await list('?cat=foods')).data.find((p) => p.name === 'Mystery Cake');
    expect(cake?.images.map((image) => image.filename)).toEqual(['default-foods.webp']);
    expect((await get(`/api/v1/products/${cake?.id}`)).json<ProductResponse>().data.imageUrl).toBe('/uploads/images/default-foods.webp');
    const picture = await get(`/uploads/images/${cake?.images[0]?.filename}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await list()).data.every((p) => p.images.length > 0)).toBe(true);
  });

  it('answers the same list at /products/ (with the trailing slash)', async () => {
    for (const query of ['', '?cat=foods']) {
      const slash = await get(`/api/v1/products/${query}`);
      expect(slash.statusCode).toBe(200);
      expect(slash.json()).toEqual(await list(query));
    }
  });

  it('answers one product in { data }', async () => {
    const listed = (await list('?cat=add-on')).data[0];

    const res = await get(`/api/v1/products/${listed?.id}`);

    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    // The whole product: everything the list showed, and its details.
    expect(res.json<ProductResponse>().data).toMatchObject(listed ?? {});
    expect(res.json<ProductResponse>().data).toHaveProperty('sizes');
  });

  it.each(['999999', 'abc', '-1', '1.5', '0', '007', '1e3', '99999999999999999999', '2147483648', '%20'])(
    'answers 404 with a message for product id %s',
    async (id) => {
      const res = await get(`/api/v1/products/${id}`);

      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<ErrorResponse>().message).toMatch(/^There is no product with id ".+" on the menu$/);
    },
  );

  it.each([
    ['POST', '/api/v1/products'],
    ['PATCH', '/api/v1/products/:id'],
    ['DELETE', '/api/v1/products/:id'],
  ] as const)('refuses %s %s without a staff sign-in', async (method, url) => {
    const americano = (await list('?search=americano')).data[0];

    const res = await ctx.app.inject({
      method,
      url: url.replace(':id', String(americano?.id)),
      payload: { name: 'Free Coffee', price: 0, category: 'coffee' },
    });

    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorResponse>()).toEqual({ message: 'Please sign in as staff to change the menu' });
    expect((await list('?search=americano')).data).toEqual([americano]);
  });

  it('refuses an upload without a staff sign-in before reading it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await get('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<ErrorResponse>().message).toBe('No route for GET /api/v1/nope');
  });

  it('documents the catalogue in the OpenAPI description', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[]; responses: object }>> }>();
    const listing = doc.paths['/api/v1/products']?.get;
    expect(listing?.tags).toEqual(['Products']);
    expect(Object.keys(listing?.responses ?? {})).toEqual(expect.arrayContaining(['200', '304', '400']));
    expect(Object.keys(doc.paths['/api/v1/products/{id}']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '304', '404']),
    );
  });
});

describe('?search=', () => {
  freshAppForBlock(async () => {
    await createProduct(ctx.database, {
      name: 'Hazelnut Latte',
      description: 'Hazelnut syrup, vanilla whipped cream, ice or hot, sliced banana on top',
    });
    await createProduct(ctx.database, { name: 'Vanilla Cold Brew', description: 'Slow steeped coffee' });
    await createProduct(ctx.database, { name: 'Chicken Wings', category: 'foods', description: 'Crispy and hot' });
  });

  it('ignores case and word order', async () => {
    expect(await names('?search=HAZELNUT%20latte')).toEqual(['Hazelnut Latte']);
    expect(await names('?search=latte%20hazelnut')).toEqual(['Hazelnut Latte']);
  });

  it('finds a product from the beginning of a word', async () => {
    expect(await names('?search=hazel')).toEqual(['Hazelnut Latte']);
  });

  it('forgives one wrong, missing or extra letter per word', async () => {
    expect(await names('?search=hazelnut%20lattee')).toEqual(['Hazelnut Latte']);
    expect(await names('?search=hazelnt%20latte')).toEqual(['Hazelnut Latte']);
    expect(await names('?search=chiken')).toEqual(['Chicken Wings']);
  });

  it('finds words in the description, after products that have them in the name', async () => {
    expect(await names('?search=banana')).toEqual(['Hazelnut Latte']);
    expect(await names('?search=vanilla')).toEqual(['Vanilla Cold Brew', 'Hazelnut Latte']);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await list('?search=pizza')).toEqual({ data: [], meta: { page: 1, limit: 1000, total: 0 } });
  });

  it('combines with the category and counts matches in meta.total', async () => {
    // The same characters as one search text first (a query is validated once per distinct query, not per text).
    expect(await names('?search=hot%26cat%3Dfoods')).toEqual([]);
    expect(await names('?search=hot&cat=foods')).toEqual(['Chicken Wings']);
    expect(await names('?search=hot&cat=foods')).toEqual(['Chicken Wings']);
    expect((await list('?search=hot')).meta.total).toBe(2);
    expect(await list('?search=hot&limit=1&page=2')).toMatchObject({ meta: { page: 2, limit: 1, total: 2 } });
  });

  it('treats a search without any word as no search', async () => {
    expect((await list('?search=%20%3F%21')).meta.total).toBe(3);
  });

  it('answers the same list to the same words, however typed', async () => {
    const a = await get('/api/v1/products?search=hazelnut%20latte');
    const b = await get('/api/v1/products?search=%20Latte%20%20HAZELNUT');
    expect(b.body).toBe(a.body);
  });

  it('refuses a search longer than 100 characters', async () => {
    const res = await get(`/api/v1/products?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'search', message: 'Search must be at most 100 characters.' });
  });
});

describe('sorting', () => {
  freshAppForBlock(async () => {
    await createProduct(ctx.database, { name: 'banana bread', category: 'foods', priceIdr: 22_000, createdAt: daysAgo(3) });
    await createProduct(ctx.database, { name: 'Americano', priceIdr: 18_000, createdAt: daysAgo(1) });
    await createProduct(ctx.database, { name: 'Croissant', category: 'foods', priceIdr: 15_000, createdAt: daysAgo(2) });
    await createProduct(ctx.database, { name: 'Hazelnut Latte', priceIdr: 34_000, isFavorite: true, createdAt: daysAgo(9) });
    await createProduct(ctx.database, { name: 'Matcha', category: 'non-coffee', priceIdr: 28_000, createdAt: daysAgo(5) });
    await createProduct(ctx.database, { name: 'Iced Latte', priceIdr: 30_000, createdAt: daysAgo(7) });
  });

  it('defaults to the menu order: favourites, then coffee, non-coffee, foods, add-ons, then by name', async () => {
    expect(await names()).toEqual(['Hazelnut Latte', 'Americano', 'Iced Latte', 'Matcha', 'banana bread', 'Croissant']);
  });

  it('sorts by name, A to Z by default and Z to A on request, ignoring case', async () => {
    const aToZ = ['Americano', 'banana bread', 'Croissant', 'Hazelnut Latte', 'Iced Latte', 'Matcha'];
    expect(await names('?sort=name')).toEqual(aToZ);
    expect(await names('?sort=name&order=asc')).toEqual(aToZ);
    expect(await names('?sort=name&order=desc')).toEqual([...aToZ].reverse());
  });

  it('sorts by price, cheapest first by default', async () => {
    const cheapest = ['Croissant', 'Americano', 'banana bread', 'Matcha', 'Iced Latte', 'Hazelnut Latte'];
    expect(await names('?sort=price')).toEqual(cheapest);
    expect(await names('?sort=price&order=desc')).toEqual([...cheapest].reverse());
  });

  it('sorts by date added, latest first by default', async () => {
    const latest = ['Americano', 'Croissant', 'banana bread', 'Matcha', 'Iced Latte', 'Hazelnut Latte'];
    expect(await names('?sort=newest')).toEqual(latest);
    expect(await names('?sort=newest&order=asc')).toEqual([...latest].reverse());
  });

  it('ignores order without sort', async () => {
    expect(await names('?order=desc')).toEqual(await names());
  });

  it('orders search results that match equally well by the requested sort', async () => {
    expect(await names('?search=latte&sort=price')).toEqual(['Iced Latte', 'Hazelnut Latte']);
    expect(await names('?search=latte&sort=price&order=desc')).toEqual(['Hazelnut Latte', 'Iced Latte']);
    expect(await names('?search=latte&sort=newest')).toEqual(['Iced Latte', 'Hazelnut Latte']);
  });
});

describe('pages', () => {
  freshAppForBlock(async () => {
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) await createProduct(ctx.database, { name });
  });

  it('serves the requested page and counts every product in meta.total', async () => {
    const page2 = await list('?sort=name&limit=2&page=2');
    expect(page2.data.map((p) => p.name)).toEqual(['A3', 'A4']);
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 5 });
    expect(await names('?sort=name&limit=2&page=3')).toEqual(['A5']);
  });

  it('answers an empty page past the end', async () => {
    expect(await list('?limit=2&page=4')).toEqual({ data: [], meta: { page: 4, limit: 2, total: 5 } });
  });

  it('answers the whole menu on one page when no page is asked for, and pages for a client that asks', async () => {
    expect(await list()).toMatchObject({ meta: { page: 1, limit: 1000, total: 5 } });
    expect((await list()).data).toHaveLength(5);
    expect(await list('?page=1')).toMatchObject({ meta: { page: 1, limit: 24, total: 5 } });
    expect((await list('?limit=2')).data.map((p) => p.name)).toEqual(['A1', 'A2']);
  });

  it('accepts up to 100 per page and refuses more, naming the limit', async () => {
    expect((await list('?limit=100')).meta.limit).toBe(100);
    const res = await get('/api/v1/products?limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'limit', message: 'The number of results per page must be at most 100.' });
  });
});

describe('list caching', () => {
  freshAppForEachTest();

  it('answers an empty menu with an empty list', async () => {
    expect(await list()).toEqual({ data: [], meta: { page: 1, limit: 1000, total: 0 } });
  });

  it('shows a product added after the list was cached', async () => {
    await createProduct(ctx.database, { name: 'Americano' });
    const before = await get('/api/v1/products');
    expect(before.json<ProductListResponse>().meta.total).toBe(1);

    await createProduct(ctx.database, { name: 'Brand New Brew' });
    const after = await get('/api/v1/products');

    expect(after.json<ProductListResponse>().data.map((p) => p.name)).toEqual(['Americano', 'Brand New Brew']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers 304 Not Modified to a client holding the current list', async () => {
    await createProduct(ctx.database, { name: 'Americano' });
    const first = await get('/api/v1/products?cat=coffee');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);

    const again = await get('/api/v1/products?cat=coffee', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await createProduct(ctx.database, { name: 'Brand New Brew' });
    const changed = await get('/api/v1/products?cat=coffee', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
  });
});
