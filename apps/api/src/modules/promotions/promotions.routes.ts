import {
  ErrorResponse,
  IdParam,
  MemberCardResponse,
  PromotionInput,
  PromotionListResponse,
  StaffMemberCardResponse,
  StaffPromotionListResponse,
  StaffPromotionResponse,
} from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn, staffWith } from '../../lib/current-user.js';
import { sayFor } from '../checkout/checkout.service.js';
import type { PromotionService } from './promotions.service.js';

export interface PromotionRoutesOptions {
  promotions: PromotionService;
}

const TAGS = ['Promotions'];

/** A positive id that fits the integer column; anything else names nothing (0 is never an id). */
const idOf = (raw: string): number => {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  return id <= 2_147_483_647 ? id : 0;
};

/** The Promo Today coupons (anyone), the customer's member card, and the card staff issue at the counter. */
export const promotionRoutes: FastifyPluginCallbackZod<PromotionRoutesOptions> = (app, { promotions }, done) => {
  app.get(
    '/promotions',
    {
      schema: {
        tags: TAGS,
        summary: 'The coupons on offer',
        description:
          'The active promotions with their rules in plain sentences (`terms`). Apply one to the cart with PUT /cart/coupon; the server checks every rule there and again when the order is placed.',
        response: { 200: PromotionListResponse },
      },
    },
    async (request) => ({ data: await promotions.listPromotions(sayFor(request)) }),
  );

  app.get(
    '/staff/promotions',
    {
      onRequest: staffWith('coupons'),
      schema: {
        tags: TAGS,
        summary: 'Every promotion with every rule (staff)',
        description: 'Switched-off promotions included, oldest first, each with its rules as customers read them (`terms`).',
        response: { 200: StaffPromotionListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await promotions.listAllPromotions(sayFor(request)) };
    },
  );

  app.post(
    '/promotions',
    {
      onRequest: staffWith('coupons'),
      config: { audit: 'coupon' },
      schema: {
        tags: TAGS,
        summary: 'Add a promotion (staff)',
        description: 'A code already used by another promotion is a 409; a target product no longer on the menu is a 400.',
        body: PromotionInput,
        response: { 201: StaffPromotionResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const created = await promotions.createPromotion(request.body, sayFor(request));
      return reply.code(201).send({ data: created });
    },
  );

  app.put(
    '/promotions/:id',
    {
      onRequest: staffWith('coupons'),
      config: { audit: 'coupon' },
      schema: {
        tags: TAGS,
        summary: 'Change a promotion (staff)',
        description:
          'Replaces every rule (fields left out take their defaults). Carts holding the coupon are judged by the new rules from their next look; placed orders keep their discount.',
        params: IdParam,
        body: PromotionInput,
        response: {
          200: StaffPromotionResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => ({ data: await promotions.replacePromotion(idOf(request.params.id), request.body, sayFor(request)) }),
  );

  app.delete(
    '/promotions/:id',
    {
      onRequest: staffWith('coupons'),
      config: { audit: 'coupon' },
      schema: {
        tags: TAGS,
        summary: 'Delete a promotion (staff)',
        description: 'Only a promotion no order used: one that orders spent is a 409, switch it off (`isActive: false`) instead.',
        params: IdParam,
        response: { 204: z.null().describe('Deleted'), 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await promotions.deletePromotion(idOf(request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me/member-card',
    {
      onRequest: signedIn,
      schema: {
        tags: TAGS,
        summary: 'My member card',
        description:
          'The card (its number is printed under the barcode), or null with how far the delivered orders are from MEMBER_CARD_THRESHOLD. ' +
          'A card is issued by itself once the total of delivered orders reaches the threshold.',
        response: { 200: MemberCardResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await promotions.getMemberCard(requireUser(request).id) };
    },
  );

  app.post(
    '/staff/customers/:id/member-card',
    {
      onRequest: staffWith('orders'),
      schema: {
        tags: TAGS,
        summary: 'Issue a member card at the counter (staff)',
        description: 'Issues the customer a card now; a customer who has one keeps it (the same card is answered). An unknown customer is a 404.',
        params: IdParam,
        response: { 200: StaffMemberCardResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      return { data: await promotions.issueMemberCard(idOf(request.params.id)) };
    },
  );
  done();
};
