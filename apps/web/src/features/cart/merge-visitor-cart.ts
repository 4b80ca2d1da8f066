import { useSyncExternalStore } from 'react';
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { cartQueryOptions, setCartData } from './api/get-cart';
import { mergeCart } from './api/merge-cart';
import { setCartDelivery } from './api/set-cart-delivery';
import { newIdempotencyKey } from './api/retry-safe-change';
import { EMPTY_VISITOR_CART, readVisitorCart, updateVisitorCart, useVisitorCart } from './visitor-cart';

/** Web Locks where the browser has them: two tabs that see the same sign-in must not both send the cart. */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') return locks.request('coffee:visitor-cart-merge', work);
  return work();
}

/**
 * Whether the checkout must wait for a merge: one under way, or a browser cart still to send by a signed-in customer
 * (the merge starts in an effect, after the checkout's first render). A checkout drawn before the merge has answered
 * would start from the account's old choice (Dine in, as soon as possible) and could even save it back over the
 * visitor's. After a failed merge it waits no more: the toast says what happened and the account's cart is shown.
 */
const merges = { running: 0, failed: false, listeners: new Set<() => void>() };
function mergeState(change: Partial<Pick<typeof merges, 'running' | 'failed'>>): void {
  Object.assign(merges, change);
  for (const listener of merges.listeners) listener();
}
const subscribeMerges = (listener: () => void) => {
  merges.listeners.add(listener);
  return () => merges.listeners.delete(listener);
};

export function useVisitorCartMergePending(): boolean {
  const visitor = useVisitorCart();
  const running = useSyncExternalStore(subscribeMerges, () => merges.running > 0, () => false);
  const failed = useSyncExternalStore(subscribeMerges, () => merges.failed, () => false);
  return running || (!failed && (visitor.lines.length > 0 || visitor.delivery !== null));
}

/** A failure that asking again could fix: the shop unreachable or failing, or the session gone (the visitor keeps the cart). */
const worthKeeping = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 401 || error.status >= 500;

/**
 * Sends the browser cart to POST /cart/merge (the same product and size add up on the server), then the
 * delivery choice made before signing in, and clears the browser cart once the server has answered. The cart stays
 * in storage until then, with the merge's Idempotency-Key written beside it before it is sent: a page reloaded (or
 * closed) while the merge was on its way sends it again with that key at its next start, and the server merges it
 * once. A second tab waits for the first (the lock), then finds nothing to send.
 * Answers the server's notes (lines skipped or shortened), or null when there was nothing to merge.
 * Throws when the merge failed; the cart is kept when asking again could work.
 */
export function mergeVisitorCartIntoAccount(queryClient: QueryClient): Promise<string[] | null> {
  return exclusively(async () => {
    const taken = readVisitorCart();
    if (taken.lines.length === 0 && taken.delivery === null) return null;
    mergeState({ running: merges.running + 1 });
    const mergeKey = taken.mergeKey ?? newIdempotencyKey();
    if (!taken.mergeKey) updateVisitorCart((current) => ({ ...current, mergeKey }));
    try {
      const { cart, notes } = await mergeCart({ lines: taken.lines }, mergeKey);
      updateVisitorCart(() => EMPTY_VISITOR_CART);
      // A cart read in flight (the checkout asks at mount) must not land after the merge's answer and undo it.
      await queryClient.cancelQueries({ queryKey: cartQueryOptions().queryKey });
      setCartData(queryClient, cart);
      if (taken.delivery) {
        try {
          setCartData(queryClient, await setCartDelivery(taken.delivery));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const reason = error.message;
          notes.push(t`Your delivery time was not kept: ${reason}.`);
        }
      }
      return notes;
    } catch (error) {
      // Kept to send again (with its key: the server may have merged it before the answer was lost), else dropped.
      if (!worthKeeping(error)) updateVisitorCart(() => EMPTY_VISITOR_CART);
      mergeState({ failed: true });
      throw error;
    } finally {
      mergeState({ running: merges.running - 1 });
    }
  });
}
