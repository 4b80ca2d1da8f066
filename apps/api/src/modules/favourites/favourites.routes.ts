import { CartChangeResponse, ErrorResponse, FavouriteInput, FavouriteListResponse, IdParam, NoContent } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/current-user.js';
import { notFound } from '../../lib/errors.js';
import type { FavouriteService } from './favourites.service.js';

const TAGS = ['Favourites'];
const failures = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
const idOf = (raw: string): number => {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > 2_147_483_647) throw notFound(/*i18n*/ 'This drink is no longer in your favourites');
  return id;
};

/** The customer's saved drinks (the heart) and "Your usual". */
export const favouriteRoutes: FastifyPluginCallbackZod<{ favourites: FavouriteService }> = (app, { favourites }, done) => {
  app.get('/favourites', { onRequest: signedIn, schema: { tags: TAGS, summary: 'My saved drinks', response: { 200: FavouriteListResponse, 401: ErrorResponse } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { data: await favourites.list(requireUser(request).id) };
  });
  app.post(
    '/favourites',
    { onRequest: signedIn, schema: { tags: TAGS, summary: 'Save a drink as configured (size, options)', body: FavouriteInput, response: { 200: FavouriteListResponse, ...failures } } },
    async (request) => ({ data: await favourites.save(requireUser(request).id, request.body) }),
  );
  app.delete(
    '/favourites/:id',
    { onRequest: signedIn, schema: { tags: TAGS, summary: 'Forget a saved drink', params: IdParam, response: { 204: NoContent, ...failures } } },
    async (request, reply) => {
      await favourites.remove(requireUser(request).id, idOf(request.params.id));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/favourites/:id/add-to-cart',
    {
      onRequest: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Your usual: put a saved drink in the cart',
        description: "Today's price; when it is sold out or off the menu the cart is unchanged and `notes` says so.",
        params: IdParam,
        response: { 200: CartChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { cart, notes } = await favourites.addToCart(requireUser(request).id, idOf(request.params.id));
      return { data: cart, notes };
    },
  );
  done();
};
