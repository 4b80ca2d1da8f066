import type { Cart, MergeCartInputBody } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { sendRetrySafe } from './retry-safe-change';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: sign-in loads this file, and zod must stay off the first screen.
const cartChangeSchema = contractSchema('CartChangeResponse');

/**
 * POST /api/v1/cart/merge: a visitor's browser cart joins the account's cart at sign-in. The same
 * product and size add up; what cannot be ordered is skipped and `notes` says so, one sentence each.
 */
export async function mergeCart(input: MergeCartInputBody, key: string): Promise<{ cart: Cart; notes: string[] }> {
  // With the browser cart's Idempotency-Key: a retry after a dropped connection, or after a reload, merges it once.
  const { data, notes } = await sendRetrySafe(
    (headers) => apiRequest('/cart/merge', { method: 'POST', body: input, schema: cartChangeSchema, headers }),
    key,
  );
  return { cart: data, notes };
}
