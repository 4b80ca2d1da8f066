import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CartResponse } from '@coffee/contract';
import type { Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, setCartData } from './get-cart';

/** PATCH /api/v1/cart/items/{lineId}: a new quantity (at least 1; removing is DELETE). */
export async function updateCartLine(lineId: number, quantity: number): Promise<Cart> {
  const { data } = await apiRequest(`/cart/items/${lineId}`, { method: 'PATCH', body: { quantity }, schema: CartResponse });
  return data;
}

export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: ({ lineId, quantity }: { lineId: number; quantity: number }) => updateCartLine(lineId, quantity),
    onSuccess: (cart) => setCartData(queryClient, cart),
  });
}
