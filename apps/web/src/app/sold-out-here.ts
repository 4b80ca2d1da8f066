import { useEffect, useRef } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useStores } from '../features/stores/api/get-stores';
import { useStoreSoldOut } from '../features/stores/api/store-sold-out';

/** Marks `isSoldOut` on every product inside a cached catalogue answer (a product, a page, pages); the same value when nothing changes. */
export function markSoldOut<T>(value: T, ids: ReadonlySet<number>): T {
  if (Array.isArray(value)) {
    const marked = value.map((item: unknown) => markSoldOut(item, ids));
    return marked.some((item, i) => item !== value[i]) ? (marked as T) : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if ('isSoldOut' in record && 'id' in record) {
    return !record.isSoldOut && ids.has(Number(record.id)) ? ({ ...record, isSoldOut: true } as T) : value;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    next[key] = key === 'data' || key === 'pages' ? markSoldOut(field, ids) : field;
    changed ||= next[key] !== field;
  }
  return changed ? (next as T) : value;
}

function markCached(queryClient: QueryClient, ids: ReadonlySet<number>) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['products'] })) {
    const marked = markSoldOut(query.state.data, ids);
    if (marked !== query.state.data) queryClient.setQueryData(query.queryKey, marked);
  }
}

/**
 * "Sold out" for the customer's store: the store the cart names (`storeId`), else the default store (listed first).
 * Its list is written into the cached catalogue answers, so the menu's cards and a product's page show it with no
 * code of their own on the first screen (the menu's budget); answers fetched later are marked as they arrive. A
 * product back in stock there is read again from the server. Not for staff: their menu screens edit the product's
 * own flag (sold out everywhere), which a store's mark must never look like.
 */
export function SoldOutHere({ storeId }: { storeId: number | null }) {
  const queryClient = useQueryClient();
  const stores = useStores();
  const list = useStoreSoldOut(storeId ?? stores.data?.[0]?.id);
  const key = list.data?.productIds.join(',');
  const marked = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (key === undefined) return;
    const ids = new Set(key === '' ? [] : key.split(',').map(Number));
    // A product marked before and not now (back in stock, another store): the server's own flags are read again.
    if ([...marked.current].some((id) => !ids.has(id))) void queryClient.invalidateQueries({ queryKey: ['products'] });
    marked.current = ids;
    markCached(queryClient, ids);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const query = event.query as Query;
      if (query.queryKey[0] !== 'products') return;
      const data: unknown = query.state.data;
      const next = markSoldOut(data, ids);
      if (next !== data) queryClient.setQueryData(query.queryKey, next);
    });
  }, [key, queryClient]);
  return null;
}
