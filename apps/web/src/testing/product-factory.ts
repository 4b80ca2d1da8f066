import { SIZE_LABELS } from '@coffee/contract';
import type { Product, ProductListResponse, SizeCode } from '@coffee/contract';

let nextId = 1;

/**
 * A product picture as the API answers it, with the narrower copies the shop keeps beside it: a category's drawing
 * (`default-*.webp`) is 640 pixels wide, an upload 1200.
 */
export function productImage(productId: string, filename: string): Product['images'][number] {
  const url = `/uploads/images/${filename}`;
  const copy = (width: number) => `/uploads/images/${filename.replace(/\.webp$/, '')}.w${width}.webp ${width}w`;
  const side = filename.startsWith('default-') ? 640 : 1200;
  const srcset = side === 640 ? `${copy(320)}, ${url} 640w` : `${copy(320)}, ${copy(640)}, ${url} 1200w`;
  return { id_image: `${productId}-1`, id_product: productId, name: filename, filename, url, srcset, width: side, height: side };
}

type ProductOverrides = Omit<Partial<Product>, 'id'> & {
  /** The API answers ids as text; a number is turned into it. */
  id?: number | string;
  /** The file name of the product's one picture (the API always answers one); defaults to the category's drawing. */
  picture?: string;
};

/** A contract-shaped product; pass only what the test cares about. */
export function createProduct({ id: givenId, picture, ...overrides }: ProductOverrides = {}): Product {
  const id = String(givenId ?? nextId++);
  const price = overrides.price ?? 34;
  const image = productImage(id, picture ?? `default-${overrides.category ?? 'coffee'}.webp`);
  return {
    id,
    name: `Product ${id}`,
    price,
    priceIdr: price * 1000,
    promoPercentOff: 0,
    promoPrice: price,
    promoPriceIdr: price * 1000,
    category: 'coffee',
    images: [image],
    imageUrl: image.url,
    description: 'Cold brewing is a method of brewing that combines ground coffee and cool water.',
    sizes: (['R', 'L', 'XL'] as const).map((code: SizeCode, index) => ({
      code,
      label: SIZE_LABELS[code],
      price: price + index * 5,
      priceIdr: (price + index * 5) * 1000,
      promoPrice: price + index * 5,
      promoPriceIdr: (price + index * 5) * 1000,
    })),
    optionGroups: [],
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
