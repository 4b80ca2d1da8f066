import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StoreSlotsResponse } from '@coffee/contract';
import type { DeliveryMethod, StoreSlots } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/v1/stores/:id/slots: one day's slots for a method, how full they are, and the "as soon as possible" slot. */
export async function getStoreSlots(storeId: number, method: DeliveryMethod, date: string | undefined, signal?: AbortSignal): Promise<StoreSlots> {
  const { data } = await apiGet(`/stores/${storeId}/slots`, {
    params: { method, date },
    schema: StoreSlotsResponse,
    signal,
    on401: 'ignore',
  });
  return data;
}

export const storeSlotsQueryOptions = (storeId: number, method: DeliveryMethod, date: string | undefined) =>
  queryOptions({
    queryKey: ['stores', storeId, 'slots', method, date ?? 'today'] as const,
    queryFn: ({ signal }) => getStoreSlots(storeId, method, date, signal),
    // Slots fill up, and staff pause a store in a rush, while the customer looks at the checkout: asked again every
    // 10 s (one small uncached read; no live channel carries stores to customers), so a pause shows with its notice.
    staleTime: 5_000,
    refetchInterval: 10_000,
  });

export function useStoreSlots(storeId: number | null, method: DeliveryMethod, date: string | undefined) {
  return useQuery({
    ...storeSlotsQueryOptions(storeId ?? 0, method, date),
    enabled: storeId !== null,
    placeholderData: keepPreviousData,
  });
}
