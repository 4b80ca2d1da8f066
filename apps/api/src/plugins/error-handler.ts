import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@coffee/contract';
import { AppError } from '../lib/errors.js';
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

/**
 * One error handler for the whole API: every error becomes `{ message, field? }` with the right status.
 * Internals of 5xx errors are logged, never sent: a database message in an answer tells an attacker about the schema.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // Thrown on purpose with the customer's words (busy pictures, limits paused): a warning, not an error.
      if (err.statusCode >= 500) answeredOnPurpose(request, 'warn');
      if (err.headers) void reply.headers(err.headers);
      const body: ErrorResponse = { ...err.details, message: err.message, ...(err.field ? { field: err.field } : {}) };
      return reply.code(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as ValidationIssue[];
      // `errors` keeps each predicate (read after the field's label, which a form knows best); `message` is a
      // whole sentence with the field's human label, so a client that shows only `message` shows no API name.
      const errors = issues.map((issue) => ({
        field: fieldOf(issue, err.validationContext),
        message: issuePredicate(issue.params?.issue, issue.message),
      }));
      const first = errors[0] ?? { field: 'request', message: 'is not valid' };
      const body: ErrorResponse = { message: validationSentence(first.field, first.message), field: first.field, errors };
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type...): their messages are safe to show.
    // Some carry headers to pass on (e.g. Allow, Retry-After); FastifyError's type does not declare them.
    const { headers } = err as { headers?: Record<string, string> };
    if (headers) void reply.headers(headers);
    return reply.code(status).send({ message: err.message });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
