import {
  AddCartLineInput,
  ApplyCouponInput,
  CartChangeResponse,
  CartIdempotencyHeaders,
  CartLineIdParam,
  CartResponse,
  ErrorResponse,
  MergeCartInput,
  SetCartDeliveryInput,
  UpdateCartLineInput,
} from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/current-user.js';
import { sayFor } from '../checkout/checkout.service.js';
import type { CartService } from './cart.service.js';

export interface CartRoutesOptions {
  cart: CartService;
}

const TAGS = ['Cart'];
const CART_NOTE =
  'Answers the whole cart: lines priced from today\'s menu, the summary (SUBTOTAL, TAX & FEES, SHIPPING, TOTAL, which add up) and `itemCount`. ' +
  'Prices sent by a client are ignored.';
const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const IDEMPOTENCY_NOTE =
  'Send an `Idempotency-Key` header (a UUID made once per click) to make a retry safe: the same key with the same body ' +
  'answers the cart without adding again, for 24 hours; the same key with another body is a 409.';

/** The signed-in user's own cart: every route finds the cart by the session's user id, never by an id from the request. */
export const cartRoutes: FastifyPluginCallbackZod<CartRoutesOptions> = (app, { cart }, done) => {
  // Before the body is read, so a visitor gets 401 whatever they sent.
  app.addHook('onRequest', signedIn);

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
      return { data: await cart.getCart(requireUser(request).id, sayFor(request)) };
    },
  );

  app.post(
    '/cart/items',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a line',
        description:
          `${CART_NOTE} The same product, size, options and note add up; any difference makes another line. \`size\` is R, L or XL for a product sold in sizes and null for a one-size product. ` +
          '`optionIds` are ids from the product\'s `optionGroups`; a group none of whose options is named gets its defaults (absent: every default). ' +
          'Refused: an unknown or removed product (404), a sold-out one (409), an option the product does not offer or a group with too few or too many choices (400, field optionIds), ' +
          `more than the per-line or per-order maximum (400). ${IDEMPOTENCY_NOTE}`,
        headers: CartIdempotencyHeaders,
        body: AddCartLineInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.addLine(requireUser(request).id, request.body, request.headers['idempotency-key'], sayFor(request)) }),
  );

  app.patch(
    '/cart/items/:lineId',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a line\'s quantity, size, options or note',
        description:
          `${CART_NOTE} Only the fields sent change. A line that becomes identical to another (same size, options and note) joins it. ` +
          'Refused: a size or option the product does not offer, or a group with too few or too many choices (400, field size or optionIds). A line of another cart is a 404.',
        params: CartLineIdParam,
        body: UpdateCartLineInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({
      data: await cart.updateLine(requireUser(request).id, request.params.lineId, request.body, sayFor(request)),
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
    async (request) => ({ data: await cart.removeLine(requireUser(request).id, request.params.lineId, sayFor(request)) }),
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
          'A given time outside those rules is refused (400, field scheduledFor); "as soon as possible" is judged when the order is placed. ' +
          "`storeId` (from `/stores`) remembers the chosen store: the time is then judged by that store's hours and clock, and `deliveryProblem` follows them; " +
          'an unknown store is refused (400, field storeId), a method it does not offer too (400, field deliveryMethod). Null: the default store; absent: the chosen store stays.',
        body: SetCartDeliveryInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.setDelivery(requireUser(request).id, request.body, sayFor(request)) }),
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags: TAGS,
        summary: 'Bring a visitor\'s browser cart into the account (at sign-in)',
        description:
          `${CART_NOTE} Same product and size add up, capped at the maximum; lines that cannot be ordered (unknown, removed, sold out, wrong size) ` +
          `are skipped. \`notes\` says what was skipped or shortened, one sentence per line. ${IDEMPOTENCY_NOTE}`,
        headers: CartIdempotencyHeaders,
        body: MergeCartInput,
        response: { 200: CartChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { cart: merged, notes } = await cart.mergeLines(requireUser(request).id, request.body.lines, request.headers['idempotency-key'], sayFor(request));
      return { data: merged, notes };
    },
  );

  app.put(
    '/cart/coupon',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose a coupon for the cart',
        description:
          `${CART_NOTE} One coupon per cart: a new one replaces the old. Its discount is its own line (\`summary.discountIdr\`), taken before tax. ` +
          'Refused with the reason in plain words when this customer cannot use it now (400, field code: another delivery method, another day or hour, ' +
          'a member card needed, already used today); an unknown code is a 404. A cart still missing the coupon\'s items takes it, with `coupon.problem` saying what to add.',
        body: ApplyCouponInput,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.applyCoupon(requireUser(request).id, request.body.code, sayFor(request)) }),
  );

  app.delete(
    '/cart/coupon',
    {
      schema: {
        tags: TAGS,
        summary: 'Take the coupon off the cart',
        description: `${CART_NOTE} Nothing to take off is fine.`,
        response: { 200: CartResponse, ...failures },
      },
    },
    async (request) => ({ data: await cart.removeCoupon(requireUser(request).id, sayFor(request)) }),
  );
  done();
};
