import type { Kysely, Transaction } from 'kysely';
import type { StoreSoldOut } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import type { CatalogueVersion, ProductService } from '../products/products.service.js';
import { createStoreStockRepository } from './store-stock.repository.js';

export interface StoreStockDeps {
  db: Kysely<Database>;
  now: () => Date;
  /**
   * The catalogue's version: a change here moves it on, so every process (through Redis when set) drops its cached
   * menu answers and its cached sold-out lists, like any menu edit.
   */
  catalogueVersion: CatalogueVersion;
  /** The store a request names (404 when there is none). */
  findStore: (rawId: string) => Promise<{ id: number }>;
  /** Whether a product is on the menu (only those can be marked). */
  products: Pick<ProductService, 'productFacts'>;
}

/**
 * "Sold out" per store: what one store has run out of, on top of the product's own flag (sold out everywhere).
 * The customers' list per store is answered from memory until the catalogue version moves on.
 */
export function createStoreStock(deps: StoreStockDeps) {
  const repo = createStoreStockRepository(deps.db);
  const { catalogueVersion } = deps;
  // One entry per existing store (unknown ids are refused before), so it is bounded by the number of stores.
  let cached = { version: catalogueVersion.current(), lists: new Map<number, StoreSoldOut>() };
  const cache = () => {
    if (cached.version !== catalogueVersion.current()) cached = { version: catalogueVersion.current(), lists: new Map() };
    return cached.lists;
  };

  async function soldOutAt(rawStoreId: string): Promise<StoreSoldOut> {
    const store = await deps.findStore(rawStoreId);
    const lists = cache();
    const hit = lists.get(store.id);
    if (hit) return hit;
    const answer = { storeId: store.id, productIds: await repo.listSoldOut(store.id) };
    lists.set(store.id, answer);
    return answer;
  }

  async function setSoldOut(rawStoreId: string, rawProductId: string, soldOut: boolean): Promise<StoreSoldOut> {
    const store = await deps.findStore(rawStoreId);
    const productId = parseId(rawProductId);
    const facts = productId === null ? undefined : (await deps.products.productFacts([productId])).get(productId);
    if (productId === null || !facts?.isLive) throw notFound(/*i18n*/ 'We could not find that product on the menu.');
    if (soldOut) await repo.markSoldOut(store.id, productId, deps.now().toISOString());
    else await repo.clearSoldOut(store.id, productId);
    // After the write, before answering: another process asked next already sees it.
    await catalogueVersion.bump();
    return { storeId: store.id, productIds: await repo.listSoldOut(store.id) };
  }

  return {
    soldOutAt,
    setSoldOut,
    /** For the cart and orders, in their transaction: which of these products the store has run out of. */
    soldOutAmong: (storeId: number, productIds: readonly number[], trx?: Transaction<Database>): Promise<Set<number>> =>
      repo.soldOutAmong(storeId, productIds, trx),
  };
}

export type StoreStock = ReturnType<typeof createStoreStock>;
