import { useEffect } from 'react';
import { setSoldOutHere } from '../../../lib/sold-out-here';
import { useStores } from '../api/get-stores';
import { useStoreSoldOut } from '../api/store-sold-out';

/**
 * Keeps lib/sold-out-here.ts on what the customer's store has run out of: the store `storeId` names (the cart's),
 * else the default store (the first listed), where an order naming none goes. Draws nothing.
 */
export function SoldOutHereSync({ storeId }: { storeId: number | null }) {
  const stores = useStores();
  const chosen = storeId ?? stores.data?.[0]?.id;
  const list = useStoreSoldOut(chosen);
  const ids = list.data?.productIds;
  useEffect(() => {
    if (ids) setSoldOutHere(ids);
  }, [ids]);
  return null;
}
