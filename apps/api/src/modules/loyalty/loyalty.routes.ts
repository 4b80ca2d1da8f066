import {
  ErrorResponse,
  IdParam,
  LoyaltyAccountResponse,
  LoyaltySettings,
  LoyaltySettingsResponse,
  RewardInput,
  RewardListResponse,
  RewardQuoteInput,
  RewardQuoteResponse,
  RewardResponse,
} from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn, staffWith } from '../../lib/current-user.js';
import { notFound } from '../../lib/errors.js';
import type { LoyaltyService } from './loyalty.service.js';

export interface LoyaltyRoutesOptions {
  loyalty: LoyaltyService;
}

const TAGS = ['Points and rewards'];
const staffErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

const rewardId = (raw: string): number => {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > 2_147_483_647) throw notFound(/*i18n*/ { id: 'There is no reward {id}', values: { id: raw.slice(0, 20) } });
  return id;
};

/** The customer's points and the rewards on offer; the owner's rate, expiry and rewards (staff). */
export const loyaltyRoutes: FastifyPluginCallbackZod<LoyaltyRoutesOptions> = (app, { loyalty }, done) => {
  app.get(
    '/loyalty',
    {
      onRequest: signedIn,
      schema: { tags: TAGS, summary: 'My points and how each was earned or spent', response: { 200: LoyaltyAccountResponse, 401: ErrorResponse } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await loyalty.account(requireUser(request).id) };
    },
  );

  app.get(
    '/loyalty/rewards',
    { schema: { tags: TAGS, summary: 'The rewards points buy', response: { 200: RewardListResponse } } },
    async () => ({ data: await loyalty.listRewards(true) }),
  );

  app.post(
    '/loyalty/rewards/quote',
    {
      onRequest: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The cart priced with a reward',
        description: 'What placing the order with `rewardId` will cost; send its `totalIdr` as `expectedTotalIdr`. A reward and a coupon are never combined (409).',
        body: RewardQuoteInput,
        response: { 200: RewardQuoteResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => ({ data: await loyalty.quote(requireUser(request).id, request.body.rewardId) }),
  );

  app.get(
    '/staff/loyalty',
    { onRequest: staffWith('coupons'), schema: { tags: TAGS, summary: 'The points settings and shortfalls (staff)', response: { 200: LoyaltySettingsResponse, ...staffErrors } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await loyalty.settings() };
    },
  );

  app.put(
    '/staff/loyalty',
    {
      onRequest: staffWith('coupons'),
      config: { audit: 'coupon' },
      schema: { tags: TAGS, summary: 'Set the earn rate and expiry (staff)', body: LoyaltySettings, response: { 200: LoyaltySettingsResponse, ...staffErrors } },
    },
    async (request) => {
      await loyalty.saveSettings(request.body);
      return { data: await loyalty.settings() };
    },
  );

  app.get(
    '/staff/loyalty/rewards',
    { onRequest: staffWith('coupons'), schema: { tags: TAGS, summary: 'Every reward, switched-off ones too (staff)', response: { 200: RewardListResponse, ...staffErrors } } },
    async () => ({ data: await loyalty.listRewards(false) }),
  );

  app.post(
    '/staff/loyalty/rewards',
    { onRequest: staffWith('coupons'), config: { audit: 'coupon' }, schema: { tags: TAGS, summary: 'Add a reward (staff)', body: RewardInput, response: { 201: RewardResponse, ...staffErrors } } },
    async (request, reply) => reply.code(201).send({ data: await loyalty.addReward(request.body) }),
  );

  app.put(
    '/staff/loyalty/rewards/:id',
    {
      onRequest: staffWith('coupons'),
      config: { audit: 'coupon' },
      schema: { tags: TAGS, summary: 'Change or switch off a reward (staff)', params: IdParam, body: RewardInput, response: { 200: RewardResponse, 404: ErrorResponse, ...staffErrors } },
    },
    async (request) => ({ data: await loyalty.changeReward(rewardId(request.params.id), request.body) }),
  );

  done();
};
