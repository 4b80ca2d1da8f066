import type { QueryClient } from '@tanstack/react-query';
import type { AddCartLineInputBody, Cart, DeliveryMethod } from '@coffee/contract';
import { addCartLine } from './api/add-cart-line';
import { cartQueryOptions, setCartData } from './api/get-cart';
import { setCartDelivery } from './api/set-cart-delivery';
import { toScheduledFor } from './scheduled-time';
import { addVisitorLines, updateVisitorCart } from './visitor-cart';

/** What the product page puts in the cart: lines (quantity above 0) and how and when to receive them. */
export type CartAddition = {
  lines: ReadonlyArray<AddCartLineInputBody>;
  deliveryMethod: DeliveryMethod;
  /** 'HH:mm' as set on the product page, '' for as soon as possible. */
  arrivalTime: string;
};

/**
 * Adds to the account's cart on the server for a signed-in user, to the browser cart for a visitor
 * (merged at sign-in). The delivery choice is saved first, so a time the shop refuses stops the add
 * with the API's message and nothing half-added. `shopTimeZone` (GET /shop) says which day a time means.
 */
export async function addToCart(
  queryClient: QueryClient,
  addition: CartAddition,
  { loggedIn, shopTimeZone }: { loggedIn: boolean; shopTimeZone: string | undefined },
): Promise<Cart | null> {
  const now = new Date();
  if (!loggedIn) {
    updateVisitorCart((cart) => ({
      lines: addVisitorLines(cart, addition.lines).lines,
      delivery: {
        deliveryMethod: addition.deliveryMethod,
        scheduledFor: toScheduledFor(addition.arrivalTime, now, cart.delivery?.scheduledFor ?? null, shopTimeZone),
      },
    }));
    return null;
  }
  const known = queryClient.getQueryData(cartQueryOptions().queryKey);
  let cart = await setCartDelivery({
    deliveryMethod: addition.deliveryMethod,
    scheduledFor: toScheduledFor(addition.arrivalTime, now, known?.scheduledFor ?? null, shopTimeZone),
  });
  setCartData(queryClient, cart);
  // One line per size; each answer is the whole cart, so the last one is the cart as it now is.
  for (const line of addition.lines) {
    cart = await addCartLine(line);
    setCartData(queryClient, cart);
  }
  return cart;
}
