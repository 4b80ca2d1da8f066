import type { Kysely, SelectQueryBuilder, Selectable, Transaction } from 'kysely';
import {
  Category,
  SIZE_CODES,
  SIZE_LABELS,
  SizeCode,
  rupiahToPriceUnits,
  type Product,
  type ProductSize,
} from '@coffee/contract';
import { nowIso } from '../../db/migrations/columns.js';
import type { Database, ProductSizeTable, ProductTable } from '../../db/schema.js';

/** The database itself or an open transaction: every function takes either, so callers can group writes. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** 'menu' is the shop's own order: favourites first, then coffee, non-coffee, foods, add-ons, then by name. */
export type ProductSort = 'menu' | 'name' | 'price' | 'newest';
export type SortOrder = 'asc' | 'desc';

export interface ProductFilter {
  category?: Category | undefined;
  /** true: favourite or promo products (the Favorite & Promo tab); false: neither. */
  featured?: boolean | undefined;
  /** Only these ids (search results). */
  ids?: readonly number[] | undefined;
}

export interface ListProductsOptions extends ProductFilter {
  sort: ProductSort;
  order: SortOrder;
  /** Absent: every matching product. */
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface NewProductSize {
  code: SizeCode;
  priceIdr: number;
}

/** A product to store; money in whole rupiah. */
export interface NewProduct {
  name: string;
  description: string;
  category: Category;
  priceIdr: number;
  images: readonly string[];
  sizes: readonly NewProductSize[];
  isFavorite: boolean;
  isPromo: boolean;
  isSoldOut: boolean;
  /** Defaults to now; the demo menu back-dates products so "newest" has something to sort. */
  createdAt?: string | undefined;
}

export type ProductChanges = Partial<Omit<NewProduct, 'createdAt'>>;

export interface SearchDocumentRow {
  id: number;
  name: string;
  description: string;
}

/** Where a stored picture is served (app.ts registers the static route). */
export const UPLOADS_URL_PREFIX = '/uploads/images/';

const PRODUCT_COLUMNS = [
  'products.id',
  'products.name',
  'products.description',
  'products.category',
  'products.price_idr',
  'products.images',
  'products.is_favorite',
  'products.is_promo',
  'products.is_sold_out',
  'products.created_at',
  'products.updated_at',
] as const;

/** What PRODUCT_COLUMNS selects: every column but deleted_at. */
type ProductRow = Omit<Selectable<ProductTable>, 'deleted_at'>;
type SizeRow = Selectable<ProductSizeTable>;

function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
  } catch {
    // A damaged cell must not take the whole menu down; the product shows without a picture.
    return [];
  }
}

function toSize(row: SizeRow): ProductSize | null {
  const code = SizeCode.safeParse(row.code);
  if (!code.success) return null;
  return { code: code.data, label: SIZE_LABELS[code.data], price: rupiahToPriceUnits(row.price_idr), priceIdr: row.price_idr };
}

