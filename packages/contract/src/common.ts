import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './limits.js';

/** Every error the API sends: `message` is for a person; `field` names the input at fault when there is one. */
export const ErrorResponse = z
  .object({
    message: z.string().describe('What went wrong and what to do about it, as a sentence to show the person'),
    field: z
      .string()
      .optional()
      .describe('The input at fault (e.g. `email`, `sizes.0.price`) when there is one, so a form can show the message under it'),
    errors: z
      .array(
        z
          .object({
            field: z.string().describe('The input at fault, as in `field` above'),
            message: z.string().describe('What is wrong with it, read after the field name (e.g. "is required")'),
          })
          .describe('One refused input'),
      )
      .optional()
      .describe('Every refused input of a request that failed validation; `message` and `field` tell the first'),
  })
  .meta({ id: 'ErrorResponse', description: 'An error: the request was refused or could not be carried out' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The answer of a call that has nothing to say (204: sign-out, a deletion): no body, read as null. */
export const NoContent = z.null().describe('No body (204 No Content)');

/** The envelope of every successful answer: `{ data: ... }`, described for the API docs. */
export const dataOf = <T extends z.ZodType>(schema: T, description: string) =>
  z.object({ data: schema.describe(description) });

export const PageMeta = z
  .object({
    page: z.number().int().min(1).describe('The page answered, from 1'),
    limit: z.number().int().min(1).describe('Most items on one page'),
    total: z.number().int().min(0).describe('Items on every page together, for counting pages'),
  })
  .describe('Where this page sits in the whole list');
export type PageMeta = z.infer<typeof PageMeta>;

export const pageOf = <T extends z.ZodType>(item: T, description: string) =>
  z.object({ data: z.array(item).describe(description), meta: PageMeta });


/**
 * A whole number in a query string, with messages a person can act on ('limit must be at most 100'), given written
 * out so extraction can read them (decision 037).
 */
export const wholeNumberIn = (min: number, max: number, words: { atLeast: string; atMost: string }) =>
  z.coerce
    .number({ error: /*i18n*/ 'must be a whole number' })
    .int(/*i18n*/ 'must be a whole number')
    .min(min, words.atLeast)
    .max(max, words.atMost);

export const PageQuery = z.object({
  page: wholeNumberIn(1, 10_000, { atLeast: /*i18n*/ 'must be at least 1', atMost: /*i18n*/ 'must be at most 10000' }).default(1).describe('Which page of the list, from 1'),
  limit: wholeNumberIn(1, MAX_PAGE_LIMIT, { atLeast: /*i18n*/ 'must be at least 1', atMost: /*i18n*/ 'must be at most 100' })
    .default(DEFAULT_PAGE_LIMIT)
    .describe(`Most items on one page, at most ${MAX_PAGE_LIMIT}`),
});

/**
 * An id in a request body: a whole number, or the same digits as text, the form the reads give it in (a product's
 * `id` is "3"), so a client can send back what it read. Anything else is refused with `message`.
 */
export const idInput = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,10}$/).transform(Number)], { error: message })
    // Ids fit the `integer` column of both databases.
    .pipe(z.number().int(message).positive(message).max(2_147_483_647, message));

/** An id in a path: kept a string so that a malformed id is a 404 from the route, not a 400. */
export const IdParam = z.object({ id: z.string().describe('The id, a whole number; any other text is not found (404)') });
export type IdParam = z.infer<typeof IdParam>;
