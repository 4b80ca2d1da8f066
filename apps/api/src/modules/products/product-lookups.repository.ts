import type { Kysely, Transaction } from 'kysely';
import { SIZE_CODES, SizeCode, Category } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { ProductOptionGroups } from '../options/options.service.js';
import type { CatalogueEntry, ProductFacts } from './catalogue-entry.js';
import { imageUrlOf } from './picture-address.js';

/** What other modules ask of products through the products service: lines to price, promotions' facts, pictures. */
export function createProductLookups(db: Kysely<Database>, groupsOfOptions: Pick<ProductOptionGroups, 'groupsOfProducts'>) {
/** The products with these ids as the cart prices them, deleted ones included (a cart line still shows what it was). */
async function findCatalogueEntries(productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, CatalogueEntry>> {
  const result = new Map<number, CatalogueEntry>();
  if (productIds.length === 0) return result;
  const ids = [...new Set(productIds)];
  const [products, sizes, groups] = await Promise.all([
    (trx ?? db)
      .selectFrom('products')
      .select(['id', 'name', 'images', 'price_idr', 'promo_percent_off', 'is_sold_out', 'deleted_at'])
      .where('id', 'in', ids)
      .execute(),
    (trx ?? db).selectFrom('product_sizes').select(['product_id', 'code', 'price_idr']).where('product_id', 'in', ids).execute(),
    groupsOfOptions.groupsOfProducts(ids, trx),
  ]);
  for (const p of products) {
    result.set(p.id, {
      id: p.id,
      name: p.name,
      imageUrl: imageUrlOf(p.images),
      priceIdr: Number(p.price_idr),
      promoPercentOff: Number(p.promo_percent_off),
      isSoldOut: p.is_sold_out === 1,
      isDeleted: p.deleted_at !== null,
      sizes: [],
      optionGroups: groups.get(p.id) ?? [],
    });
  }
  for (const s of sizes) {
    const parsed = SizeCode.safeParse(s.code);
    if (parsed.success) result.get(s.product_id)?.sizes.push({ code: parsed.data, priceIdr: Number(s.price_idr) });
  }
  for (const entry of result.values()) entry.sizes.sort((a, b) => SIZE_CODES.indexOf(a.code) - SIZE_CODES.indexOf(b.code));
  return result;
}

/** Each product's name, category and whether it is on the menu (not deleted), deleted products included. */
async function findProductFacts(productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, ProductFacts>> {
  if (productIds.length === 0) return new Map();
  const rows = await (trx ?? db)
    .selectFrom('products')
    .select(['id', 'name', 'category', 'deleted_at'])
    .where('id', 'in', [...new Set(productIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, category: Category.parse(r.category), isLive: r.deleted_at === null }]));
}

/** The address of each product's first picture (null: none), deleted products included (past orders show them). */
async function findPictureAddresses(productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, string | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await (trx ?? db).selectFrom('products').select(['id', 'images']).where('id', 'in', [...new Set(productIds)]).execute();
  return new Map(rows.map((r) => [r.id, imageUrlOf(r.images)]));
}

  return { findCatalogueEntries, findProductFacts, findPictureAddresses };
}
