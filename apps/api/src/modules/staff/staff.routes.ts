import {
  AcceptInvitationInput,
  AuditListResponse,
  ChangeStaffRoleInput,
  ErrorResponse,
  IdParam,
  InviteStaffInput,
  NoContent,
  PageQuery,
  StaffInvitation,
  StaffListResponse,
  StaffMember,
  StaffRole,
  dataOf,
} from '@coffee/contract';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireStaffRight, staffWith } from '../../lib/current-user.js';
import { localeOf } from '../../plugins/error-handler.js';
import type { StaffService } from './staff.service.js';

export interface StaffRoutesOptions {
  staff: StaffService;
}

const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const TokenQuery = z.object({ token: z.string().min(1, 'is required').max(200, 'is not a link we sent').describe('The token from the invitation link') });
const InvitationLookup = dataOf(z.object({ email: z.string().describe('The address invited'), staffRole: StaffRole }), 'Who is invited, with which role').describe('Who is invited, with which role');
const Accepted = dataOf(z.object({ email: z.string().describe('Sign in with this address'), message: z.string().describe('What happened, to show') }), 'Joined').describe('Joined: sign in next');

/** The owner's staff screen and the invitation link: who works here with which role, and the audit record. */
export const staffRoutes: FastifyPluginCallbackZod<StaffRoutesOptions> = (app, { staff }, done) => {
  const TAGS = ['Staff'];
  const owner = staffWith('staff');

  app.get(
    '/staff/members',
    { onRequest: owner, schema: { tags: TAGS, summary: 'The staff and open invitations (owner)', response: { 200: StaffListResponse, ...failures } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await staff.listStaff() };
    },
  );

  app.post(
    '/staff/invitations',
    {
      onRequest: owner,
      schema: {
        tags: TAGS,
        summary: 'Invite someone to the staff by mail (owner)',
        description: 'Mails a link that works for 7 days and once: whoever opens it makes an account with the role (or, with an account already, becomes staff).',
        body: InviteStaffInput,
        response: { 201: dataOf(StaffInvitation, 'The invitation sent').describe('The invitation sent'), ...failures },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await staff.invite(requireStaffRight(request, 'staff'), request.body, localeOf(request)) }),
  );

  app.delete(
    '/staff/invitations/:id',
    { onRequest: owner, schema: { tags: TAGS, summary: 'Withdraw an open invitation (owner)', params: IdParam, response: { 204: NoContent, ...failures } } },
    async (request, reply) => {
      await staff.withdrawInvitation(requireStaffRight(request, 'staff'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/staff/members/:id/role',
    {
      onRequest: owner,
      schema: {
        tags: TAGS,
        summary: "Change a staff member's role (owner)",
        description: 'Takes effect at their next request. Your own role, and the last owner, cannot be changed here.',
        params: IdParam,
        body: ChangeStaffRoleInput,
        response: { 200: dataOf(StaffMember, 'The staff member now').describe('The staff member now'), ...failures },
      },
    },
    async (request) => ({ data: await staff.changeRole(requireStaffRight(request, 'staff'), request.params.id, request.body.staffRole) }),
  );

  app.delete(
    '/staff/members/:id',
    {
      onRequest: owner,
      schema: { tags: TAGS, summary: 'Remove someone from the staff (owner)', description: 'The account stays, as a customer account.', params: IdParam, response: { 204: NoContent, ...failures } },
    },
    async (request, reply) => {
      await staff.remove(requireStaffRight(request, 'staff'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/audit',
    {
      onRequest: owner,
      schema: {
        tags: TAGS,
        summary: 'Who changed prices, coupons, stores, roles, refunds and stock, and when (owner)',
        querystring: PageQuery,
        response: { 200: AuditListResponse, ...failures },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await staff.listAudit(request.query.page, request.query.limit) };
    },
  );

  app.get(
    '/staff/invitation',
    { schema: { tags: TAGS, summary: 'The invitation a link holds', description: 'For the join page: the address and role, or a 404 for a used or expired link.', querystring: TokenQuery, response: { 200: InvitationLookup, 400: ErrorResponse, 404: ErrorResponse } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await staff.lookUpInvitation(request.query.token) };
    },
  );

  app.post(
    '/staff/invitation/accept',
    {
      schema: {
        tags: TAGS,
        summary: 'Join the staff from an invitation link',
        description: 'Makes the account with the invitation\'s address and role (an existing account becomes staff and keeps its password); the link is spent. Then sign in.',
        body: AcceptInvitationInput,
        response: { 201: Accepted, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { email, created } = await staff.accept(request.body);
      const message = created
        ? /*i18n*/ 'Your staff account is ready: sign in with your email and the password you chose.'
        : /*i18n*/ 'Your account is now a staff account: sign in with your usual password.';
      return reply.code(201).send({ data: { email, message: request.server.translator.translate(message, localeOf(request)) } });
    },
  );
  done();
};
