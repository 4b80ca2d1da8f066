import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  CATEGORIES,
  DEFAULT_PAGE_LIMIT,
  WHOLE_MENU_LIMIT,
  type ListProductsQuery,
  type Product,
  type ProductImage,
  type ProductListItem,
} from '@coffee/contract';
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
  type SearchDocumentRow,
  type SortOrder,
  type StoredListing,
  type StoredProduct,
} from './products.repository.js';
import { SearchIndex, toQueryWords, type ListOrder } from './search.js';

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
  /** Most products those answers hold together (MAX_CACHED_LIST_ITEMS). */
  maxCachedListItems?: number;
};

/** One page of the catalogue. Shared between requests when cached: read-only. */
export interface ProductPage {
  readonly items: readonly ProductListItem[];
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

/** A list answer's cache key (listProducts) begins with its search words: empty for a list that is no search. */
const isSearchKey = (key: string): boolean => !key.startsWith('|');

/**
 * toQueryWords for recent search texts: splitting a text (Unicode normalisation, two regular expressions, a sort) is
 * the largest part of a cached search answer's own work (decision 025). A pure function of the text, so a
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
const pictureFilesOf = (stored: Pick<StoredProduct, 'images' | 'category'>): string[] =>
  stored.images.length > 0 ? stored.images : [DEFAULT_PICTURE_FILES[stored.category]];

/** A product's pictures as answers show them (`images` is never empty: see pictureFilesOf). */
function imagesOf(stored: Pick<StoredProduct, 'id' | 'images' | 'category'>, pictures: ReadonlyMap<string, PictureOnDisk>): ProductImage[] {
  const id = String(stored.id);
  return pictureFilesOf(stored).map((filename, index) => ({
    id_image: `${id}-${index + 1}`,
    id_product: id,
    name: filename,
    filename,
    url: UPLOADS_URL_PREFIX + encodeURIComponent(filename),
    ...pictureSizing(filename, pictures.get(filename)),
  }));
}

/**
 * A stored product as the API answers it, in the shape clients of the original shop read: the id as decimal text
 * (they compare it with the route parameter, a string) and `images` as objects with a `filename`, never empty.
 * `pictures` holds the sizes of its picture files (see sizesOf); one missing offers just its main file.
 */
export function toProductAnswer(stored: StoredProduct, pictures: ReadonlyMap<string, PictureOnDisk> = new Map()): Product {
  const images = imagesOf(stored, pictures) as [ProductImage, ...ProductImage[]];
  return { ...stored, id: String(stored.id), images, imageUrl: images[0].url };
}

/** A product as a list shows it (the contract's ProductListItem): the card, and the original client's fields. */
export function toListItem(stored: StoredListing, pictures: ReadonlyMap<string, PictureOnDisk> = new Map()): ProductListItem {
  return {
    id: String(stored.id),
    name: stored.name,
    price: stored.price,
    priceIdr: stored.priceIdr,
    promoPriceIdr: stored.promoPriceIdr,
    category: stored.category,
    images: imagesOf(stored, pictures),
    isFavorite: stored.isFavorite,
    isPromo: stored.isPromo,
    isSoldOut: stored.isSoldOut,
  };
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
  return notFound(/*i18n*/ { id: 'There is no product with id "{id}" on the menu', values: { id: shown } });
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
    throw conflict(/*i18n*/ { id: 'There is already a product called "{name}" on the menu. Please choose another name.', values: { name: name.trim() } }, 'name');
  }
  throw err;
};

/**
 * Products the cached list answers hold together (their objects, JSON and compressed copies): the bound keeps the
 * cache's memory fixed whatever the catalogue's size.
 */
const MAX_CACHED_LIST_ITEMS = 10_000;

/** List items kept for search pages, by id: distinct searches keep landing on the same products. */
const MAX_SEARCH_ITEMS = 5_000;

/** What search filters, orders and lists, beside the index's words: a product's row as listSearchDocuments reads it. */
interface SearchRow extends SearchDocumentRow {
  readonly nameKey: string;
}
const toSearchRow = (row: SearchDocumentRow): SearchRow => ({ ...row, nameKey: row.name.toLowerCase() });
const searchRowOf = (product: StoredProduct): SearchRow =>
  toSearchRow({
    id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    price: product.price,
    priceIdr: product.priceIdr,
    promoPriceIdr: product.promoPriceIdr,
    images: product.images,
    isFavorite: product.isFavorite,
    isPromo: product.isPromo,
    isSoldOut: product.isSoldOut,
    createdAt: product.createdAt,
  });

/** The index of the live catalogue and each product's row, changed in place by this process's own writes. */
interface SearchState {
  readonly index: SearchIndex<SearchRow>;
}

const CATEGORY_RANK = new Map(CATEGORIES.map((category, rank) => [category, rank] as const));

