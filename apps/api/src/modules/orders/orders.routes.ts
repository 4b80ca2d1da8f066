import {
  NoContent,
  ACTIVE_ORDER_STATUSES,
  CancelOrderConflict,
  CartChangeResponse,
  ChangeOrderStatusInput,
  ErrorResponse,
  IdParam,
  IdempotencyHeaders,
  ListOrdersQuery,
  ListStaffOrdersQuery,
  MAX_ACTIVE_ORDERS_LIMIT,
  MAX_PAGE_LIMIT,
  OrderListResponse,
  OrderResponse,
  OrderStatusConflict,
  PayOrderInput,
  PlaceOrderConflict,
  PlaceOrderInput,
  StaffOrderListResponse,
  StaffOrderResponse,
} from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn, staffWith } from '../../lib/current-user.js';
import type { OrderService } from './orders.service.js';

export interface OrderRoutesOptions {
  orders: OrderService;
}

const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const PLACE_DESCRIPTION = [
  'Places an order from my cart, in one transaction: the order, its lines (name, size and price as of now) and the emptied cart commit together or not at all.',
  '- `Idempotency-Key` (header, required): a UUID the client generates once per order and re-sends on a retry. The same key again answers',
  '  200 with the first order (the same body), never a second order; the same key with a different body is a 409.',
  '- Lines and prices come from the cart and the menu; a price in the body is ignored. An empty cart, an unavailable line or',
  '  too many items is a 409 (field `cart`).',
  '- `expectedTotalIdr`: the total the customer was shown. When the order would cost anything else (a menu price changed since), nothing is',
  '  written and the answer is a 409 with field `expectedTotalIdr` and the new `summary`: show it and ask the customer to confirm again.',
  '- Without `deliveryMethod`, the cart\'s method and time are used; with it, `scheduledFor` goes along (absent or null: as soon as possible, which',
  '  must itself be inside the hours). Door Delivery: Monday to Friday 13:00-19:00 shop time; Dine in, Pick up: 09:00-18:00; both ends included (400, field `scheduledFor`).',
  '- `address`: Door Delivery only; absent, the profile\'s delivery address; none at all is a 400 (field `address`).',
  '- Payment: Cash on Delivery confirms at once (paymentStatus `cash-on-delivery`); Card and Bank Account wait for the shop to confirm the',
  '  payment (`awaiting-payment`) and `paymentInstructions` says what to do. A confirmation email goes to the customer.',
  '- With a payment gateway (GET /shop `payments.gateway`): QRIS and Bank Account are charged at once (`payment` has the QR or the virtual',
  '  account, `bank` chooses its bank); Card waits for POST /orders/{id}/payment with the card\'s token. The gateway\'s notification makes the order',
  '  paid without staff. A total of 0 (a coupon covering everything) is paid at once, with no charge.',
].join('\n');

const STATUS_DESCRIPTION = [
  'Moves an order on: pending|paid -> preparing -> ready (Dine in, Pick up) or on-delivery (Door Delivery) -> delivered; cancelled from',
  'pending, paid, preparing or ready. An order awaiting payment must be marked paid before it is prepared. A move that is not allowed is a 409',
  '(field `status`); `nextStatuses` on each staff order lists the allowed ones. Delivering a cash order records its payment.',
  'A move happens only from the status it was read in: of staff moving one order at once exactly one wins, the others get a 409.',
  'Send `expectedStatus` (the status the screen showed) to refuse a move chosen on a stale screen. Every 409 carries the',
  '`currentStatus` and `nextStatuses` of the order as it is now. Cancelling a paid order sets `refundStatus` to refund-due.',
].join('\n');

const CANCEL_DESCRIPTION = [
  'Cancels one of my orders before the shop starts on it: while it is pending or paid (`cancellable` is true). Once it is being',
  'prepared, or already finished, the answer is a 409 (field `status`) with the `currentStatus`. A paid order that is cancelled owes',
  'me its total back: `refundStatus` becomes refund-due until the shop records the refund. Compare-and-set like the staff\'s moves:',
  'against staff starting the order at the same moment exactly one wins, the other gets a 409. Another customer\'s order is a 404.',
].join('\n');

const CUSTOMER_TAGS = ['Orders'];
const STAFF_TAGS = ['Orders (staff)'];

type OrderApp = Parameters<FastifyPluginCallbackZod<OrderRoutesOptions>>[0];

/** The customer's History screen and order page: reading my own orders. */
function myOrderReadRoutes(app: OrderApp, orders: OrderService): void {
  app.get(
    '/orders',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER_TAGS,
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
        tags: CUSTOMER_TAGS,
        summary: 'One of my orders',
        description:
          'The order page: lines, figures, delivery, payment instructions, `history` (each step with its time) and whether I may still cancel it. ' +
          'Another customer\'s order, or one I removed from my history, is a 404.',
        params: IdParam,
        response: { 200: OrderResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await orders.getMyOrder(requireUser(request).id, request.params.id) };
    },
  );
}

