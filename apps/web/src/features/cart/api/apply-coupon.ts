import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, setCartData } from './get-cart';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const cartSchema = contractSchema('CartResponse');

/** PUT /api/v1/cart/coupon: the coupon goes on the cart, or the shop says in plain words why it cannot. */
export async function applyCoupon(code: string): Promise<Cart> {
  const { data } = await apiRequest('/cart/coupon', { method: 'PUT', body: { code }, schema: cartSchema });
  return data;
}

/** DELETE /api/v1/cart/coupon */
export async function removeCoupon(): Promise<Cart> {
  const { data } = await apiRequest('/cart/coupon', { method: 'DELETE', schema: cartSchema });
  return data;
}

export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ scope: CART_MUTATION_SCOPE, mutationFn: applyCoupon, onSuccess: (cart) => setCartData(queryClient, cart) });
}

export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ scope: CART_MUTATION_SCOPE, mutationFn: removeCoupon, onSuccess: (cart) => setCartData(queryClient, cart) });
}
