import { ErrorResponse, ReconciliationQuery, ReconciliationResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { staffWith } from '../../lib/current-user.js';
import { localeOf } from '../../plugins/error-handler.js';
import type { ReconciliationService } from './reconciliation.service.js';

/** GET /staff/reconciliation: the owner's (reports right) day of gateway charges beside their orders. */
export const reconciliationRoutes: FastifyPluginCallbackZod<{ reconciliation: ReconciliationService }> = (app, { reconciliation }, done) => {
  app.get(
    '/staff/reconciliation',
    {
      schema: {
        tags: ['Reports'],
        summary: "A day's payment-service charges beside their orders (staff with reports)",
        description:
          'Every charge made on the shop day `date` (the shop\'s clock), with its order: the ones that disagree first (paid at the payment service but cancelled or unpaid in the shop, paid in the shop but not settled there, a different amount).',
        querystring: ReconciliationQuery,
        response: { 200: ReconciliationResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
      onRequest: staffWith('reports'),
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ data: await reconciliation.day(request.query.date, (text) => request.server.translator.translate(text, localeOf(request))) }),
  );
  done();
};