/** What a customer does to an order: place it from the cart, cancel, pay, order again, remove from history. */
function myOrderChangeRoutes(app: OrderApp, orders: OrderService): void {
  app.post(
    '/orders',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER_TAGS,
        summary: 'Place an order from my cart',
        description: PLACE_DESCRIPTION,
        headers: IdempotencyHeaders,
        body: PlaceOrderInput,
        response: { 200: OrderResponse, 201: OrderResponse, ...failures, 409: PlaceOrderConflict },
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

  app.delete(
    '/orders/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER_TAGS,
        summary: 'Remove a finished order from my history',
        description:
          'History, "Long press to delete item". The shop keeps the order; it disappears from my list. Only delivered or cancelled orders (else 409).',
        params: IdParam,
        response: { 204: NoContent, ...failures },
      },
    },
    async (request, reply) => {
      await orders.hideMyOrder(requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER_TAGS,
        summary: 'Cancel one of my orders before the shop starts on it',
        description: CANCEL_DESCRIPTION,
        params: IdParam,
        response: { 200: OrderResponse, ...failures, 409: CancelOrderConflict },
      },
    },
    async (request) => ({ data: await orders.cancelMyOrder(requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/orders/:id/payment',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER_TAGS,
        summary: 'Pay my order through the payment gateway (card token, another try, or another method)',
        description:
          'For an order still pending and awaiting payment through the gateway: a Card order\'s charge with the token the browser got with the ' +
          'client key (then open `payment.redirectUrl` for 3-D Secure), a new QR or virtual account after the gateway did not answer, or another ' +
          'method (cash-on-delivery needs no gateway). An open QR or virtual account is closed first. Any other order is a 409.',
        params: IdParam,
        body: PayOrderInput,
        response: { 200: OrderResponse, ...failures, 409: CancelOrderConflict },
      },
    },
    async (request) => ({ data: await orders.payMyOrder(requireUser(request).id, request.params.id, request.body) }),
  );

  app.post(
    '/orders/:id/reorder',
    {
      onRequest: signedIn,
      schema: {
        tags: CUSTOMER_TAGS,
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
}

/** The staff's order list and order page, every customer's orders. */
function staffOrderReadRoutes(app: OrderApp, orders: OrderService): void {
  app.get(
    '/staff/orders',
    {
      onRequest: staffWith('orders'),
      schema: {
        tags: STAFF_TAGS,
        summary: 'Every order, newest first (staff)',
        description:
          'Filter with `status`, `storeId` and `active`. Includes orders customers removed from their history. ' +
          `\`active=true\` lists the orders still to make or hand over (${ACTIVE_ORDER_STATUSES.join(', ')}), as the ` +
          `kitchen display needs them all at once: its pages may hold up to ${MAX_ACTIVE_ORDERS_LIMIT} orders instead of ` +
          `${MAX_PAGE_LIMIT}; \`meta.total\` counts them all, so a client asks for the next page while there are more.`,
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
      onRequest: staffWith('orders'),
      schema: {
        tags: STAFF_TAGS,
        summary: 'One order (staff)',
        description: 'The staff order page: the order with its history, and the customer\'s name and phone to call at the counter or for the courier.',
        params: IdParam,
        response: { 200: StaffOrderResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await orders.getAnyOrder(request.params.id) };
    },
  );
}

/** What staff do to an order: move its status, record its payment, refund it. */
function staffOrderChangeRoutes(app: OrderApp, orders: OrderService): void {
  app.patch(
    '/staff/orders/:id/status',
    {
      onRequest: staffWith('orders'),
      schema: {
        tags: STAFF_TAGS,
        summary: 'Move an order to its next status (staff)',
        description: STATUS_DESCRIPTION,
        params: IdParam,
        body: ChangeOrderStatusInput,
        response: { 200: StaffOrderResponse, ...failures, 409: OrderStatusConflict },
      },
    },
    async (request) => ({ data: await orders.changeStatus(request.params.id, request.body) }),
  );

  app.post(
    '/staff/orders/:id/mark-paid',
    {
      onRequest: staffWith('orders'),
      schema: {
        tags: STAFF_TAGS,
        summary: 'Record the payment of an order (staff)',
        description:
          'For Card and Bank Account orders once the money is in (a pending order becomes paid), or a cash order paid early. An order already paid or cancelled is a 409.',
        params: IdParam,
        response: { 200: StaffOrderResponse, ...failures, 409: OrderStatusConflict },
      },
    },
    async (request) => ({ data: await orders.markPaid(request.params.id) }),
  );

  app.post(
    '/staff/orders/:id/mark-refunded',
    {
      onRequest: staffWith('refunds'),
      config: { audit: 'refund' },
      schema: {
        tags: STAFF_TAGS,
        summary: 'Record that a cancelled order\'s payment was paid back (staff)',
        description:
          'For an order whose `refundStatus` is refund-due (it was paid, then cancelled): it becomes refunded. Any other order, or one already refunded, is a 409.',
        params: IdParam,
        response: { 200: StaffOrderResponse, ...failures, 409: OrderStatusConflict },
      },
    },
    async (request) => ({ data: await orders.markRefunded(request.params.id) }),
  );

  app.post(
    '/staff/orders/:id/refund',
    {
      onRequest: staffWith('refunds'),
      config: { audit: 'refund' },
      schema: {
        tags: STAFF_TAGS,
        summary: 'Refund a cancelled order through the payment gateway (staff)',
        description:
          'For an order with `refundStatus` refund-due that was paid through the gateway: the full total is refunded through it, once (a refund ' +
          'already under way, e.g. the customer\'s own cancel, is a 409). When the gateway refuses, the refund stays due and the 409 says why ' +
          '(`payment.refundFailure` keeps it): pay it back another way and use mark-refunded.',
        params: IdParam,
        response: { 200: StaffOrderResponse, ...failures, 409: OrderStatusConflict },
      },
    },
    async (request) => ({ data: await orders.refundMyShopOrder(request.params.id) }),
  );
}

export const orderRoutes: FastifyPluginCallbackZod<OrderRoutesOptions> = (app, { orders }, done) => {
  myOrderReadRoutes(app, orders);
  myOrderChangeRoutes(app, orders);
  staffOrderReadRoutes(app, orders);
  staffOrderChangeRoutes(app, orders);
  done();
};
