import { SIZE_LABELS } from '@coffee/contract';
import type { Product, ProductListResponse, SizeCode } from '@coffee/contract';

let nextId = 1;

/** A contract-shaped product; pass only what the test cares about. */
export function createProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++;
  const price = overrides.price ?? 34;
  return {
    id,
    name: `Product ${id}`,
    price,
    priceIdr: price * 1000,
    category: 'coffee',
    images: [],
    imageUrl: null,
    description: 'Cold brewing is a method of brewing that combines ground coffee and cool water.',
    sizes: (['R', 'L', 'XL'] as const).map((code: SizeCode, index) => ({
      code,
      label: SIZE_LABELS[code],
      price: price + index * 5,
      priceIdr: (price + index * 5) * 1000,
    })),
    isFavorite: false,
    isPromo: false,
    isSoldOut: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function createProductPage(products: Product[], meta: Partial<ProductListResponse['meta']> = {}): ProductListResponse {
  return { data: products, meta: { page: 1, limit: 24, total: products.length, ...meta } };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