function toProduct(row: ProductRow, sizeRows: readonly SizeRow[]): Product {
  const images = parseImages(row.images);
  const first = images[0];
  const sizes = sizeRows
    .map(toSize)
    .filter((s): s is ProductSize => s !== null)
    .sort((a, b) => SIZE_CODES.indexOf(a.code) - SIZE_CODES.indexOf(b.code));
  return {
    id: row.id,
    name: row.name,
    price: rupiahToPriceUnits(row.price_idr),
    priceIdr: row.price_idr,
    // The migration's check constraint only admits the four categories.
    category: Category.parse(row.category),
    images,
    imageUrl: first === undefined ? null : UPLOADS_URL_PREFIX + encodeURIComponent(first),
    description: row.description,
    sizes,
    isFavorite: row.is_favorite === 1,
    isPromo: row.is_promo === 1,
    isSoldOut: row.is_sold_out === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);

/** Catalogue SQL. Identical for SQLite and PostgreSQL (db/schema.ts conventions); soft-deleted rows never leave it. */
export function createProductRepository(db: Kysely<Database>) {
  function applyFilter<O>(
    query: SelectQueryBuilder<Database, 'products', O>,
    filter: ProductFilter,
  ): SelectQueryBuilder<Database, 'products', O> {
    let q = query.where('products.deleted_at', 'is', null);
    if (filter.category) q = q.where('products.category', '=', filter.category);
    if (filter.featured === true) {
      q = q.where((eb) => eb.or([eb('products.is_favorite', '=', 1), eb('products.is_promo', '=', 1)]));
    } else if (filter.featured === false) {
      q = q.where('products.is_favorite', '=', 0).where('products.is_promo', '=', 0);
    }
    if (filter.ids) q = q.where('products.id', 'in', [...filter.ids]);
    return q;
  }

  function applySort<O>(
    query: SelectQueryBuilder<Database, 'products', O>,
    sort: ProductSort,
    order: SortOrder,
  ): SelectQueryBuilder<Database, 'products', O> {
    // lower(name) so 'affogato' and 'Americano' sort as a person expects; id breaks ties so pages never overlap.
    const byName = (q: SelectQueryBuilder<Database, 'products', O>, direction: SortOrder) =>
      q.orderBy((eb) => eb.fn<string>('lower', ['products.name']), direction).orderBy('products.id', direction);
    switch (sort) {
      case 'name':
        return byName(query, order);
      case 'price':
        return byName(query.orderBy('products.price_idr', order), 'asc');
      case 'newest':
        return query.orderBy('products.created_at', order).orderBy('products.id', order);
      case 'menu': {
        // Favourites first, then the categories in the order of the shop's tabs (spec section 2), then by name.
        const byCategory = query.orderBy('products.is_favorite', 'desc').orderBy(
          (eb) =>
            eb
              .case()
              .when('products.category', '=', 'coffee')
              .then(eb.lit(0))
              .when('products.category', '=', 'non-coffee')
              .then(eb.lit(1))
              .when('products.category', '=', 'foods')
              .then(eb.lit(2))
              .else(eb.lit(3))
              .end(),
          'asc',
        );
        return byName(byCategory, 'asc');
      }
    }
  }

  async function attachSizes(rows: readonly ProductRow[], executor: Executor): Promise<Product[]> {
    if (rows.length === 0) return [];
    const sizeRows = await executor
      .selectFrom('product_sizes')
      .select(['product_id', 'code', 'price_idr'])
      .where(
        'product_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const byProduct = new Map<number, SizeRow[]>();
    for (const size of sizeRows) {
      const list = byProduct.get(size.product_id);
      if (list) list.push(size);
      else byProduct.set(size.product_id, [size]);
    }
    return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
  }

  async function listProducts(options: ListProductsOptions, executor: Executor = db): Promise<Product[]> {
    // `in ()` is not valid SQL: no ids, no rows.
    if (options.ids?.length === 0) return [];
    let query = applySort(applyFilter(executor.selectFrom('products').select(PRODUCT_COLUMNS), options), options.sort, options.order);
    if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
    return attachSizes(await query.execute(), executor);
  }

  async function countProducts(filter: ProductFilter, executor: Executor = db): Promise<number> {
    if (filter.ids?.length === 0) return 0;
    const row = await applyFilter(
      executor.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('total')),
      filter,
    ).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async function findProductById(id: number, executor: Executor = db): Promise<Product | undefined> {
    const row = await executor
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('products.id', '=', id)
      .where('products.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const [product] = await attachSizes([row], executor);
    return product;
  }

  /** Name and description of every matching product, for the in-memory search. */
  async function listSearchDocuments(
    filter: Pick<ProductFilter, 'category' | 'featured'>,
    executor: Executor = db,
  ): Promise<SearchDocumentRow[]> {
    return applyFilter(executor.selectFrom('products').select(['products.id', 'products.name', 'products.description']), filter)
      .orderBy('products.id')
      .execute();
  }

  /** True when the table holds any row at all, soft-deleted ones included. */
  async function hasAnyProductRows(executor: Executor = db): Promise<boolean> {
    const row = await executor.selectFrom('products').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async function insertSizes(productId: number, sizes: readonly NewProductSize[], trx: Executor): Promise<void> {
    if (sizes.length === 0) return;
    await trx
      .insertInto('product_sizes')
      .values(sizes.map((s) => ({ product_id: productId, code: s.code, price_idr: s.priceIdr })))
      .execute();
  }

  /** Inserts the product and its sizes atomically (in `executor` when it is a transaction, else in its own). */
  async function createProduct(input: NewProduct, executor: Executor = db): Promise<Product> {
    if (!executor.isTransaction) return executor.transaction().execute((trx) => createProduct(input, trx));
    const now = nowIso();
    const { id } = await executor
      .insertInto('products')
      .values({
        name: input.name,
        description: input.description,
        category: input.category,
        price_idr: input.priceIdr,
        images: JSON.stringify(input.images),
        is_favorite: flag(input.isFavorite),
        is_promo: flag(input.isPromo),
        is_sold_out: flag(input.isSoldOut),
        created_at: input.createdAt ?? now,
        updated_at: input.createdAt ?? now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertSizes(id, input.sizes, executor);
    const created = await findProductById(id, executor);
    if (!created) throw new Error(`Product ${id} vanished inside its own transaction`);
    return created;
  }

  /** Applies the given changes; undefined when no live product has this id. `sizes` replaces every size. */
  async function updateProduct(id: number, changes: ProductChanges, executor: Executor = db): Promise<Product | undefined> {
    if (!executor.isTransaction) return executor.transaction().execute((trx) => updateProduct(id, changes, trx));
    const result = await executor
      .updateTable('products')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.category !== undefined ? { category: changes.category } : {}),
        ...(changes.priceIdr !== undefined ? { price_idr: changes.priceIdr } : {}),
        ...(changes.images !== undefined ? { images: JSON.stringify(changes.images) } : {}),
        ...(changes.isFavorite !== undefined ? { is_favorite: flag(changes.isFavorite) } : {}),
        ...(changes.isPromo !== undefined ? { is_promo: flag(changes.isPromo) } : {}),
        ...(changes.isSoldOut !== undefined ? { is_sold_out: flag(changes.isSoldOut) } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return undefined;
    if (changes.sizes !== undefined) {
      await executor.deleteFrom('product_sizes').where('product_id', '=', id).execute();
      await insertSizes(id, changes.sizes, executor);
    }
    return findProductById(id, executor);
  }

  /** Marks the product deleted (past orders keep it); false when no live product has this id. */
  async function softDeleteProduct(id: number, executor: Executor = db): Promise<boolean> {
    const now = nowIso();
    const result = await executor
      .updateTable('products')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * True when any product row, soft-deleted ones included (past orders still show them), lists this picture.
   * A LIKE on the JSON text: `_` in a name may over-match, which only ever keeps a file, never loses one.
   */
  async function isImageInUse(fileName: string, executor: Executor = db): Promise<boolean> {
    const row = await executor
      .selectFrom('products')
      .select('id')
      .where('images', 'like', `%${JSON.stringify(fileName).replace(/[%\\]/g, '')}%`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    /** The database this repository works on: the key of its catalogue version, and for opening transactions. */
    db,
    listProducts,
    countProducts,
    findProductById,
    listSearchDocuments,
    hasAnyProductRows,
    createProduct,
    updateProduct,
    softDeleteProduct,
    isImageInUse,
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
