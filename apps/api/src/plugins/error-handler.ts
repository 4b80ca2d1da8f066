import accepts from '@fastify/accepts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@coffee/contract';
import { AppError } from '../lib/errors.js';
import { DEFAULT_LOCALE, LOCALES, type Locale, type Text, type Translator } from '../lib/i18n.js';
import { answeredOnPurpose } from '../lib/request-logger.js';
import { issuePredicate, validationSentence, type ZodIssueLike } from './validation-messages.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: ZodIssueLike & { path?: PropertyKey[] } };
}

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const fromPath = issue.params?.issue?.path?.map(String).join('.');
  const fromInstance = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return fromPath || fromInstance || context || 'request';
}

/** The language the request asks for (Accept-Language, through @fastify/accepts); English when none of ours is asked. */
export function localeOf(request: FastifyRequest): Locale {
  const asked = request.languages([...LOCALES]);
  return asked === false ? DEFAULT_LOCALE : (asked as Locale);
}

const SOMETHING_WENT_WRONG = /*i18n*/ 'Something went wrong on our side. Please try again.';

/**
 * One error handler for the whole API: every error becomes `{ message, field? }` with the right status, its words in
 * the language the request asks for.
 * Internals of 5xx errors are logged, never sent: a database message in an answer tells an attacker about the schema.
 */
export function registerErrorHandler(app: FastifyInstance, translator: Translator): void {
  // request.languages(), which localeOf reads.
  void app.register(accepts);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const locale = localeOf(request);
    if (err instanceof AppError) {
      // Thrown on purpose with the customer's words (busy pictures, limits paused): a warning, not an error.
      if (err.statusCode >= 500) answeredOnPurpose(request, 'warn');
      if (err.headers) void reply.headers(err.headers);
      const message = translator.translate(err.text, locale);
      const body: ErrorResponse = { ...err.details, message, ...(err.field ? { field: err.field } : {}) };
      return reply.code(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as ValidationIssue[];
      // `errors` keeps each predicate (read after the field's label, which a form knows best); `message` is a
      // whole sentence with the field's human label, so a client that shows only `message` shows no API name.
      const refused = issues.map((issue) => ({
        field: fieldOf(issue, err.validationContext),
        predicate: issuePredicate(issue.params?.issue, issue.message),
      }));
      const first: { field: string; predicate: Text } = refused[0] ?? { field: 'request', predicate: /*i18n*/ 'is not valid' };
      const translate = (text: Text) => translator.translate(text, locale);
      const errors = refused.map(({ field, predicate }) => ({ field, message: translate(predicate) }));
      const body: ErrorResponse = { message: validationSentence(first.field, first.predicate, translate), field: first.field, errors };
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: translator.translate(SOMETHING_WENT_WRONG, locale) });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ message: translator.translate(SOMETHING_WENT_WRONG, locale) });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type...): their messages are safe to show.
    // Some carry headers to pass on (e.g. Allow, Retry-After); FastifyError's type does not declare them.
    const { headers } = err as { headers?: Record<string, string> };
    if (headers) void reply.headers(headers);
    return reply.code(status).send({ message: err.message });
  });

  app.setNotFoundHandler((request, reply) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    void reply.code(404).send({ message: translator.translate(/*i18n*/ { id: 'No route for {route}', values: { route } }, localeOf(request)) });
  });
}
