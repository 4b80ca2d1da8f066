import type { DatabaseHandle } from '../db/database.js';
import { createProductRepository, type NewProduct, type StoredProduct } from '../modules/products/products.repository.js';

let sequence = 0;

/**
 * Stores a product with sensible defaults through the app's own repository, whose writes move the catalogue
 * version on, so the running app sees it on its next request.
 */
export async function createProduct(database: DatabaseHandle, overrides: Partial<NewProduct> = {}): Promise<StoredProduct> {
  sequence += 1;
  const product = await createProductRepository(database.db).createProduct({
    name: `Test Product ${sequence}`,
    description: '',
    category: 'coffee',
    priceIdr: 20_000,
    images: [],
    sizes: [],
    isFavorite: false,
    isPromo: false,
    isSoldOut: false,
    ...overrides,
  });
  return product;
}

/** An ISO timestamp `days` before now, for products with a known age. */
export const daysAgo = (days: number): string => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
