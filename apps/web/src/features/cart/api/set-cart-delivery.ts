import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, SetCartDeliveryInputBody } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, setCartData } from './get-cart';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const cartSchema = contractSchema('CartResponse');

/**
 * PUT /api/v1/cart/delivery: the delivery method and the requested time ('YYYY-MM-DDTHH:mm' shop time,
 * or null for as soon as possible). A time outside the method's hours is a 400 with field scheduledFor.
 */
export async function setCartDelivery(input: SetCartDeliveryInputBody): Promise<Cart> {
  const { data } = await apiRequest('/cart/delivery', { method: 'PUT', body: input, schema: cartSchema });
  return data;
}

export function useSetCartDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: setCartDelivery,
    onSuccess: (cart) => setCartData(queryClient, cart),
  });
}
