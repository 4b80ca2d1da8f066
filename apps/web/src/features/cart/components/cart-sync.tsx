import { useEffect } from 'react';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CartCountContext } from '../../../components/layout/cart-count';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/login-record';
import { useCart } from '../api/get-cart';
import { mergeVisitorCartIntoAccount } from '../merge-visitor-cart';
import { useVisitorCart, visitorItemCount } from '../visitor-cart';

/**
 * Merges the browser cart into the account when a login record appears: at sign-in, and at start-up
 * for a browser that was signed in before its cart could be merged (a failed or interrupted merge).
 */
export function CartSync() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    if (!loggedIn) return;
    mergeVisitorCartIntoAccount(queryClient).then(
      (notes) => {
        if (notes === null) return;
        // The shop's notes come in the screens' language; the words here are read when the merge answers.
        toast(notes.length > 0 ? notes.join(' ') : t`The items you chose before signing in are in your cart.`);
      },
      (error: unknown) => {
        const reason = errorMessage(error);
        toast(t`The items you chose before signing in could not be added to your cart: ${reason}`);
      },
    );
    // Only a change of sign-in state starts a merge; a failed one is tried again at the next (or a reload).
  }, [loggedIn, queryClient, toast]);

  return null;
}

/** Items in the cart for the navigation's badge: the account's cart when signed in, the browser's otherwise. */
export function useCartItemCount(): number {
  const loggedIn = useIsLoggedIn();
  const visitor = useVisitorCart();
  const cart = useCart({ enabled: loggedIn });
  return loggedIn ? (cart.data?.itemCount ?? 0) : visitorItemCount(visitor);
}

export function CartCountProvider({ children }: { children: ReactNode }) {
  return <CartCountContext value={useCartItemCount()}>{children}</CartCountContext>;
}
