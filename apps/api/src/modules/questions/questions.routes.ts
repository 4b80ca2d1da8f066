import {
  AskQuestionInput,
  ErrorResponse,
  IdParam,
  ListQuestionsQuery,
  QuestionListResponse,
  QuestionResponse,
  UpdateQuestionInput,
} from '@coffee/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireStaffRight } from '../../lib/current-user.js';
import { perAddressRouteLimit } from '../../plugins/rate-limit.js';
import type { QuestionService } from './questions.service.js';

export interface QuestionRoutesOptions {
  questions: QuestionService;
  /** Questions per client address and window: each one mails the shop, so a script must not flood its inbox. */
  limit: { max: number; windowMs: number };
}

const TAGS = ['Questions'];

export const questionRoutes: FastifyPluginCallbackZod<QuestionRoutesOptions> = (app, { questions, limit }, done) => {
  app.post(
    '/questions',
    {
      config: { rateLimit: perAddressRouteLimit({ what: /*i18n*/ 'questions from your network', ...limit }) },
      schema: {
        tags: TAGS,
        summary: 'Ask the staff a question',
        description:
          'Anyone, signed in or not. Kept for the staff orders screen and mailed to the shop (SHOP_EMAIL). ' +
          `At most ${limit.max} per client address and window (429 after).`,
        body: AskQuestionInput,
        response: { 201: QuestionResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const question = await questions.askQuestion(request.body, { userId: request.user?.id ?? null });
      return reply.code(201).send({ data: question });
    },
  );

  app.get(
    '/questions',
    {
      schema: {
        tags: TAGS,
        summary: 'Questions for the staff',
        description: 'Staff only. `status=open` (default): oldest first; `status=answered`: latest answered first.',
        querystring: ListQuestionsQuery,
        response: { 200: QuestionListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      requireStaffRight(request, 'orders');
      return { data: await questions.listQuestions(request.query.status) };
    },
  );

  app.patch(
    '/questions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark a question answered',
        description: 'Staff only. `answered: true` marks it answered (it leaves the open list); false opens it again.',
        params: IdParam,
        body: UpdateQuestionInput,
        response: { 200: QuestionResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const staff = requireStaffRight(request, 'orders');
      return { data: await questions.markAnswered(request.params.id, request.body.answered, staff.id) };
    },
  );
  done();
};
