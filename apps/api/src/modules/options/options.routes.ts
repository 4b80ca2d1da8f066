import { ErrorResponse, NoContent, IdParam, OptionGroupInput, OptionGroupListResponse, OptionGroupResponse } from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { staffWith } from '../../lib/current-user.js';
import type { OptionService } from './options.service.js';

export interface OptionRoutesOptions {
  options: OptionService;
}

const TAGS = ['Options'];
const GROUP_RULES =
  'A group is choose-one (minChoices 1, maxChoices 1, exactly one default), on/off (0..1, no default) or choose-many (0..n, no default; ' +
  'or at least one with as many defaults). Price deltas are whole rupiah. Options sent with their `id` keep it; options left out are removed.';
const writeFailures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Option groups: anyone reads them (product answers carry them too); staff define and change them. */
export const optionRoutes: FastifyPluginCallbackZod<OptionRoutesOptions> = (app, { options }, done) => {
  app.get(
    '/option-groups',
    {
      schema: {
        tags: TAGS,
        summary: 'Every option group',
        description: 'The option groups staff defined (milk, sugar, ice, extras), by name, to attach to products.',
        response: { 200: OptionGroupListResponse },
      },
    },
    async () => ({ data: await options.listGroups() }),
  );

  app.get(
    '/option-groups/:id',
    {
      schema: { tags: TAGS, summary: 'One option group', params: IdParam, response: { 200: OptionGroupResponse, 404: ErrorResponse } },
    },
    async (request) => ({ data: await options.getGroup(request.params.id) }),
  );

  app.post(
    '/option-groups',
    {
      schema: {
        tags: TAGS,
        summary: 'Add an option group (staff)',
        description: GROUP_RULES,
        body: OptionGroupInput,
        response: { 201: OptionGroupResponse, ...writeFailures },
      },
      onRequest: staffWith('menu'),
      config: { audit: 'price' },
    },
    async (request, reply) => reply.code(201).send({ data: await options.createGroup(request.body) }),
  );

  app.put(
    '/option-groups/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace an option group (staff)',
        description: `${GROUP_RULES} Cart lines whose options were removed must be chosen again before checkout.`,
        params: IdParam,
        body: OptionGroupInput,
        response: { 200: OptionGroupResponse, ...writeFailures },
      },
      onRequest: staffWith('menu'),
      config: { audit: 'price' },
    },
    async (request) => ({ data: await options.replaceGroup(request.params.id, request.body) }),
  );

  app.delete(
    '/option-groups/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove an option group (staff)',
        description: 'The group leaves every product at once; past orders keep the options as ordered.',
        params: IdParam,
        response: { 204: NoContent, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
      onRequest: staffWith('menu'),
      config: { audit: 'price' },
    },
    async (request, reply) => {
      await options.deleteGroup(request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
