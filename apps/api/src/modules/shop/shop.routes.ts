import { ShopSettingsResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ShopService } from './shop.service.js';

export interface ShopRoutesOptions {
  shop: ShopService;
}

const DESCRIPTION = [
  'The rules the cart and orders follow, for clients to show: the shop clock (`timeZone`; requested times are shop-local),',
  'how far ahead an order may be scheduled, the item limits, tax and the Door Delivery fee, and when each delivery method can be',
  'received (`days` are ISO weekdays, 1 Monday ... 7 Sunday; `from` and `to` both included). `chatUrl` is the external chat link, or',
  'null. Public and the same for everyone; it changes only when the shop restarts with new settings.',
].join('\n');

export const shopRoutes: FastifyPluginCallbackZod<ShopRoutesOptions> = (app, { shop }, done) => {
  app.get(
    '/shop',
    {
      schema: {
        tags: ['Shop'],
        summary: 'Shop settings',
        description: DESCRIPTION,
        response: { 200: ShopSettingsResponse },
      },
      // The session plugin drops a stale session cookie on any API call; an answer that sets a cookie
      // must never sit in a shared cache, where it would be handed to other visitors.
      onSend: async (_request, reply, payload) => {
        if (reply.getHeader('set-cookie') !== undefined) void reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (_request, reply) => {
      // The same answer for every visitor, so shared caches may keep it; a minute bounds a restart's delay.
      void reply.header('cache-control', 'public, max-age=60');
      return { data: shop.getShopSettings() };
    },
  );
  done();
};
