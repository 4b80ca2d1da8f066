import { useSyncExternalStore } from 'react';

/**
 * What the customer's store has run out of (GET /stores/:id/sold-out), for every product card and page: the app layer
 * keeps it current (app/layout-sync.tsx) for the store the cart names, else the default store. A product's own
 * `isSoldOut` (every store) is apart. Empty until known, so a drawn page and its first render agree.
 */
const EMPTY: ReadonlySet<number> = new Set();
let current: ReadonlySet<number> = EMPTY;
const listeners = new Set<() => void>();

export function setSoldOutHere(productIds: readonly number[]): void {
  const same = productIds.length === current.size && productIds.every((id) => current.has(id));
  if (same) return;
  current = productIds.length === 0 ? EMPTY : new Set(productIds);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSoldOutHere(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => current, () => EMPTY);
}

/** Sold out for this customer: everywhere, or at their store. */
export const useIsSoldOutHere = (product: { id: number | string; isSoldOut: boolean }): boolean => {
  const here = useSoldOutHere();
  // List items carry the original's string ids.
  return product.isSoldOut || here.has(Number(product.id));
};
