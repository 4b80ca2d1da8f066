import { z } from 'zod';
import { PageQuery, dataOf, pageOf } from './common.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_SEARCH_LENGTH } from './limits.js';
import { OptionGroup } from './options.js';
import { CATEGORIES } from './categories.js';
import { SIZE_CODES } from './sizes.js';

export const Category = z
  .enum(CATEGORIES, {
    error: () => /*i18n*/ 'must be one of: coffee, non-coffee, foods, add-on',
  })
  .describe('The menu section the product is listed in');
export type Category = z.infer<typeof Category>;

export const SizeCode = z
  .enum(SIZE_CODES, { error: () => /*i18n*/ 'must be one of: R, L, XL' })
  .describe('A size: R (Regular), L (Large) or XL (Extra Large)');
export type SizeCode = z.infer<typeof SizeCode>;

export const ProductSize = z
  .object({
    code: SizeCode,
    label: z.string().describe('The size as shown: Regular, Large or Extra Large'),
    price: z.number().describe('Price of one item in this size, in thousands of rupiah as `Product.price`'),
    priceIdr: z.number().int().describe('The same price in whole rupiah'),
    promoPrice: z
      .number()
      .describe('What one item in this size is charged, in thousands of rupiah: lower than `price` while the product is on promotion, else equal'),
    promoPriceIdr: z.number().int().describe('The same charged price in whole rupiah'),
  })
  .meta({ id: 'ProductSize', description: 'One size a product is sold in, with its own price' });
export type ProductSize = z.infer<typeof ProductSize>;

/** A product picture, in the shape the original shop's API answered (snake_case names kept on purpose). */
export const ProductImage = z
  .object({
    id_image: z.string().describe('The picture id, unique on the menu (opaque text)'),
    id_product: z.string().describe('The id of the product it belongs to, as `Product.id`'),
    name: z.string().describe('The name of the picture: its file name'),
    filename: z.string().describe('The file name: the picture is served at `/uploads/images/<filename>`'),
    url: z.string().describe('The address to load the picture from (`/uploads/images/<filename>`, escaped)'),
    srcset: z
      .string()
      .describe(
        'The same picture in the widths the shop keeps, for an `<img srcset>`: comma-separated `<address> <width>w` choices, narrowest first, each width the real one, the last being `url` at the picture\'s own width (e.g. `/uploads/images/<name>.w320.webp 320w, /uploads/images/<name>.w640.webp 640w, /uploads/images/<filename> 1200w`). Just `url` when the picture\'s size cannot be read',
      ),
    width: z.number().int().positive().nullable().describe('Width in pixels of the picture at `url`; null when it cannot be read'),
    height: z.number().int().positive().nullable().describe('Height in pixels of the picture at `url`; null when it cannot be read'),
  })
  .meta({ id: 'ProductImage', description: 'One picture of a product' });
export type ProductImage = z.infer<typeof ProductImage>;

/** An ISO-8601 UTC timestamp, e.g. 2026-01-31T09:15:00.000Z. */
const timestamp = (description: string) => z.string().describe(`${description} (ISO-8601 UTC timestamp)`);

export const Product = z
  .object({
    id: z
      .string()
      .regex(/^[1-9][0-9]*$/)
      .describe(
        'The product id as decimal text ("12"), as in `/products/{id}`, so it compares equal to the route parameter; cart and order inputs take the same number',
      ),
    name: z.string().describe('The name on the menu'),
    price: z
      .number()
      .describe(
        'Price in thousands of rupiah: 34 is shown IDR 34.000. A product sold in sizes has each size priced in `sizes`',
      ),
    priceIdr: z.number().int().describe('The same price in whole rupiah: the figure to compute with'),
    promoPercentOff: z
      .number()
      .int()
      .min(0)
      .max(90)
      .describe('Percent taken off every price while the product is on promotion, 0 to 90; 0: no promotional price'),
    promoPrice: z
      .number()
      .describe(
        'What one item is charged, in thousands of rupiah: `price` less `promoPercentOff` %, rounded to whole rupiah; equal to `price` without a promotion. `price` stays the regular price',
      ),
    promoPriceIdr: z.number().int().describe('The same charged price in whole rupiah: what the cart and the order charge'),
    category: Category,
    images: z
      .array(ProductImage)
      .min(1)
      .describe(
        "The pictures, never empty: a product staff gave no picture shows its category's default picture (one file shared by all of them). The first is the main picture",
      ),
    imageUrl: z.string().describe('Address of the main picture: the same as `images[0].url`'),
    description: z.string().describe('What the product is, as shown on its page; may be empty'),
    sizes: z
      .array(ProductSize)
      .describe('Sizes with their own prices; empty for products sold in one size (foods, most add-ons)'),
    optionGroups: z
      .array(OptionGroup)
      .describe('The choices a customer makes for this product (milk, sugar, ice, extras), in the order shown; empty for none'),
    isFavorite: z.boolean().describe('Shown under Favorite & Promo and marked as a favourite'),
    isPromo: z.boolean().describe('Shown under Favorite & Promo and marked as on promotion'),
    isSoldOut: z.boolean().describe('Listed but cannot be ordered right now'),
    createdAt: timestamp('When the product was added to the menu'),
    updatedAt: timestamp('When the product last changed'),
  })
  .meta({ id: 'Product', description: 'A product on the menu' });
