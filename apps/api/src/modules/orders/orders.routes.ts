import {
  CartChangeResponse,
  ChangeOrderStatusInput,
  ErrorResponse,
  IdParam,
  IdempotencyHeaders,
  ListOrdersQuery,
  ListStaffOrdersQuery,
  OrderListResponse,
  OrderResponse,
  PlaceOrderInput,
  StaffOrderListResponse,
  StaffOrderResponse,
} from '@coffee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../lib/current-user.js';
import type { OrderService } from './orders.service.js';

export interface OrderRoutesOptions {
  orders: OrderService;
}

const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

// Checked before the body is read, so a visitor gets 401 and a customer 403 whatever they sent.
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
const staffOnly = async (request: FastifyRequest) => {
  requireStaff(request);
};

const PLACE_DESCRIPTION = [
  'Places an order from my cart, in one transaction: the order, its lines (name, size and price as of now) and the emptied cart commit together or not at all.',
  '- `Idempotency-Key` (header, required): a UUID the client generates once per order and re-sends on a retry. The same key again answers',
  '  200 with the first order (the same body), never a second order; the same key with a different body is a 409.',
  '- Lines and prices come from the cart and the menu; any price or total in the body is ignored. An empty cart, an unavailable line or',
  '  too many items is a 409 (field `cart`).',
  '- Without `deliveryMethod`, the cart\'s method and time are used; with it, `scheduledFor` goes along (absent or null: as soon as possible, which',
  '  must itself be inside the hours). Door Delivery: Monday to Friday 13:00-19:00 shop time; Dine in, Pick up: 09:00-18:00; both ends included (400, field `scheduledFor`).',
  '- `address`: Door Delivery only; absent, the profile\'s delivery address; none at all is a 400 (field `address`).',
  '- Payment: Cash on Delivery confirms at once (paymentStatus `cash-on-delivery`); Card and Bank Account wait for the shop to confirm the',
  '  payment (`awaiting-payment`) and `paymentInstructions` says what to do. A confirmation email goes to the customer.',
].join('\n');

const STATUS_DESCRIPTION = [
  'Moves an order on: pending|paid -> preparing -> ready (Dine in, Pick up) or on-delivery (Door Delivery) -> delivered; cancelled from',
  'pending, paid, preparing or ready. An order awaiting payment must be marked paid before it is prepared. A move that is not allowed is a 409',
  '(field `status`); `nextStatuses` on each staff order lists the allowed ones. Delivering a cash order records its payment.',
].join('\n');

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { orders }) => {
  const CUSTOMER = ['Orders'];
  const STAFF = ['Orders (staff)'];

  app.post(
    '/orders',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER,
        summary: 'Place an order from my cart',
        description: PLACE_DESCRIPTION,
        headers: IdempotencyHeaders,
        body: PlaceOrderInput,
        response: { 200: OrderResponse, 201: OrderResponse, ...failures },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { order, created } = await orders.placeOrder(user, request.headers['idempotency-key'], request.body);
      return reply
        .code(created ? 201 : 200)
        .header('location', `/api/v1/orders/${order.id}`)
        .send({ data: order });
    },
  );

  app.get(
    '/orders',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER,
        summary: 'My orders, newest first',
        description: 'The History screen. Orders I removed from my history are left out.',
        querystring: ListOrdersQuery,
        response: { 200: OrderListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return orders.listMyOrders(requireUser(request).id, request.query);
    },
  );

  app.get(
    '/orders/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER,
        summary: 'One of my orders',
        description: 'Another customer\'s order, or one I removed from my history, is a 404.',
        params: IdParam,
        response: { 200: OrderResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await orders.getMyOrder(requireUser(request).id, request.params.id) };
    },
  );

  app.delete(
    '/orders/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER,
        summary: 'Remove a finished order from my history',
        description:
          'History, "Long press to delete item". The shop keeps the order; it disappears from my list. Only delivered or cancelled orders (else 409).',
        params: IdParam,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await orders.hideMyOrder(requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/orders/:id/reorder',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER,
        summary: 'Order again: copy an order\'s lines into my cart',
        description:
          'At today\'s prices, adding up with what is in the cart and capped at the maximum. Sold-out, removed or re-sized products are skipped; `notes` says which.',
        params: IdParam,
        response: { 200: CartChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { cart, notes } = await orders.reorder(requireUser(request).id, request.params.id);
      return { data: cart, notes };
    },
  );

  app.get(
    '/staff/orders',
    {
      onRequest: staffOnly,
      schema: {
        tags: STAFF,
        summary: 'Every order, newest first (staff)',
        description: 'Filter with `status`. Includes orders customers removed from their history.',
        querystring: ListStaffOrdersQuery,
        response: { 200: StaffOrderListResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return orders.listAllOrders(request.query);
    },
  );

  app.get(
    '/staff/orders/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: STAFF,
        summary: 'One order (staff)',
        params: IdParam,
        response: { 200: StaffOrderResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await orders.getAnyOrder(request.params.id) };
    },
  );

  app.patch(
    '/staff/orders/:id/status',
    {
      onRequest: staffOnly,
      schema: {
        tags: STAFF,
        summary: 'Move an order to its next status (staff)',
        description: STATUS_DESCRIPTION,
        params: IdParam,
        body: ChangeOrderStatusInput,
        response: { 200: StaffOrderResponse, ...failures },
      },
    },
    async (request) => ({ data: await orders.changeStatus(request.params.id, request.body.status) }),
  );

  app.post(
    '/staff/orders/:id/mark-paid',
    {
      onRequest: staffOnly,
      schema: {
        tags: STAFF,
        summary: 'Record the payment of an order (staff)',
        description:
          'For Card and Bank Account orders once the money is in (a pending order becomes paid), or a cash order paid early. An order already paid or cancelled is a 409.',
        params: IdParam,
        response: { 200: StaffOrderResponse, ...failures },
      },
    },
    async (request) => ({ data: await orders.markPaid(request.params.id) }),
  );
};
