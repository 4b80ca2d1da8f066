import { ErrorResponse, NoContent, IdParam, PushDeviceListResponse, PushDeviceResponse, PushKeyResponse, PushSubscriptionInput } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/current-user.js';
import { notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import type { PushService } from './push.service.js';

export interface PushRoutesOptions {
  push: PushService;
}

const TAGS = ['Push'];

export const pushRoutes: FastifyPluginCallbackZod<PushRoutesOptions> = (app, { push }, done) => {
  app.get(
    '/push/key',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the shop sends push notifications',
        description: 'Anyone. `publicKey` is the VAPID key for PushManager.subscribe; null when the shop has no VAPID keys.',
        response: { 200: PushKeyResponse },
      },
    },
    () => Promise.resolve({ data: { publicKey: push.publicKey() } }),
  );

  app.get(
    '/push/subscriptions',
    {
      schema: {
        tags: TAGS,
        summary: 'My devices that get order notifications',
        response: { 200: PushDeviceListResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ data: await push.listDevices(requireUser(request).id) }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: TAGS,
        summary: 'Tell me on this device when my order is ready',
        description:
          'Signed in. The browser\'s PushSubscription (toJSON()) and a name for the device. The device is then told when an ' +
          'order is ready, on its way, or cancelled by the shop. A device turned on again keeps one subscription. 404 when the shop sends no push.',
        body: PushSubscriptionInput,
        response: { 201: PushDeviceResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send({ data: await push.subscribe(user.id, request.body) });
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Stop notifications on one of my devices',
        params: IdParam,
        response: { 204: NoContent, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const id = parseId(request.params.id);
      if (id === null) throw notFound(/*i18n*/ 'That device does not get your notifications.');
      await push.removeDevice(user.id, id);
      return reply.code(204).send(null);
    },
  );
  done();
};
