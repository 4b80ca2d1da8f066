import { z } from 'zod';

/** The schema of an answer without a body (204: sign-out, delete), for calls that import it lazily. */
export const NoContent = z.null();