export type Product = z.infer<typeof Product>;

export const PRODUCT_SORTS = ['name', 'price', 'newest'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

const booleanFlag = z.enum(['true', 'false'], { error: () => /*i18n*/ 'must be true or false' }).transform((v) => v === 'true');

/**
 * Most products a list answers when the client asks for no page (neither `page` nor `limit`): the whole menu in
 * one answer, as the original shop's clients expect, with a bound far above any real menu.
 */
export const WHOLE_MENU_LIMIT = 1000;

export const ListProductsQuery = PageQuery.extend({
  page: PageQuery.shape.page
    .unwrap()
    .optional()
    .describe(`Which page of the list, from 1. Without \`page\` and \`limit\`: the whole menu (at most ${WHOLE_MENU_LIMIT})`),
  limit: PageQuery.shape.limit
    .unwrap()
    .optional()
    .describe(
      `Most items on one page, at most ${MAX_PAGE_LIMIT}; ${DEFAULT_PAGE_LIMIT} when only \`page\` is given. Without \`page\` and \`limit\`: the whole menu`,
    ),
  cat: Category.optional().describe('Only products of this category'),
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, /*i18n*/ 'must be at most 100 characters')
    .optional()
    .describe('Words to find in the name or description, in any order, forgiving case, accents and small typos'),
  sort: z
    .enum(PRODUCT_SORTS, { error: () => /*i18n*/ 'must be one of: name, price, newest' })
    .optional()
    .describe('name and price sort ascending, newest puts the latest first; absent, the menu order'),
  order: z
    .enum(SORT_ORDERS, { error: () => /*i18n*/ 'must be one of: asc, desc' })
    .optional()
    .describe('Flips the direction of `sort`; without `sort` it changes nothing'),
  featured: booleanFlag
    .optional()
    .describe('true: only products marked favourite or promo (the Favorite & Promo tab); false: only the others'),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuery>;
export type ListProductsQueryInput = z.input<typeof ListProductsQuery>;

/**
 * A product as a list shows it: a card's name, prices, picture and marks, plus the fields clients written for the
 * original shop read from a list (`id`, `name`, `price`, `category`, `images[].filename`). What only a product's own
 * page shows (description, sizes, option groups, dates) comes from `GET /products/{id}`: a list of 20 is about a
 * quarter of the bytes it was with every product whole.
 */
export const ProductListItem = Product.pick({
  id: true,
  name: true,
  price: true,
  priceIdr: true,
  promoPriceIdr: true,
  category: true,
  images: true,
  isFavorite: true,
  isPromo: true,
  isSoldOut: true,
}).meta({
  id: 'ProductListItem',
  description: 'A product as a list shows it; its description, sizes and option groups are in `GET /products/{id}`',
});
export type ProductListItem = z.infer<typeof ProductListItem>;

export const ProductListResponse = pageOf(ProductListItem, 'The products of this page').describe('A page of the menu');
export type ProductListResponse = z.infer<typeof ProductListResponse>;
export const ProductResponse = dataOf(Product, 'The product').describe('The product');
export type ProductResponse = z.infer<typeof ProductResponse>;
