import {
  ErrorResponse,
  IdParam,
  SlotsQuery,
  StoreInput,
  StoreListResponse,
  StoreResponse,
  StoreRushInput,
  StoreSlotsResponse,
} from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { staffWith } from '../../lib/current-user.js';
import { sayFor } from '../checkout/checkout.service.js';
import type { StoreService } from './stores.service.js';

export interface StoreRoutesOptions {
  stores: StoreService;
}

const TAGS = ['Stores'];
const writeFailures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

// Open-now, pauses and slot counts change by the minute: never kept by a cache.
const noStore = { 'cache-control': 'no-store' };

/** Stores: anyone reads them and their slots; staff set them up and control a rush. */
export const storeRoutes: FastifyPluginCallbackZod<StoreRoutesOptions> = (app, { stores }, done) => {
  app.get(
    '/stores',
    {
      schema: {
        tags: TAGS,
        summary: 'Every store',
        description:
          "The stores, the default first (an order naming no store goes there), with today's hours, whether each is open now, and a `notice` when it is paused or busy.",
        response: { 200: StoreListResponse },
      },
    },
    async (request, reply) => reply.headers(noStore).send({ data: await stores.listStores(sayFor(request)) }),
  );

  app.get(
    '/stores/:id',
    { schema: { tags: TAGS, summary: 'One store', params: IdParam, response: { 200: StoreResponse, 404: ErrorResponse } } },
    async (request, reply) => reply.headers(noStore).send({ data: await stores.getStore(request.params.id, sayFor(request)) }),
  );

  app.get(
    '/stores/:id/slots',
    {
      schema: {
        tags: TAGS,
        summary: "A store's slots",
        description:
          "The slots of one day (today by default) for a delivery method, from now on, with how full each is and whether it can be ordered; `asap` is the slot \"as soon as possible\" gets now (lead time and a rush's extra minutes included). Send a slot's `startsAt` as `scheduledFor` and the store's id as `storeId` when placing the order.",
        params: IdParam,
        querystring: SlotsQuery,
        response: { 200: StoreSlotsResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => reply.headers(noStore).send({ data: await stores.getSlots(request.params.id, request.query, sayFor(request)) }),
  );

  app.post(
    '/stores',
    {
      schema: { tags: TAGS, summary: 'Add a store (staff)', body: StoreInput, response: { 201: StoreResponse, ...writeFailures } },
      onRequest: staffWith('stores'),
      config: { audit: 'store' },
    },
    async (request, reply) => reply.code(201).send({ data: await stores.createStore(request.body) }),
  );

  app.put(
    '/stores/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Change a store's settings (staff)",
        description: 'Hours, closures, methods, slot length, capacity per slot and lead time. Orders already placed keep their slots.',
        params: IdParam,
        body: StoreInput,
        response: { 200: StoreResponse, ...writeFailures },
      },
      onRequest: staffWith('stores'),
      config: { audit: 'store' },
    },
    async (request) => ({ data: await stores.replaceStore(request.params.id, request.body) }),
  );

  app.put(
    '/stores/:id/rush',
    {
      schema: {
        tags: TAGS,
        summary: 'Pause online ordering or add preparation time (staff)',
        description:
          'Takes effect at once for slot lists and new orders. `paused` with `pausedUntil` null pauses until staff resume; `extraPrepMinutes` moves "as soon as possible" later.',
        params: IdParam,
        body: StoreRushInput,
        response: { 200: StoreResponse, ...writeFailures },
      },
      onRequest: staffWith('stock'),
      config: { audit: 'store' },
    },
    async (request) => ({ data: await stores.setRush(request.params.id, request.body) }),
  );
  done();
};
