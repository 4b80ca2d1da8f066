import { ErrorResponse, LineDoneInput, LineParams, StaffOrderResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { staffWith } from '../../lib/current-user.js';
import type { OrderRoutesOptions } from './orders.routes.js';

/** The kitchen display's own writes: the per-line tick, which is not a step of the order. */
export const kitchenRoutes: FastifyPluginCallbackZod<OrderRoutesOptions> = (app, { orders }, done) => {
  const STAFF = ['Orders (staff)'];
  app.put(
    '/staff/orders/:id/lines/:lineId/done',
    {
      onRequest: staffWith('orders'),
      schema: {
        tags: STAFF,
        summary: 'Tick a line made on the kitchen display (staff)',
        description: 'Sets or clears the line\'s `done`; every screen shows the same ticks. It changes neither the status nor the history.',
        params: LineParams,
        body: LineDoneInput,
        response: { 200: StaffOrderResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({ data: await orders.markLineDone(request.params.id, request.params.lineId, request.body.done) }),
  );
  done();
};
