import { ErrorResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShopClock } from '../lib/shop-clock.js';

/**
 * PUT /api/v1/test/clock: moves the shop's clock during a browser story (a coupon refused at 09:01). app.ts
 * registers it only when NODE_ENV=test and SHOP_CLOCK is set: the route does not exist on a real shop.
 */
export const testClockRoutes: FastifyPluginCallbackZod<{ clock: ShopClock }> = (app, { clock }, done) => {
  app.put(
    '/test/clock',
    {
      schema: {
        tags: ['Test'],
        summary: "Move the shop's clock (test servers only)",
        description: 'Only on a server started with NODE_ENV=test and SHOP_CLOCK; the clock keeps running from the instant given.',
        body: z
          .object({ at: z.iso.datetime({ offset: true, error: 'must be an ISO-8601 instant like 2026-11-22T01:00:00Z' }).describe('The new instant') })
          .meta({ id: 'TestClockInput', description: 'Where the clock goes' }),
        response: {
          200: z.object({ data: z.object({ now: z.string().describe('The clock after the move, ISO-8601 UTC') }).describe('The clock') }).describe('The clock'),
          400: ErrorResponse,
        },
      },
    },
    (request, reply) => {
      clock.set(new Date(request.body.at));
      void reply.send({ data: { now: clock.now().toISOString() } });
    },
  );
  done();
};
