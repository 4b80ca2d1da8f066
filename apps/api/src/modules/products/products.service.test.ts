import type { ListProductsQuery } from '@coffee/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createProduct } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { createProductRepository, type NewProduct } from './products.repository.js';
import { createProductService, parseProductId, type ProductService } from './products.service.js';

let testDb: TestDatabase;
let service: ProductService;
function freshDatabaseForEachTest() {
  beforeEach(async () => {
    testDb = await createTestDatabase();
    service = createProductService({ productRepository: createProductRepository(testDb.database.db) });
  });
  afterEach(async () => {
    await testDb.drop();
  });
}

const firstPage: ListProductsQuery = { page: 1, limit: 24 };
const names = async (query: Partial<ListProductsQuery> = {}) =>
  (await service.listProducts({ ...firstPage, ...query })).items.map((p) => p.name);

const latte: NewProduct = {
  name: 'Hazelnut Latte',
  description: 'Hazelnut syrup and vanilla whipped cream',
  category: 'coffee',
  priceIdr: 34_000,
  images: [],
  sizes: [{ code: 'R', priceIdr: 34_000 }],
  isFavorite: true,
  isPromo: false,
  isSoldOut: false,
};

async function expectNotFound(promise: Promise<unknown>) {
  const error: unknown = await promise.catch((err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(404);
}

describe('the catalogue cache', () => {
  freshDatabaseForEachTest();

  it('shows a product created through the service in the next list, search and category', async () => {
    await createProduct(testDb.database, { name: 'Americano' });
    // Warm every kind of cached answer first.
    expect(await names()).toEqual(['Americano']);
    expect(await names({ search: 'hazelnut' })).toEqual([]);
    expect(await names({ cat: 'coffee', featured: true })).toEqual([]);

    const created = await service.createProduct(latte);

    expect(await names()).toEqual(['Hazelnut Latte', 'Americano']);
    expect(await names({ search: 'hazelnut' })).toEqual(['Hazelnut Latte']);
    expect(await names({ cat: 'coffee', featured: true })).toEqual(['Hazelnut Latte']);
    expect((await service.getProduct(String(created.id))).name).toBe('Hazelnut Latte');
  });

  it('shows a change and a removal in the next answers', async () => {
    const created = await service.createProduct(latte);
    expect((await service.getProduct(String(created.id))).priceIdr).toBe(34_000);
    expect(await names({ search: 'mocha' })).toEqual([]);

    await service.updateProduct(String(created.id), { name: 'Hazelnut Mocha', priceIdr: 36_000, sizes: [] });

    const updated = await service.getProduct(String(created.id));
    expect(updated).toMatchObject({ name: 'Hazelnut Mocha', priceIdr: 36_000, sizes: [] });
    expect(await names({ search: 'mocha' })).toEqual(['Hazelnut Mocha']);

    await service.deleteProduct(String(created.id));

    expect(await names()).toEqual([]);
    expect(await names({ search: 'mocha' })).toEqual([]);
    await expectNotFound(service.getProduct(String(created.id)));
  });

  it('shows a new price in a search never asked before, after other searches found the product', async () => {
    const created = await service.createProduct(latte);
    const priceFound = async (search: string) => (await service.listProducts({ search, page: 1, limit: 24 })).items.map((p) => p.priceIdr);
    expect(await priceFound('hazelnut')).toEqual([34_000]);
    expect(await priceFound('latte')).toEqual([34_000]);

    await service.updateProduct(String(created.id), { priceIdr: 38_000 });

    expect(await priceFound('hazelnut latte')).toEqual([38_000]);
    expect(await priceFound('hazelnut')).toEqual([38_000]);
  });

  it('serves the same answer object to repeated identical queries until the catalogue changes', async () => {
    await createProduct(testDb.database, { name: 'Americano' });
    const first = await service.listProducts(firstPage);
    expect(await service.listProducts({ ...firstPage })).toBe(first);

    await service.createProduct(latte);

    expect(await service.listProducts(firstPage)).not.toBe(first);
  });

  it('serves another service over the same database the changes this one made', async () => {
    const other = createProductService({ productRepository: createProductRepository(testDb.database.db) });
    expect((await other.listProducts(firstPage)).total).toBe(0);

    await service.createProduct(latte);

    expect((await other.listProducts(firstPage)).total).toBe(1);
  });
});

describe('catalogue writes outside the service', () => {
  freshDatabaseForEachTest();

  it('drop the cached answers too, once their transaction commits', async () => {
    const repo = createProductRepository(testDb.database.db);
    expect(await names()).toEqual([]);

    await repo.transaction(async (trx) => {
      await repo.createProduct(latte, trx);
      await repo.createProduct({ ...latte, name: 'Americano', isFavorite: false }, trx);
    });

    expect(await names()).toEqual(['Hazelnut Latte', 'Americano']);
  });

  it('are refused in a transaction the repository did not open, whose commit it could not see', async () => {
    const repo = createProductRepository(testDb.database.db);
    await expect(
      testDb.database.db.transaction().execute((trx) => repo.createProduct(latte, trx)),
    ).rejects.toThrow(/productRepository\.transaction/);
    expect(await names()).toEqual([]);
  });
});

describe('product writes', () => {
  freshDatabaseForEachTest();

  it('refuses to change or remove a product that does not exist', async () => {
    await expectNotFound(service.updateProduct('424242', { name: 'Ghost' }));
    await expectNotFound(service.updateProduct('abc', { name: 'Ghost' }));
    await expectNotFound(service.deleteProduct('424242'));
  });

  it('does not remove a product twice', async () => {
    const created = await service.createProduct(latte);
    await service.deleteProduct(String(created.id));
    await expectNotFound(service.deleteProduct(String(created.id)));
  });
});

describe('parseProductId', () => {
  it('accepts positive whole numbers that fit the id column', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId('2147483647')).toBe(2_147_483_647);
  });

  it.each(['', 'abc', '-1', '0', '1.5', '007', '1e3', ' 1', '2147483648', '99999999999999999999'])(
    'rejects %j',
    (raw) => {
      expect(parseProductId(raw)).toBeNull();
    },
  );
});

