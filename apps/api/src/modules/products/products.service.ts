import type { ListProductsQuery, Product } from '@coffee/contract';
import { notFound } from '../../lib/errors.js';
import { AnswerCache, catalogueVersion, noteCatalogueChanged } from './catalogue-cache.js';
import type {
  NewProduct,
  ProductChanges,
  ProductFilter,
  ProductRepository,
  ProductSort,
  SortOrder,
} from './products.repository.js';
import { indexDocument, searchDocuments, toQueryWords, type IndexedDocument } from './search.js';

export interface ProductServiceOptions {
  /** Where product pictures live; reserved for the staff write paths, which store and remove files there. */
  uploadsDir: string;
  /** Most list answers kept in memory (least recently used dropped first). */
  maxCachedLists?: number;
}

/** One page of the catalogue. Shared between requests when cached: read-only. */
export interface ProductPage {
  readonly items: readonly Product[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
}

const NO_WORDS: readonly string[] = Object.freeze([]);

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

export function createProductService(repo: ProductRepository, options: ProductServiceOptions) {
  const version = () => catalogueVersion(repo.db);
  // See catalogue-cache.ts for why an in-process cache is safe here (one process owns every write).
  const pages = new AnswerCache<ProductPage>(options.maxCachedLists ?? 256, version);
  const products = new AnswerCache<Product | undefined>(1024, version);
  const searchIndexes = new AnswerCache<IndexedDocument[]>(32, version);

  async function loadPage(filter: ProductFilter, sort: ProductSort, order: SortOrder, page: number, limit: number) {
    const [items, total] = await Promise.all([
      repo.listProducts({ ...filter, sort, order, limit, offset: (page - 1) * limit }),
      repo.countProducts(filter),
    ]);
    return { items, page, limit, total };
  }

  async function loadSearchPage(
    words: readonly string[],
    filter: ProductFilter,
    sort: ProductSort,
    order: SortOrder,
    page: number,
    limit: number,
  ): Promise<ProductPage> {
    const indexKey = `${filter.category ?? '*'}|${String(filter.featured ?? '*')}`;
    const index = await searchIndexes.get(indexKey, async () =>
      (await repo.listSearchDocuments(filter)).map(indexDocument),
    );
    const hits = searchDocuments(words, index);
    // Best matches first; products that match equally well keep the requested order (stable sort).
    const relevance = new Map(hits.map((hit) => [hit.id, hit.tier * 1000 + hit.typos] as const));
    const matching = await repo.listProducts({ ...filter, ids: hits.map((hit) => hit.id), sort, order });
    const ordered = matching.sort((a, b) => (relevance.get(a.id) ?? 0) - (relevance.get(b.id) ?? 0));
    const start = (page - 1) * limit;
    return { items: ordered.slice(start, start + limit), page, limit, total: ordered.length };
  }

  return {
    /** `?cat`, `?featured`, `?search`, `?sort`/`?order`, `?page`/`?limit` (already validated by the contract). */
    listProducts(query: ListProductsQuery): Promise<ProductPage> {
      // The hot path is a cache hit: build the key with as little garbage as possible, the filter only on a miss.
      const { sort, order } = resolveSort(query);
      const words = query.search ? toQueryWords(query.search) : NO_WORDS;
      const key = `${query.cat ?? ''}|${query.featured ?? ''}|${words.join(' ')}|${sort}|${order}|${query.page}|${query.limit}`;
      return pages.get(key, () => {
        const filter: ProductFilter = { category: query.cat, featured: query.featured };
        // Input that normalises to no words ('?!', '   ') is no search at all.
        return words.length > 0
          ? loadSearchPage(words, filter, sort, order, query.page, query.limit)
          : loadPage(filter, sort, order, query.page, query.limit);
      });
    },

    /** The live product with this id; a 404 for unknown, deleted and malformed ids alike. */
    async getProduct(rawId: string): Promise<Product> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const product = await products.get(String(id), () => repo.findProductById(id));
      if (!product) throw productNotFound(rawId);
      return product;
    },

    // Writes. Each one commits, then moves the catalogue version on so no cached answer outlives it.
    async createProduct(input: NewProduct): Promise<Product> {
      const created = await repo.createProduct(input);
      noteCatalogueChanged(repo.db);
      return created;
    },

    async updateProduct(rawId: string, changes: ProductChanges): Promise<Product> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const updated = await repo.updateProduct(id, changes);
      if (!updated) throw productNotFound(rawId);
      noteCatalogueChanged(repo.db);
      return updated;
    },

    async deleteProduct(rawId: string): Promise<void> {
      const id = parseProductId(rawId);
      if (id === null) throw productNotFound(rawId);
      const deleted = await repo.softDeleteProduct(id);
      if (!deleted) throw productNotFound(rawId);
      noteCatalogueChanged(repo.db);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
