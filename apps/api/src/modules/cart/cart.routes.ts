import {
  AddCartLineInput,
  CartChangeResponse,
  CartLineIdParam,
  CartResponse,
  ErrorResponse,
  MergeCartInput,
  SetCartDeliveryInput,
  UpdateCartLineInput,
} from '@coffee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/current-user.js';
import type { CartService } from './cart.service.js';

export interface CartRoutesOptions {
  cart: CartService;
}

const TAGS = ['Cart'];
const CART_NOTE =
  'Answers the whole cart: lines priced from today\'s menu, the summary (SUBTOTAL, TAX & FEES, SHIPPING, TOTAL, which add up) and `itemCount`. ' +
  'Prices sent by a client are ignored.';
const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** The signed-in user's own cart: every route finds the cart by the session's user id, never by an id from the request. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { cart }) => {
  // Before the body is read, so a visitor gets 401 whatever they sent.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/cart',
    {
      schema: {
        tags: TAGS,
        summary: 'My cart',
        description: `${CART_NOTE} \`deliveryProblem\` says when the chosen delivery method and time could not be ordered right now.`,
        response: { 200: CartResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await cart.getCart(requireUser(request).id) };
    },
  );

  app.post(
    '/cart/items',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a line',
        description:
          `${CART_NOTE} The same product and size add up. \`size\` is R, L or XL for a product sold in sizes and null for a one-size product. ` +
          'Refused: an unknown or removed product (404), a sold-out one (409), more than the per-line or per-order maximum (400).',
        body: AddCartLineInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.addLine(requireUser(request).id, request.body) }),
  );

  app.patch(
    '/cart/items/:lineId',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a line\'s quantity',
        description: `${CART_NOTE} A line of another cart is a 404.`,
        params: CartLineIdParam,
        body: UpdateCartLineInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({
      data: await cart.updateLine(requireUser(request).id, request.params.lineId, request.body.quantity),
    }),
  );

  app.delete(
    '/cart/items/:lineId',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a line',
        description: `${CART_NOTE} A line of another cart is a 404.`,
        params: CartLineIdParam,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.removeLine(requireUser(request).id, request.params.lineId) }),
  );

  app.put(
    '/cart/delivery',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose how and when',
        description:
          `${CART_NOTE} \`scheduledFor\` is a shop-local date and time 'YYYY-MM-DDTHH:mm' (SHOP_TIMEZONE), at most ORDER_MAX_DAYS_AHEAD days ahead, ` +
          'or null for as soon as possible. Door Delivery: Monday to Friday 13:00-19:00; Dine in and Pick up: 09:00-18:00, both ends included. ' +
          'A given time outside those rules is refused (400, field scheduledFor); "as soon as possible" is judged when the order is placed.',
        body: SetCartDeliveryInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.setDelivery(requireUser(request).id, request.body) }),
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags: TAGS,
        summary: 'Bring a visitor\'s browser cart into the account (at sign-in)',
        description:
          `${CART_NOTE} Same product and size add up, capped at the maximum; lines that cannot be ordered (unknown, removed, sold out, wrong size) ` +
          'are skipped. `notes` says what was skipped or shortened, one sentence per line.',
        body: MergeCartInput,
        response: { 200: CartChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { cart: merged, notes } = await cart.mergeLines(requireUser(request).id, request.body.lines);
      return { data: merged, notes };
    },
  );
};
