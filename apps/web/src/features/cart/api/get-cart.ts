import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const cartSchema = contractSchema('CartResponse');

export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const { data } = await apiGet('/cart', { schema: cartSchema, signal });
  return data;
}

/** The signed-in customer's cart (GET /api/v1/cart). Every cart change answers the whole cart, which replaces this. */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: ['cart'] as const,
    queryFn: ({ signal }) => getCart(signal),
  });

/** Enabled for a signed-in user only: a visitor's cart is in the browser (visitor-cart.ts). */
export function useCart(options: { enabled: boolean; refetchOnMount?: boolean | 'always' }) {
  return useQuery({ ...cartQueryOptions(), enabled: options.enabled, refetchOnMount: options.refetchOnMount ?? true });
}

/** Puts a cart the server just answered into the cache, so every screen shows it without asking again. */
export function setCartData(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartQueryOptions().queryKey, cart);
}

/**
 * Cart changes run one after another (a TanStack mutation scope): each answers the whole cart, and
 * in order the last answer is the cart as it is.
 */
export const CART_MUTATION_SCOPE = { id: 'cart' } as const;