function matchesFilter(row: SearchRow, filter: ProductFilter): boolean {
  if (filter.category !== undefined && row.category !== filter.category) return false;
  if (filter.featured !== undefined && (row.isFavorite || row.isPromo) !== filter.featured) return false;
  return true;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order the repository's applySort gives, in memory: search ranks its matches without asking the database. */
function listComparator(sort: ProductSort, order: SortOrder): (a: SearchRow, b: SearchRow) => number {
  const direction = order === 'asc' ? 1 : -1;
  const byName = (a: SearchRow, b: SearchRow, sign: number) => sign * (compareText(a.nameKey, b.nameKey) || a.id - b.id);
  switch (sort) {
    case 'name':
      return (a, b) => byName(a, b, direction);
    case 'price':
      return (a, b) => direction * (a.priceIdr - b.priceIdr) || byName(a, b, 1);
    case 'newest':
      return (a, b) => direction * (compareText(a.createdAt, b.createdAt) || a.id - b.id);
    case 'menu':
      return (a, b) =>
        Number(b.isFavorite) - Number(a.isFavorite) ||
        (CATEGORY_RANK.get(a.category) ?? 9) - (CATEGORY_RANK.get(b.category) ?? 9) ||
        byName(a, b, 1);
  }
}

/** Each sort and direction as the index keeps it (search.ts, SearchIndex.page), made once. */
const LIST_ORDERS = new Map<string, ListOrder<SearchRow>>();
function listOrder(sort: ProductSort, order: SortOrder): ListOrder<SearchRow> {
  const key = `${sort} ${order}`;
  let found = LIST_ORDERS.get(key);
  if (!found) LIST_ORDERS.set(key, (found = { key, compare: listComparator(sort, order) }));
  return found;
}

type ToListItems = (rows: readonly StoredListing[]) => Promise<ProductListItem[]>;

/**
 * Search of the live catalogue: the index, kept current by this process's own writes (applyOwnWrite), and the list
 * items of search pages drawn from it.
 */
function createProductSearch(repo: ProductRepository, version: () => number, toListItems: ToListItems) {
  // Search pages' list items by id, for this catalogue version, drawn from the index's rows and shared between the
  // pages that show them. Bounded (least recently used go first); a write starts over.
  const answered = { version: version(), byId: new LRUCache<number, ProductListItem>({ max: MAX_SEARCH_ITEMS }) };
  const answeredById = (): LRUCache<number, ProductListItem> => {
    if (answered.version !== version()) {
      answered.byId.clear();
      answered.version = version();
    }
    return answered.byId;
  };

  // The search index of the live catalogue, for the catalogue version it is current at. Built from one read of
  // every product's words the first time it is needed (or after another process's write, an option group change,
  // or two writes at once); this process's own product writes change it in place (applyOwnWrite), so the first
  // search after a staff edit does not wait for a rebuild.
  let search: { version: number; state: Promise<SearchState> } | undefined;
  function searchState(): Promise<SearchState> {
    const current = version();
    if (search?.version !== current) {
      const state = repo.listSearchDocuments({}).then((docs) => ({ index: new SearchIndex(docs.map(toSearchRow)) }));
      search = { version: current, state };
      // A failed read is not an index: the next search tries again.
      state.catch(() => {
        if (search?.state === state) search = undefined;
      });
    }
    return search.state;
  }

  return {
    /**
     * After this process's write moved the version on from `before`: when that write is the only change since the
     * index was built, the index takes it in place and stays current. Anything else (another write in between) leaves
     * the index behind, and the next search rebuilds it: never a stale answer, at worst a slower one.
     */
    applyOwnWrite(before: number, change: { upsert: StoredProduct } | { remove: number }): void {
      const now = version();
      if (!search || search.version !== before || now !== before + 1) return;
      const changed = search.state.then((state) => {
        if ('upsert' in change) state.index.upsert(searchRowOf(change.upsert));
        else state.index.remove(change.remove);
        return state;
      });
      search = { version: now, state: changed };
      // An index that failed to build is not kept (nor left as an unhandled rejection): the next search builds it.
      changed.catch(() => {
        if (search?.state === changed) search = undefined;
      });
    },

    async loadSearchPage(
      words: readonly string[],
      filter: ProductFilter,
      sort: ProductSort,
      order: SortOrder,
      page: number,
      limit: number,
    ): Promise<ProductPage> {
      const { index } = await searchState();
      // Best matches first; products that match equally well keep the requested order. Products outside the
      // filter drop out.
      const filtered = filter.category !== undefined || filter.featured !== undefined;
      const { ids: pageIds, total } = index.page(words, {
        order: listOrder(sort, order),
        keep: filtered ? (row) => matchesFilter(row, filter) : undefined,
        offset: (page - 1) * limit,
        limit,
      });
      const known = answeredById();
      const missing = pageIds.filter((id) => !known.has(id));
      if (missing.length > 0) {
        // The index holds each product's row as a list shows it: no database read, only the items not drawn yet in
        // this catalogue version (their pictures' sizes are known once warm).
        const rows = missing.flatMap((id) => index.documentOf(id) ?? []);
        for (const item of await toListItems(rows)) {
          known.set(Number(item.id), item);
        }
      }
      const items = pageIds.flatMap((id) => {
        const item = known.get(id);
        return item ? [item] : [];
      });
      return { items, page, limit, total };
    },

    /** What the search index holds now (products, words, slots): for the bench's memory figures and tests. */
    async searchFootprint(): Promise<{ products: number; words: number; slots: number }> {
      const { index } = await searchState();
      return { products: index.size, ...index.footprint };
    },
  };
}

type ProductSearch = ReturnType<typeof createProductSearch>;

/** Staff's changes to the menu: each keeps this process's search index current (applyOwnWrite). */
function productWrites(repo: ProductRepository, version: () => number, search: ProductSearch, toAnswer: (row: StoredProduct) => Promise<Product>) {
  return {
    async createProduct(input: NewProduct): Promise<Product> {
      const before = version();
      const created = await repo.createProduct(input).catch(duplicateName(input.name));
      search.applyOwnWrite(before, { upsert: created });
      return toAnswer(created);
    },

    async updateProduct(rawId: string, changes: ProductChanges): Promise<Product> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const before = version();
      const updated = await repo.updateProduct(id, changes).catch(duplicateName(changes.name ?? ''));
      if (!updated) throw productNotFound(rawId);
      search.applyOwnWrite(before, { upsert: updated });
      return toAnswer(updated);
    },

    async deleteProduct(rawId: string): Promise<void> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const before = version();
      const deleted = await repo.softDeleteProduct(id);
      if (!deleted) throw productNotFound(rawId);
      search.applyOwnWrite(before, { remove: id });
    },
  };
}

