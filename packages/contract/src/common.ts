import { z } from 'zod';

/** Every error the API sends: `message` is for a person; `field` names the input at fault when there is one. */
export const ErrorResponse = z
  .object({
    message: z.string(),
    field: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The spec's envelope: every successful answer is `{ data: ... }` (spec section 7). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const PageMeta = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 24;

/** A whole number in a query string, with messages a person can act on ('limit must be at most 100'). */
const wholeNumberIn = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

export const PageQuery = z.object({
  page: wholeNumberIn(1, 10_000).default(1),
  limit: wholeNumberIn(1, MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});

/** An id in a path: kept a string so that a malformed id is a 404 from the route, not a 400. */
export const IdParam = z.object({ id: z.string() });
export type IdParam = z.infer<typeof IdParam>;