describe('search after staff change the menu', () => {
  freshDatabaseForEachTest();

  it('finds what was added, renamed and removed at once, keeping the index it has (no rebuild)', async () => {
    await service.createProduct(latte);
    await service.createProduct({ ...latte, name: 'Iced Latte', isFavorite: false });
    expect(await names({ search: 'latte' })).toEqual(['Hazelnut Latte', 'Iced Latte']);
    const before = await service.searchFootprint();

    const klepon = await service.createProduct({ ...latte, name: 'Klepon Latte', isFavorite: false });
    expect(await names({ search: 'klepon' })).toEqual(['Klepon Latte']);
    await service.updateProduct(klepon.id, { name: 'Pandan Latte' });
    expect(await names({ search: 'klepon' })).toEqual([]);
    expect(await names({ search: 'pandn' })).toEqual(['Pandan Latte']);
    // Ties keep the menu order: favourites first, then by name.
    expect(await names({ search: 'latte' })).toEqual(['Hazelnut Latte', 'Iced Latte', 'Pandan Latte']);
    expect(await names({ search: 'latte', sort: 'name', order: 'desc' })).toEqual(['Pandan Latte', 'Iced Latte', 'Hazelnut Latte']);
    await service.deleteProduct(klepon.id);
    expect(await names({ search: 'pandan' })).toEqual([]);
    // The same index, changed in place: its slots grew with the changes instead of being built again.
    expect((await service.searchFootprint()).slots).toBeGreaterThan(before.slots);
    expect((await service.searchFootprint()).products).toBe(2);
  });

  it('rebuilds from the database after a write it did not make itself', async () => {
    await service.createProduct(latte);
    expect(await names({ search: 'latte' })).toEqual(['Hazelnut Latte']);
    await createProduct(testDb.database, { name: 'Seeded Latte' });
    expect(await names({ search: 'latte' })).toEqual(['Hazelnut Latte', 'Seeded Latte']);
  });
});
