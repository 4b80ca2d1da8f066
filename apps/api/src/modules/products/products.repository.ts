import type { Kysely, SelectQueryBuilder, Selectable, Transaction } from 'kysely';
import {
  Category,
  SIZE_CODES,
  SIZE_LABELS,
  SizeCode,
  rupiahToPriceUnits,
  type OptionGroup,
  type Product,
  type ProductSize,
} from '@coffee/contract';
import { nowIso } from '../../db/migrations/columns.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, ProductSizeTable, ProductTable } from '../../db/schema.js';
import { promoPriceIdr } from '../checkout/checkout.service.js';
import { createOptionService, type ProductOptionGroups } from '../options/options.service.js';
import { catalogueVersionOf, type CatalogueVersion } from './catalogue-cache.js';
import { parseImages } from './picture-address.js';
import { createProductLookups } from './product-lookups.repository.js';

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
  /** Percent off every price while on promotion (0..90); absent on create: none. */
  promoPercentOff?: number | undefined;
  isSoldOut: boolean;
  /** The option groups offered (milk, sugar...), in the order shown; absent: none (a change leaves them as they are). */
  optionGroupIds?: readonly number[] | undefined;
  /** Defaults to now; the demo menu back-dates products so "newest" has something to sort. */
  createdAt?: string | undefined;
}

export type ProductChanges = Partial<Omit<NewProduct, 'createdAt'>>;

/**
 * A product as stored: its numeric id and the picture file names its row lists (none for a row written before
 * every product had a picture). The API answers the shape of the contract's `Product` (products.service.ts).
 */
export interface StoredProduct extends Omit<Product, 'id' | 'images' | 'imageUrl'> {
  id: number;
  images: string[];
}

/**
 * A product as a list shows it (products.service.ts answers the contract's `ProductListItem` from it): the row of
 * `products` alone, no sizes nor option groups, so a page of a list is one query.
 */
export type StoredListing = Pick<
  StoredProduct,
  'id' | 'name' | 'price' | 'priceIdr' | 'promoPriceIdr' | 'category' | 'images' | 'isFavorite' | 'isPromo' | 'isSoldOut'
>;

/**
 * What the in-memory search needs of a product: its words, what the list filters and orders by, and what a list shows
 * of it, so a search's page is drawn without reading its rows again.
 */
export interface SearchDocumentRow extends StoredListing {
  description: string;
  createdAt: string;
}

export { UPLOADS_URL_PREFIX, imageUrlOf } from './picture-address.js';

/** The columns a list shows (LISTING_COLUMNS). */
const LISTING_COLUMNS = [
  'products.id',
  'products.name',
  'products.category',
  'products.price_idr',
  'products.images',
  'products.is_favorite',
  'products.is_promo',
  'products.promo_percent_off',
  'products.is_sold_out',
] as const;

/** A whole product: the listing's columns and what its own page adds. */
const PRODUCT_COLUMNS = [...LISTING_COLUMNS, 'products.description', 'products.created_at', 'products.updated_at'] as const;
type ListingRow = Pick<
  Selectable<ProductTable>,
  'id' | 'name' | 'category' | 'price_idr' | 'images' | 'is_favorite' | 'is_promo' | 'promo_percent_off' | 'is_sold_out'
>;

/** What PRODUCT_COLUMNS selects: every column but deleted_at and name_key. */
type ProductRow = Omit<Selectable<ProductTable>, 'deleted_at' | 'name_key'>;
type SizeRow = Selectable<ProductSizeTable>;

function toSize(row: SizeRow, percentOff: number): ProductSize | null {
  const code = SizeCode.safeParse(row.code);
  if (!code.success) return null;
  const promoIdr = promoPriceIdr(row.price_idr, percentOff);
  return {
    code: code.data,
    label: SIZE_LABELS[code.data],
    price: rupiahToPriceUnits(row.price_idr),
    priceIdr: row.price_idr,
    promoPrice: rupiahToPriceUnits(promoIdr),
    promoPriceIdr: promoIdr,
  };
}

