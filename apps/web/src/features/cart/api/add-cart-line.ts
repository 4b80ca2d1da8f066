import { CartResponse } from '@coffee/contract';
import type { AddCartLineInputBody, Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/cart/items: the same product and size add up; prices come from the menu. */
export async function addCartLine(input: AddCartLineInputBody): Promise<Cart> {
  const { data } = await apiRequest('/cart/items', { method: 'POST', body: input, schema: CartResponse });
  return data;
}
