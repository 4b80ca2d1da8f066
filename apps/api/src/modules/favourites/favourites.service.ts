import type { Kysely } from 'kysely';
import type { Cart, Favourite, FavouriteInput } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import type { ProductService } from '../products/products.service.js';
import { createFavouriteRepository } from './favourites.repository.js';

export interface FavouriteServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Today's names, and whether a product is still on the menu. */
  products: Pick<ProductService, 'productFacts'>;
  /** "Your usual": the saved drink goes into the cart at today's prices, or a note says why not. */
  cart: Pick<CartService, 'addLinesBestEffort'>;
}

/** Drinks saved with the heart, and "Your usual" putting one in the cart in one tap. */
export function createFavouriteService(deps: FavouriteServiceDeps) {
  const repo = createFavouriteRepository(deps.db);
  const gone = () => notFound(/*i18n*/ 'This drink is no longer in your favourites');

  async function list(userId: number): Promise<Favourite[]> {
    const rows = await repo.list(userId);
    const facts = await deps.products.productFacts(rows.map((r) => r.productId));
    return rows.map((r) => ({ ...r, name: facts.get(r.productId)?.name ?? 'A drink no longer on the menu' }));
  }

  return {
    list,
    async save(userId: number, input: FavouriteInput): Promise<Favourite[]> {
      const facts = await deps.products.productFacts([input.productId]);
      if (!facts.get(input.productId)?.isLive) throw notFound(/*i18n*/ 'This drink is no longer on the menu');
      await repo.save(userId, input, deps.now().toISOString());
      return list(userId);
    },
    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) throw gone();
    },
    /** The saved size and options, today's price; sold out or off the menu: the cart is unchanged and a note says so. */
    async addToCart(userId: number, id: number): Promise<{ cart: Cart; notes: string[] }> {
      const favourite = (await repo.list(userId)).find((f) => f.id === id);
      if (!favourite) throw gone();
      return deps.cart.addLinesBestEffort(userId, [{ productId: favourite.productId, sizeCode: favourite.sizeCode, optionIds: favourite.optionIds, baristaNote: '', quantity: 1 }]);
    },
  };
}

export type FavouriteService = ReturnType<typeof createFavouriteService>;
