import { Suspense, lazy, useEffect } from 'react';
import { useMatch } from 'react-router';
import { paths } from '../config/paths';
import { useCart } from '../features/cart/api/get-cart';
import { CartSync, useCartItemCount } from '../features/cart/components/cart-sync';
import { useLoginRecord } from '../lib/login-record';
import { useShopSettings } from '../features/shop/api/get-shop-settings';
import PwaNotices from './pwa';
import { SessionSync } from './session-sync';

// Loaded only on the menu and product pages: its store calls bring the contract's schemas, which the home page
// never loads.
const SoldOutHere = lazy(async () => ({ default: (await import('./sold-out-here')).SoldOutHere }));

type LayoutSyncProps = {
  onCartCount: (count: number) => void;
  /** The shop's chat link (GET /shop), which the signed-in navigation shows; null when it has none. */
  onChatUrl: (chatUrl: string | null) => void;
};

/**
 * The layout's work that draws nothing of its own: the session and cart kept in step with the server, the cart count
 * and the chat link the navigation shows. A module of its own, loaded after the first paint (root-layout.tsx), because
 * it needs the cart's code, the query hooks and the contract's schemas, which the first screen can do without. The
 * shop settings are asked for here on every page, public and long cached, so the order screens find them ready. The
 * service worker is registered from here too (app/pwa.tsx), with the offline and new-version notices: off the first
 * screen's JavaScript altogether.
 */
export default function LayoutSync({ onCartCount, onChatUrl }: LayoutSyncProps) {
  const count = useCartItemCount();
  const chatUrl = useShopSettings().data?.chatUrl ?? null;
  // "Sold out" on the menu follows the store the customer's cart names (a visitor's: the default store). Only on the
  // menu and product pages, which read it: elsewhere its store list would arrive before the home page's lower
  // sections hydrate and draw them otherwise than their HTML.
  const onProducts = useMatch(paths.products.path);
  const onProduct = useMatch(paths.product.path);
  const onMenu = Boolean(onProducts ?? onProduct);
  const user = useLoginRecord();
  const cartStoreId = useCart({ enabled: Boolean(user), refetchOnMount: false }).data?.storeId ?? null;
  useEffect(() => onCartCount(count), [count, onCartCount]);
  useEffect(() => onChatUrl(chatUrl), [chatUrl, onChatUrl]);
  return (
    <>
      <SessionSync />
      <CartSync />
      {onMenu && user?.role !== 'staff' && (
        <Suspense fallback={null}>
          <SoldOutHere storeId={cartStoreId} />
        </Suspense>
      )}
      <PwaNotices />
    </>
  );
}
