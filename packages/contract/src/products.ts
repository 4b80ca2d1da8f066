import { z } from 'zod';
import { PageQuery, dataOf, pageOf } from './common.js';

/** Spec section 9: the four category values, used in `?cat=` and on every product. */
export const CATEGORIES = ['coffee', 'non-coffee', 'foods', 'add-on'] as const;
export const Category = z.enum(CATEGORIES, {
  error: () => `must be one of: ${CATEGORIES.join(', ')}`,
});
export type Category = z.infer<typeof Category>;

export const CATEGORY_LABELS: Record<Category, string> = {
  coffee: 'Coffee',
  'non-coffee': 'Non Coffee',
  foods: 'Foods',
  'add-on': 'Add-On',
};

export const SIZE_CODES = ['R', 'L', 'XL'] as const;
export const SizeCode = z.enum(SIZE_CODES, { error: () => `must be one of: ${SIZE_CODES.join(', ')}` });
export type SizeCode = z.infer<typeof SizeCode>;
export const SIZE_LABELS: Record<SizeCode, string> = { R: 'Regular', L: 'Large', XL: 'Extra Large' };

export const ProductSize = z
  .object({
    code: SizeCode,
    label: z.string(),
    /** Thousands of rupiah, as `Product.price`. */
    price: z.number(),
    /** Whole rupiah. */
    priceIdr: z.number().int(),
  })
  .meta({ id: 'ProductSize' });
export type ProductSize = z.infer<typeof ProductSize>;

export const Product = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Thousands of rupiah: the spec renders it as 'IDR {price}.000' (Hazelnut Latte is 34). */
    price: z.number(),
    /** The same price in whole rupiah. */
    priceIdr: z.number().int(),
    category: Category,
    /** File names; the first is served at `/uploads/images/<filename>` (spec section 3). */
    images: z.array(z.string()),
    /** Address of the first picture, or null when the product has none. */
    imageUrl: z.string().nullable(),
    description: z.string(),
    /** Sizes with their own prices; empty for products sold in one size (foods, most add-ons). */
    sizes: z.array(ProductSize),
    isFavorite: z.boolean(),
    isPromo: z.boolean(),
    isSoldOut: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const PRODUCT_SORTS = ['name', 'price', 'newest'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const MAX_SEARCH_LENGTH = 100;

const booleanFlag = z.enum(['true', 'false'], { error: () => 'must be true or false' }).transform((v) => v === 'true');

export const ListProductsQuery = PageQuery.extend({
  cat: Category.optional(),
  search: z.string().trim().max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  /** name and price sort ascending by default, newest puts the latest first; `order` flips either. */
  sort: z.enum(PRODUCT_SORTS, { error: () => `must be one of: ${PRODUCT_SORTS.join(', ')}` }).optional(),
  order: z.enum(SORT_ORDERS, { error: () => `must be one of: ${SORT_ORDERS.join(', ')}` }).optional(),
  /** Favorite & Promo tab: products marked favourite or promo. */
  featured: booleanFlag.optional(),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuery>;
export type ListProductsQueryInput = z.input<typeof ListProductsQuery>;

export const ProductListResponse = pageOf(Product);
export type ProductListResponse = z.infer<typeof ProductListResponse>;
export const ProductResponse = dataOf(Product);
export type ProductResponse = z.infer<typeof ProductResponse>;
