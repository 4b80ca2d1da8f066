import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryMethod } from '@coffee/contract';
import { useIsLoggedIn } from '../../lib/login-record';
import { CART_MUTATION_SCOPE, useCart } from './api/get-cart';
import type { CartAddition } from './add-to-cart';
import { timeOf } from './scheduled-parts';
import { useVisitorCart } from './visitor-cart';

export type { CartAddition } from './add-to-cart';

/**
 * Adds to the account's cart on the server for a signed-in user, to the browser cart for a visitor
 * (merged at sign-in): add-to-cart.ts. `shopTimeZone` (GET /shop) says which day a time means.
 */
export function useAddToCart(shopTimeZone?: string) {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    // Loaded on the first add: the product page's first screen does not wait for the cart's calls.
    mutationFn: async (addition: CartAddition) =>
      (await import('./add-to-cart')).addToCart(queryClient, addition, { loggedIn, shopTimeZone }),
  });
}

/** The cart's delivery method and time, to start the product page from; undefined while unknown. */
export function useCurrentDelivery(): { deliveryMethod: DeliveryMethod; arrivalTime: string } | undefined {
  const loggedIn = useIsLoggedIn();
  const visitor = useVisitorCart();
  const cart = useCart({ enabled: loggedIn });
  if (loggedIn) {
    return cart.data ? { deliveryMethod: cart.data.deliveryMethod, arrivalTime: timeOf(cart.data.scheduledFor) } : undefined;
  }
  return visitor.delivery
    ? { deliveryMethod: visitor.delivery.deliveryMethod, arrivalTime: timeOf(visitor.delivery.scheduledFor) }
    : undefined;
}
