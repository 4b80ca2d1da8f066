import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PlaceOrderInput } from '@coffee/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, cartQueryOptions } from './get-cart';
import { contractSchema } from '../../../lib/contract-schema';
import { newIdempotencyKey } from './retry-safe-change';

// Named, not imported: zod stays off the screens that load this file (answers are checked on the answer checker's thread).
const orderSchema = contractSchema('OrderResponse');

/**
 * What the checkout sends: `expectedTotalIdr`, optional for other API clients, is always sent from here, so a
 * price changed on the menu after the customer saw the cart is never charged without them seeing it.
 */
export type CheckoutOrderInput = PlaceOrderInput & { expectedTotalIdr: number };

/**
 * POST /api/v1/orders: places an order from the cart. The server takes lines and prices from the cart
 * and the menu; the body says how to pay and how and when to receive, and the total the customer agreed to
 * (a different total is a 409 with field `expectedTotalIdr`). The same Idempotency-Key again answers the
 * first order instead of placing a second.
 */
export async function placeOrder(input: CheckoutOrderInput, idempotencyKey: string): Promise<Order> {
  const { data } = await apiRequest('/orders', {
    method: 'POST',
    body: input,
    schema: orderSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

/**
 * Places the order with one Idempotency-Key per checkout attempt: made at the first try and sent again
 * on every retry (an answer lost on the network must not become a second order when the customer tries
 * again), dropped once an order is placed, so the next checkout is a new order.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    // After any pending cart change (a quantity, the delivery time), never beside it.
    scope: CART_MUTATION_SCOPE,
    mutationFn: (input: CheckoutOrderInput) => {
      key.current ??= newIdempotencyKey();
      return placeOrder(input, key.current);
    },
    onSuccess: () => {
      key.current = null;
      // The server emptied the cart in the same transaction.
      void queryClient.invalidateQueries({ queryKey: cartQueryOptions().queryKey });
    },
    onError: (error) => {
      // The key already stands for an order with other details (that order went through, its answer was
      // lost, and the details changed since): a new attempt needs a new key.
      if (error instanceof ApiError && error.field === 'idempotency-key') key.current = null;
      // Prices changed since the cart was shown: nothing was placed. The cart is fetched again before the
      // mutation settles, so the refusal appears with the new figures already on screen and the next
      // confirmation sends the total the customer now sees.
      if (error instanceof ApiError && error.field === 'expectedTotalIdr') {
        return queryClient.invalidateQueries({ queryKey: cartQueryOptions().queryKey });
      }
      return undefined;
    },
  });
}
