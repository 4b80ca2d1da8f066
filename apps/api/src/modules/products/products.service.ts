import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_PAGE_LIMIT, WHOLE_MENU_LIMIT, type ListProductsQuery, type Product } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { AnswerCache, type CatalogueVersion } from './catalogue-cache.js';
import type { ProductOptionGroups } from '../options/options.service.js';
import type { PictureOnDisk } from '../../lib/images.js';
import { DEFAULT_PICTURE_FILES } from './default-pictures.js';
import { pictureSizing, type ProductPictures } from './product-pictures.js';
import {
  UPLOADS_URL_PREFIX,
  createProductRepository,
  isDuplicateProductName,
  type NewProduct,
  type ProductChanges,
  type ProductFilter,
  type ProductRepository,
  type ProductSort,
  type SortOrder,
  type StoredProduct,
} from './products.repository.js';
import { createSearchIndex, toQueryWords, type SearchIndex } from './search.js';

import type { CatalogueEntry, ProductFacts } from './catalogue-entry.js';

export type { CatalogueEntry, ProductFacts } from './catalogue-entry.js';
export type { CatalogueVersion } from './catalogue-cache.js';
export type { NewProduct, StoredProduct } from './products.repository.js';

export type ProductServiceDeps = (
  | {
      /** The module builds its own repository over it: only this module touches products and product_sizes. */
      db: Kysely<Database>;
      /** Moved on by every catalogue write (across processes with REDIS_URL); default: this process only. */
      catalogueVersion?: CatalogueVersion | undefined;
      /** The options module's door, for each product's option groups. */
      optionGroups?: ProductOptionGroups | undefined;
    }
  | {
      /** Tests of this module: a repository of their own. */
      productRepository: ProductRepository;
    }
) & {
  /** The pictures' sizes and copies, for each image's `srcset`; without it an image offers its main file only. */
  pictures?: ProductPictures;
  /** Most list answers kept in memory (least recently used dropped first). */
  maxCachedLists?: number;
};

/** One page of the catalogue. Shared between requests when cached: read-only. */
export interface ProductPage {
  readonly items: readonly Product[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
}

/** The words of a `?search=` text (see toQueryWords) and their part of the cache key. */
interface QueryWords {
  readonly words: readonly string[];
  readonly key: string;
}

const NO_SEARCH: QueryWords = Object.freeze({ words: Object.freeze([]), key: '' });

/**
 * toQueryWords for recent search texts: splitting a text (Unicode normalisation, two regular expressions, a sort)
 * measured about 3 µs, the largest part of a cached search answer's own CPU. A pure function of the text, so a
 * small bounded memo is safe; the oldest text goes first when it is full.
 */
function queryWordsMemo(maxEntries: number) {
  const memo = new Map<string, QueryWords>();
  return (search: string): QueryWords => {
    let found = memo.get(search);
    if (!found) {
      const words = Object.freeze(toQueryWords(search));
      found = { words, key: words.join(' ') };
      if (memo.size >= maxEntries) memo.delete(memo.keys().next().value as string);
      memo.set(search, found);
    }
    return found;
  };
}

/** The picture files a product answer shows: its own, or its category's default when its row lists none. */
const pictureFilesOf = (stored: StoredProduct): string[] =>
  stored.images.length > 0 ? stored.images : [DEFAULT_PICTURE_FILES[stored.category]];

/**
 * A stored product as the API answers it, in the shape clients of the original shop read: the id as decimal text
 * (they compare it with the route parameter, a string) and `images` as objects with a `filename`, never empty.
 * `pictures` holds the sizes of its picture files (see sizesOf); one missing offers just its main file.
 */
export function toProductAnswer(stored: StoredProduct, pictures: ReadonlyMap<string, PictureOnDisk> = new Map()): Product {
  const id = String(stored.id);
  const [firstFile = DEFAULT_PICTURE_FILES[stored.category], ...moreFiles] = pictureFilesOf(stored);
  const toImage = (filename: string, index: number) => ({
    id_image: `${id}-${index + 1}`,
    id_product: id,
    name: filename,
    filename,
    url: UPLOADS_URL_PREFIX + encodeURIComponent(filename),
    ...pictureSizing(filename, pictures.get(filename)),
  });
  const first = toImage(firstFile, 0);
  return { ...stored, id, images: [first, ...moreFiles.map((file, i) => toImage(file, i + 1))], imageUrl: first.url };
}

/** Page and limit of a list: without either, the whole menu on one page (up to WHOLE_MENU_LIMIT). */
function resolvePaging(query: Pick<ListProductsQuery, 'page' | 'limit'>): { page: number; limit: number } {
  if (query.page === undefined && query.limit === undefined) return { page: 1, limit: WHOLE_MENU_LIMIT };
  return { page: query.page ?? 1, limit: query.limit ?? DEFAULT_PAGE_LIMIT };
}

/** Product ids are positive integers that fit the `integer` column of both databases. */
const MAX_PRODUCT_ID = 2_147_483_647;

/** The id in `/products/:id`, or null when it cannot name a product ('abc', '-1', '1.5', '007', '1e3'). */
export function parseProductId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_PRODUCT_ID ? id : null;
}

