import { MutationObserver, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
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

function couponOptions<Variables>(queryClient: QueryClient, mutationFn: (variables: Variables) => Promise<Cart>) {
  return { scope: CART_MUTATION_SCOPE, mutationFn, onSuccess: (cart: Cart) => setCartData(queryClient, cart) };
}

/**
 * Not a hook: the menu imports this file only when a coupon is applied, so its first screen does not wait for the
 * mutation code. It queues behind the cart's other changes like every cart mutation.
 */
export function applyCouponToCart(queryClient: QueryClient, code: string): Promise<Cart> {
  return new MutationObserver(queryClient, couponOptions(queryClient, applyCoupon)).mutate(code);
}

export function useRemoveCoupon() {
  return useMutation(couponOptions(useQueryClient(), removeCoupon));
}
