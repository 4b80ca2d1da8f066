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
    // Slots fill up while the customer looks: asked again every half minute.
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export function useStoreSlots(storeId: number | null, method: DeliveryMethod, date: string | undefined) {
  return useQuery({
    ...storeSlotsQueryOptions(storeId ?? 0, method, date),
    enabled: storeId !== null,
    placeholderData: keepPreviousData,
  });
}