function productNotFound(raw: string) {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return notFound(`There is no product with id "${shown}" on the menu`);
}

/**
 * Default orders: no `sort` gives the menu order (favourites first, then coffee, non-coffee, foods, add-ons,
 * then A-Z); `name` and `price` go ascending and `newest` latest first unless `order` says otherwise.
 */
function resolveSort(query: Pick<ListProductsQuery, 'sort' | 'order'>): { sort: ProductSort; order: SortOrder } {
  if (!query.sort) return { sort: 'menu', order: 'asc' };
  return { sort: query.sort, order: query.order ?? (query.sort === 'newest' ? 'desc' : 'asc') };
}

/** A second live product with the same name (ignoring case and spacing) confuses customers and staff alike. */
const duplicateName = (name: string) => (err: unknown): never => {
  if (isDuplicateProductName(err)) {
    throw conflict(`There is already a product called "${name.trim()}" on the menu. Please choose another name.`, 'name');
  }
  throw err;
};

/** Product answers kept for search pages: every product of a large menu (about 1 KB each). */
const MAX_SEARCH_ANSWERS = 20_000;

export function createProductService(deps: ProductServiceDeps) {
  const repo =
    'productRepository' in deps ? deps.productRepository : createProductRepository(deps.db, deps.catalogueVersion, deps.optionGroups);
  const noPictures: ReadonlyMap<string, PictureOnDisk> = new Map();
  /** The answers of these rows, with their pictures' sizes read in one go. */
  async function toAnswers(rows: readonly StoredProduct[]): Promise<Product[]> {
    const pictures = deps.pictures ? await deps.pictures.sizesOf(rows.flatMap(pictureFilesOf)) : noPictures;
    return rows.map((row) => toProductAnswer(row, pictures));
  }
  const toAnswer = async (row: StoredProduct): Promise<Product> => (await toAnswers([row]))[0] as Product;
  // An in-process cache is safe because every write moves the catalogue version on (the repository does it), and
  // with REDIS_URL a write in any process reaches every other one before it answers (catalogue-cache.ts): every
  // answer cached before a write is dropped.
  const version = repo.catalogueVersion.current;
  const pages = new AnswerCache<ProductPage>(deps.maxCachedLists ?? 256, version);
  const products = new AnswerCache<Product | undefined>(1024, version);
  // One index of the whole live catalogue, rebuilt after a write; the filters apply through `searchOrders`.
  const searchIndex = new AnswerCache<SearchIndex>(1, version);
  // Each product's place in a filtered, sorted list: search keeps the matches' requested order without their rows.
  const searchOrders = new AnswerCache<ReadonlyMap<number, number>>(32, version);
  const queryWordsOf = queryWordsMemo(256);
  // Search pages' product answers by id, for this catalogue version: distinct searches keep landing on the same
  // products, and reading their rows again was most of a search's time at 10,000 products. A write starts a new map
  // (an answer being loaded then goes into the old one, which nobody reads); a full map starts over.
  let answered = { version: version(), byId: new Map<number, Product>() };
  const answeredById = (): Map<number, Product> => {
    if (answered.version !== version() || answered.byId.size >= MAX_SEARCH_ANSWERS) {
      answered = { version: version(), byId: new Map() };
    }
    return answered.byId;
  };

  async function loadPage(filter: ProductFilter, sort: ProductSort, order: SortOrder, page: number, limit: number) {
    const [items, total] = await Promise.all([
      repo.listProducts({ ...filter, sort, order, limit, offset: (page - 1) * limit }),
      repo.countProducts(filter),
    ]);
    return { items: await toAnswers(items), page, limit, total };
  }

  async function loadSearchPage(
    words: readonly string[],
    filter: ProductFilter,
    sort: ProductSort,
    order: SortOrder,
    page: number,
    limit: number,
  ): Promise<ProductPage> {
    const orderKey = `${filter.category ?? '*'}|${String(filter.featured ?? '*')}|${sort}|${order}`;
    const [index, positions] = await Promise.all([
      searchIndex.get('catalogue', async () => createSearchIndex(await repo.listSearchDocuments({}))),
      searchOrders.get(orderKey, async () => {
        const ids = await repo.listProductIds({ ...filter, sort, order });
        return new Map(ids.map((id, position) => [id, position] as const));
      }),
    ]);
    // Best matches first; products that match equally well keep the requested order. Products outside the
    // filter have no position and drop out.
    const ranked = index
      .search(words)
      .flatMap((hit) => {
        const position = positions.get(hit.id);
        return position === undefined ? [] : [{ id: hit.id, rank: hit.rank, position }];
      })
      .sort((a, b) => a.rank - b.rank || a.position - b.position);
    const start = (page - 1) * limit;
    const pageIds = ranked.slice(start, start + limit).map((hit) => hit.id);
    const known = answeredById();
    const missing = pageIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      // Only the rows not answered yet in this catalogue version are read: one small query, none once warm.
      for (const answer of await toAnswers(await repo.listProducts({ ids: missing, sort, order }))) {
        known.set(Number(answer.id), answer);
      }
    }
    const items = pageIds.flatMap((id) => {
      const answer = known.get(id);
      return answer ? [answer] : [];
    });
    return { items, page, limit, total: ranked.length };
  }

  return {
    /** The list and product answer caches' hits and misses so far (GET /metrics). */
    answerCacheStats(): { hits: number; misses: number } {
      return { hits: pages.hits + products.hits, misses: pages.misses + products.misses };
    },

    /** `?cat`, `?featured`, `?search`, `?sort`/`?order`, `?page`/`?limit` (already validated by the contract). */
    listProducts(query: ListProductsQuery): Promise<ProductPage> {
      // The hot path is a cache hit: build the key with as little garbage as possible, the filter only on a miss.
      const { sort, order } = resolveSort(query);
      const { page, limit } = resolvePaging(query);
      const { words, key: wordsKey } = query.search ? queryWordsOf(query.search) : NO_SEARCH;
      const key = `${query.cat ?? ''}|${query.featured ?? ''}|${wordsKey}|${sort}|${order}|${page}|${limit}`;
      return pages.get(key, () => {
        const filter: ProductFilter = { category: query.cat, featured: query.featured };
        // Input that normalises to no words ('?!', '   ') is no search at all.
        return words.length > 0
          ? loadSearchPage(words, filter, sort, order, page, limit)
          : loadPage(filter, sort, order, page, limit);
      });
    },

    /** The live product with this id; a 404 for unknown, deleted and malformed ids alike. */
    async getProduct(rawId: string): Promise<Product> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const product = await products.get(String(id), async () => {
        const stored = await repo.findProductById(id);
        return stored && toAnswer(stored);
      });
      if (!product) throw productNotFound(rawId);
      return product;
    },

    async createProduct(input: NewProduct): Promise<Product> {
      return toAnswer(await repo.createProduct(input).catch(duplicateName(input.name)));
    },

    async updateProduct(rawId: string, changes: ProductChanges): Promise<Product> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const updated = await repo.updateProduct(id, changes).catch(duplicateName(changes.name ?? ''));
      if (!updated) throw productNotFound(rawId);
      return toAnswer(updated);
    },

    async deleteProduct(rawId: string): Promise<void> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const deleted = await repo.softDeleteProduct(id);
      if (!deleted) throw productNotFound(rawId);
    },

    /** For loaders (the demo menu, tests' factories): a product stored as given, in `trx` (from `transaction`) or its own. */
    storeProduct: (input: NewProduct, trx?: Transaction<Database>): Promise<StoredProduct> => repo.createProduct(input, trx),

    /** Catalogue writes (and reads) in one transaction; the catalogue version moves on once it commits. */
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => repo.transaction(work),

    /** Whether any product row exists, deleted ones included (the demo menu loads into an empty catalogue only). */
    hasAnyProductRows: (trx?: Transaction<Database>): Promise<boolean> => repo.hasAnyProductRows(trx),

    /** For the cart and orders: these products as they are now (deleted ones included), in the caller's transaction. */
    catalogueEntries: (productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, CatalogueEntry>> =>
      repo.findCatalogueEntries(productIds, trx),

    /** For promotions: each product's name, category and whether it is on the menu, deleted products included. */
    productFacts: (productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, ProductFacts>> =>
      repo.findProductFacts(productIds, trx),

    /** For order lines: the address of each product's first picture (null: none), deleted products included. */
    pictureAddresses: (productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, string | null>> =>
      repo.findPictureAddresses(productIds, trx),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