/** What other modules and loaders ask of the catalogue, straight from the repository (no answer cache). */
function productLookups(repo: ProductRepository) {
  return {
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

/** The catalogue service: cached list and product answers (reading), staff's writes, and the other modules' lookups. */
export function createProductService(deps: ProductServiceDeps) {
  const repo =
    'productRepository' in deps ? deps.productRepository : createProductRepository(deps.db, deps.catalogueVersion, deps.optionGroups);
  const noPictures: ReadonlyMap<string, PictureOnDisk> = new Map();
  /** The pictures' sizes of these rows, read in one go. */
  const picturesOf = async (rows: readonly Pick<StoredProduct, 'images' | 'category'>[]) =>
    deps.pictures ? deps.pictures.sizesOf(rows.flatMap(pictureFilesOf)) : noPictures;
  const toAnswer = async (row: StoredProduct): Promise<Product> => toProductAnswer(row, await picturesOf([row]));
  const toListItems: ToListItems = async (rows) => {
    const pictures = await picturesOf(rows);
    return rows.map((row) => toListItem(row, pictures));
  };
  // An in-process cache is safe because every write moves the catalogue version on (the repository does it), and
  // with REDIS_URL a write in any process reaches every other one before it answers (catalogue-cache.ts): every
  // answer cached before a write is dropped.
  const version = repo.catalogueVersion.current;
  // Bounded by count and by the items they hold: whole-menu answers of a large catalogue are a thousand items each.
  const pages = new AnswerCache<ProductPage>(
    deps.maxCachedLists ?? 512,
    version,
    { of: (page) => 1 + page.items.length, max: deps.maxCachedListItems ?? MAX_CACHED_LIST_ITEMS },
    isSearchKey,
  );
  const products = new AnswerCache<Product | undefined>(1024, version);
  const queryWordsOf = queryWordsMemo(256);
  const search = createProductSearch(repo, version, toListItems);

  async function loadPage(filter: ProductFilter, sort: ProductSort, order: SortOrder, page: number, limit: number) {
    const [items, total] = await Promise.all([
      repo.listListings({ ...filter, sort, order, limit, offset: (page - 1) * limit }),
      repo.countProducts(filter),
    ]);
    return { items: await toListItems(items), page, limit, total };
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
      const key = `${wordsKey}|${query.cat ?? ''}|${query.featured ?? ''}|${sort}|${order}|${page}|${limit}`;
      return pages.get(key, () => {
        const filter: ProductFilter = { category: query.cat, featured: query.featured };
        // Input that normalises to no words ('?!', '   ') is no search at all.
        return words.length > 0
          ? search.loadSearchPage(words, filter, sort, order, page, limit)
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

    /** What the search index holds now: for the bench's memory figures and tests. */
    searchFootprint: () => search.searchFootprint(),
    ...productWrites(repo, version, search, toAnswer),
    ...productLookups(repo),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
