import { ErrorResponse, IdParam, OrderStatusConflict, RefundAccountInput, RefundAccountResponse, StaffOrderResponse, StaffRefundAccountResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn, staffWith } from '../../lib/current-user.js';
import type { RefundTransfers } from './refund-transfers.js';

const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** Refunds of Bank Account orders by transfer: the customer's account, staff's view of it and their "Refunded by transfer". */
export const refundTransferRoutes: FastifyPluginCallbackZod<{ refunds: RefundTransfers }> = (app, { refunds }, done) => {
  app.get(
    '/orders/:id/refund-account',
    {
      onRequest: signedIn,
      schema: {
        tags: ['Orders'],
        summary: 'Where the refund of my order goes',
        description:
          '`needed` is true while the order owes me its total back and the shop pays it back by bank transfer (a Bank Account order: ' +
          'the payment service cannot refund a transfer); `account` is what I gave, the number shown by its last 4 digits.',
        params: IdParam,
        response: { 200: RefundAccountResponse, ...failures },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await refunds.accountOf(requireUser(request).id, request.params.id) };
    },
  );

  app.put(
    '/orders/:id/refund-account',
    {
      onRequest: signedIn,
      schema: {
        tags: ['Orders'],
        summary: 'Give the bank account my refund is sent to',
        description:
          'Only while `needed` (GET of the same address); another time it is a 409. Giving it again replaces it. The shop keeps it until ' +
          'the refund is recorded, then erases it.',
        params: IdParam,
        body: RefundAccountInput,
        response: { 200: RefundAccountResponse, ...failures },
      },
    },
    async (request) => ({ data: await refunds.giveAccount(requireUser(request).id, request.params.id, request.body) }),
  );

  app.get(
    '/staff/orders/:id/refund-account',
    {
      onRequest: staffWith('refunds'),
      schema: {
        tags: ['Orders (staff)'],
        summary: 'Where to transfer the refund of an order (staff)',
        description: 'The amount owed and the account the customer gave (null while none is, or once the refund is recorded).',
        params: IdParam,
        response: { 200: StaffRefundAccountResponse, ...failures },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await refunds.staffView(request.params.id) };
    },
  );

  app.post(
    '/staff/orders/:id/refunded-by-transfer',
    {
      onRequest: staffWith('refunds'),
      config: { audit: 'refund' },
      schema: {
        tags: ['Orders (staff)'],
        summary: 'Record that a refund was sent to the customer\'s account (staff)',
        description:
          'For a Bank Account order with a refund due and an account given: it becomes refunded and the account is erased. Exactly once: ' +
          'a second tap, a "mark-refunded" or a gateway refund at the same moment gets a 409.',
        params: IdParam,
        response: { 200: StaffOrderResponse, ...failures, 409: OrderStatusConflict },
      },
    },
    async (request) => ({ data: await refunds.recordTransfer(request.params.id) }),
  );
  done();
};
