import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { CartService } from '../cart/cart.service.js';
import type { ProductService } from '../products/products.service.js';
import { favouriteRoutes } from './favourites.routes.js';
import { createFavouriteService, type FavouriteService } from './favourites.service.js';

/** Saved drinks: owns `favourite_drinks`; asks products for names and the cart to add one. */
export async function favouritesModule(app: FastifyInstance, ctx: ModuleContext & { products: ProductService; cart: CartService }): Promise<FavouriteService> {
  const favourites = createFavouriteService({ db: ctx.db, now: ctx.now, products: ctx.products, cart: ctx.cart });
  await app.register(favouriteRoutes, { prefix: API_PREFIX, favourites });
  return favourites;
}
