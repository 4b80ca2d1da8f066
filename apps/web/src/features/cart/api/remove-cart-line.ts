import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CartResponse } from '@coffee/contract';
import type { Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, setCartData } from './get-cart';

/** DELETE /api/v1/cart/items/{lineId}: answers the cart without the line. */
export async function removeCartLine(lineId: number): Promise<Cart> {
  const { data } = await apiRequest(`/cart/items/${lineId}`, { method: 'DELETE', schema: CartResponse });
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
