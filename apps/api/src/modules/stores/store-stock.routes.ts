import { ErrorResponse, IdParam, StoreProductParams, StoreSoldOutResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { staffWith } from '../../lib/current-user.js';
import type { StoreStock } from './store-stock.js';

const TAGS = ['Stores'];
const writeFailures = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Sold out per store: anyone reads a store's list; staff with the stock right change it. */
export const storeStockRoutes: FastifyPluginCallbackZod<{ stock: StoreStock }> = (app, { stock }, done) => {
  app.get(
    '/stores/:id/sold-out',
    {
      schema: {
        tags: TAGS,
        summary: 'What a store has run out of',
        description: 'Products sold out at this store only; a product whose own `isSoldOut` is true is sold out at every store.',
        params: IdParam,
        response: { 200: StoreSoldOutResponse, 404: ErrorResponse },
      },
    },
    // A till may change it any minute: a browser asks again each time.
    async (request, reply) => reply.header('cache-control', 'no-cache').send({ data: await stock.soldOutAt(request.params.id) }),
  );

  for (const [method, soldOut] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/stores/:id/sold-out/:productId',
      schema: {
        tags: TAGS,
        summary: soldOut ? 'Mark a product sold out at a store (staff)' : 'A product is back at a store (staff)',
        description: 'Takes effect at once for the store\'s menu, carts and new orders. Repeating it changes nothing.',
        params: StoreProductParams,
        response: { 200: StoreSoldOutResponse, ...writeFailures },
      },
      onRequest: staffWith('stock'),
      config: { audit: 'stock' },
      handler: async (request) => ({ data: await stock.setSoldOut(request.params.id, request.params.productId, soldOut) }),
    });
  }
  done();
};
