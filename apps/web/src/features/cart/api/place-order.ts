import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PlaceOrderInput } from '@coffee/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { CART_MUTATION_SCOPE, cartQueryOptions } from './get-cart';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the product page loads this file (for newIdempotencyKey), and zod must stay off its first screen (checked on the answer checker's thread).
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

/** A random (version 4) UUID. crypto.randomUUID exists on HTTPS and localhost only; the shop also runs on a plain-HTTP local network. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
