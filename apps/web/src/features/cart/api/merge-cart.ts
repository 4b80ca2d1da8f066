import { CartChangeResponse } from '@coffee/contract';
import type { Cart, MergeCartInputBody } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/cart/merge: a visitor's browser cart joins the account's cart at sign-in. The same
 * product and size add up; what cannot be ordered is skipped and `notes` says so, one sentence each.
 */
export async function mergeCart(input: MergeCartInputBody): Promise<{ cart: Cart; notes: string[] }> {
  const { data, notes } = await apiRequest('/cart/merge', { method: 'POST', body: input, schema: CartChangeResponse });
  return { cart: data, notes };
}