function toProduct(row: ProductRow, sizeRows: readonly SizeRow[], optionGroups: OptionGroup[]): StoredProduct {
  const images = parseImages(row.images);
  const sizes = sizeRows
    .map((size) => toSize(size, row.promo_percent_off))
    .filter((s): s is ProductSize => s !== null)
    .sort((a, b) => SIZE_CODES.indexOf(a.code) - SIZE_CODES.indexOf(b.code));
  return {
    id: row.id,
    name: row.name,
    price: rupiahToPriceUnits(row.price_idr),
    priceIdr: row.price_idr,
    promoPercentOff: row.promo_percent_off,
    promoPrice: rupiahToPriceUnits(promoPriceIdr(row.price_idr, row.promo_percent_off)),
    promoPriceIdr: promoPriceIdr(row.price_idr, row.promo_percent_off),
    // The migration's check constraint only admits the four categories.
    category: Category.parse(row.category),
    images,
    description: row.description,
    sizes,
    optionGroups,
    isFavorite: row.is_favorite === 1,
    isPromo: row.is_promo === 1,
    isSoldOut: row.is_sold_out === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toListing(row: ListingRow): StoredListing {
  return {
    id: row.id,
    name: row.name,
    price: rupiahToPriceUnits(row.price_idr),
    priceIdr: row.price_idr,
    promoPriceIdr: promoPriceIdr(row.price_idr, row.promo_percent_off),
    category: Category.parse(row.category),
    images: parseImages(row.images),
    isFavorite: row.is_favorite === 1,
    isPromo: row.is_promo === 1,
    isSoldOut: row.is_sold_out === 1,
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);

/**
 * Catalogue SQL. Identical for SQLite and PostgreSQL (db/schema.ts conventions); soft-deleted rows never leave it.
 *
 * The write functions also own cache invalidation: each bumps `catalogueVersion` once its transaction has
 * committed, so no writer can forget it. A write that must join other writes in one transaction runs inside
 * `transaction(...)`, which bumps after that transaction commits; a write handed any other transaction throws,
 * since its commit would go unnoticed by the cached answers.
 */
/**
 * How two product names are compared: case, surrounding and repeated spaces and look-alike characters ("Ｌａｔｔｅ")
 * ignored. The unique index over it (live products only) refuses a second "iced  latte" even when two staff save
 * at the same moment.
 */
export const productNameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The error a write gets when another live product already has the name (the unique index on `name_key`). */
export const isDuplicateProductName = (err: unknown): boolean =>
  isUniqueViolation(err, { postgres: 'products_live_name_key_idx', sqlite: 'products.name_key' });

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
      // Favourites first, then the categories in the order of the menu page's tabs, then by name.
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

/**
 * Catalogue writes in transactions whose commit moves the catalogue version on: `transaction` opens one, `write` runs
 * a write in it (or in a new one), so no writer can forget the answer cache.
 */
function catalogueTransactions(db: Kysely<Database>, catalogueVersion: CatalogueVersion) {
  /** Transactions opened by `transaction`, and those of them that wrote to the catalogue. */
  const ours = new WeakSet<Transaction<Database>>();
  const written = new WeakSet<Transaction<Database>>();

  /** Groups catalogue writes (and reads) in one transaction; the version moves on once it commits. */
  async function transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    let opened: Transaction<Database> | undefined;
    const result = await db.transaction().execute(async (trx) => {
      opened = trx;
      ours.add(trx);
      return work(trx);
    });
    if (opened && written.has(opened)) await catalogueVersion.bump();
    return result;
  }

  /** Runs a write in the caller's transaction (it must come from `transaction`) or in a new one. */
  function write<T>(trx: Transaction<Database> | undefined, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    if (!trx) return transaction((own) => write(own, work));
    if (!ours.has(trx)) {
      throw new Error('A catalogue write in a transaction must run inside productRepository.transaction()');
    }
    written.add(trx);
    return work(trx);
  }

  return { transaction, write };
}

export function createProductRepository(
  db: Kysely<Database>,
  catalogueVersion: CatalogueVersion = catalogueVersionOf(db),
  /** The options module's door: product_option_groups is its table, so products ask it for their groups. */
  groupsOfOptions: ProductOptionGroups = createOptionService({ db }),
) {
  const { transaction, write } = catalogueTransactions(db, catalogueVersion);

  async function attachSizes(rows: readonly ProductRow[], trx?: Transaction<Database>): Promise<StoredProduct[]> {
    if (rows.length === 0) return [];
    const [sizeRows, optionGroups] = await Promise.all([
      (trx ?? db)
        .selectFrom('product_sizes')
        .select(['product_id', 'code', 'price_idr'])
        .where(
          'product_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute(),
      groupsOfOptions.groupsOfProducts(rows.map((r) => r.id), trx),
    ]);
    const byProduct = new Map<number, SizeRow[]>();
    for (const size of sizeRows) {
      const list = byProduct.get(size.product_id);
      if (list) list.push(size);
      else byProduct.set(size.product_id, [size]);
    }
    return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? [], optionGroups.get(row.id) ?? []));
  }

  async function listProducts(options: ListProductsOptions, trx?: Transaction<Database>): Promise<StoredProduct[]> {
    // `in ()` is not valid SQL: no ids, no rows.
    if (options.ids?.length === 0) return [];
    let query = applySort(applyFilter((trx ?? db).selectFrom('products').select(PRODUCT_COLUMNS), options), options.sort, options.order);
    if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
    return attachSizes(await query.execute(), trx);
  }

  /** A page of a list as it shows: one query, no sizes nor option groups (GET /products/{id} has those). */
  async function listListings(options: ListProductsOptions, trx?: Transaction<Database>): Promise<StoredListing[]> {
    if (options.ids?.length === 0) return [];
    let query = applySort(applyFilter((trx ?? db).selectFrom('products').select(LISTING_COLUMNS), options), options.sort, options.order);
    if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
    return (await query.execute()).map(toListing);
  }

  async function countProducts(filter: ProductFilter, trx?: Transaction<Database>): Promise<number> {
    if (filter.ids?.length === 0) return 0;
    const row = await applyFilter(
      (trx ?? db).selectFrom('products').select((eb) => eb.fn.countAll<number>().as('total')),
      filter,
    ).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async function findProductById(id: number, trx?: Transaction<Database>): Promise<StoredProduct | undefined> {
    const row = await (trx ?? db)
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('products.id', '=', id)
      .where('products.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const [product] = await attachSizes([row], trx);
    return product;
  }

  /** Every matching product as a list shows it, with its description and creation time, for the in-memory search. */
  async function listSearchDocuments(
    filter: Pick<ProductFilter, 'category' | 'featured'>,
    trx?: Transaction<Database>,
  ): Promise<SearchDocumentRow[]> {
    const rows = await applyFilter(
      (trx ?? db)
        .selectFrom('products')
        .select([...LISTING_COLUMNS, 'products.description', 'products.created_at']),
      filter,
    )
      .orderBy('products.id')
      .execute();
    return rows.map((row) => ({ ...toListing(row), description: row.description, createdAt: row.created_at }));
  }

  /** The ids of every matching product in the requested order, without their rows: search ranks them in memory. */
  async function listProductIds(options: Omit<ListProductsOptions, 'limit' | 'offset'>, trx?: Transaction<Database>): Promise<number[]> {
    if (options.ids?.length === 0) return [];
    const rows = await applySort(applyFilter((trx ?? db).selectFrom('products').select('products.id'), options), options.sort, options.order).execute();
    return rows.map((row) => row.id);
  }

  /** The picture file names the menu's live products list, each once (the start-up check of their copies). */
  async function listPictureFiles(trx?: Transaction<Database>): Promise<string[]> {
    const rows = await (trx ?? db).selectFrom('products').select('images').where('deleted_at', 'is', null).execute();
    return [...new Set(rows.flatMap((row) => parseImages(row.images)))];
  }

  /** True when the table holds any row at all, soft-deleted ones included. */
  async function hasAnyProductRows(trx?: Transaction<Database>): Promise<boolean> {
    const row = await (trx ?? db).selectFrom('products').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  const { createProduct, updateProduct, softDeleteProduct } = productWrites(write, groupsOfOptions, findProductById);

  /**
   * True when any product row, soft-deleted ones included (past orders still show them), lists this picture.
   * A LIKE on the JSON text: `_` in a name may over-match, which only ever keeps a file, never loses one.
   */
  async function isImageInUse(fileName: string, trx?: Transaction<Database>): Promise<boolean> {
    const row = await (trx ?? db)
      .selectFrom('products')
      .select('id')
      .where('images', 'like', `%${JSON.stringify(fileName).replace(/[%\\]/g, '')}%`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    /** Moves on after every committed write: the cached answers of the products service follow it. */
    catalogueVersion,
    ...createProductLookups(db, groupsOfOptions),
    transaction,
    listProducts,
    listListings,
    countProducts,
    findProductById,
    listSearchDocuments,
    listProductIds,
    hasAnyProductRows,
    listPictureFiles,
    createProduct,
    updateProduct,
    softDeleteProduct,
    isImageInUse,
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;

/** Creating, changing and removing products: each in one catalogue write (the version moves on once it commits). */
function productWrites(
  write: ReturnType<typeof catalogueTransactions>['write'],
  groupsOfOptions: ProductOptionGroups,
  findProductById: (id: number, trx?: Transaction<Database>) => Promise<StoredProduct | undefined>,
) {
  async function insertSizes(productId: number, sizes: readonly NewProductSize[], trx: Transaction<Database>): Promise<void> {
    if (sizes.length === 0) return;
    await trx
      .insertInto('product_sizes')
      .values(sizes.map((s) => ({ product_id: productId, code: s.code, price_idr: s.priceIdr })))
      .execute();
  }

  /** Inserts the product and its sizes atomically (in `trx`, else in a transaction of its own). */
  function createProduct(input: NewProduct, trx?: Transaction<Database>): Promise<StoredProduct> {
    return write(trx, async (tx) => {
      const now = nowIso();
      const { id } = await tx
        .insertInto('products')
        .values({
          name: input.name,
          name_key: productNameKey(input.name),
          description: input.description,
          category: input.category,
          price_idr: input.priceIdr,
          images: JSON.stringify(input.images),
          is_favorite: flag(input.isFavorite),
          is_promo: flag(input.isPromo),
          promo_percent_off: input.promoPercentOff ?? 0,
          is_sold_out: flag(input.isSoldOut),
          created_at: input.createdAt ?? now,
          updated_at: input.createdAt ?? now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertSizes(id, input.sizes, tx);
      if (input.optionGroupIds) await groupsOfOptions.setProductGroups(id, input.optionGroupIds, tx);
      const created = await findProductById(id, tx);
      if (!created) throw new Error(`Product ${id} vanished inside its own transaction`);
      return created;
    });
  }

  /** Applies the given changes; undefined when no live product has this id. `sizes` replaces every size. */
  function updateProduct(id: number, changes: ProductChanges, trx?: Transaction<Database>): Promise<StoredProduct | undefined> {
    return write(trx, async (tx) => {
      const result = await tx
        .updateTable('products')
        .set({
          ...(changes.name !== undefined ? { name: changes.name, name_key: productNameKey(changes.name) } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.category !== undefined ? { category: changes.category } : {}),
          ...(changes.priceIdr !== undefined ? { price_idr: changes.priceIdr } : {}),
          ...(changes.images !== undefined ? { images: JSON.stringify(changes.images) } : {}),
          ...(changes.isFavorite !== undefined ? { is_favorite: flag(changes.isFavorite) } : {}),
          ...(changes.isPromo !== undefined ? { is_promo: flag(changes.isPromo) } : {}),
          ...(changes.promoPercentOff !== undefined ? { promo_percent_off: changes.promoPercentOff } : {}),
          ...(changes.isSoldOut !== undefined ? { is_sold_out: flag(changes.isSoldOut) } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return undefined;
      if (changes.sizes !== undefined) {
        await tx.deleteFrom('product_sizes').where('product_id', '=', id).execute();
        await insertSizes(id, changes.sizes, tx);
      }
      if (changes.optionGroupIds !== undefined) await groupsOfOptions.setProductGroups(id, changes.optionGroupIds, tx);
      return findProductById(id, tx);
    });
  }

  /** Marks the product deleted (past orders keep it); false when no live product has this id. */
  function softDeleteProduct(id: number, trx?: Transaction<Database>): Promise<boolean> {
    return write(trx, async (tx) => {
      const now = nowIso();
      const result = await tx
        .updateTable('products')
        .set({ deleted_at: now, updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    });
  }

  return { createProduct, updateProduct, softDeleteProduct };
}
