import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StoreSoldOutResponse } from '@coffee/contract';
import type { StoreSoldOut } from '@coffee/contract';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /api/v1/stores/:id/sold-out: the products this store has run out of (besides those sold out everywhere). */
export async function getStoreSoldOut(storeId: number, signal?: AbortSignal): Promise<StoreSoldOut> {
  // Asked after the first paint (app/layout-sync.tsx) and by staff screens.
  const { data } = await apiGet(`/stores/${storeId}/sold-out`, { schema: StoreSoldOutResponse, signal, on401: 'ignore' });
  return data;
}

export const storeSoldOutQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: ['store-sold-out', storeId] as const,
    queryFn: ({ signal }) => getStoreSoldOut(storeId, signal),
    // A till may mark something any minute: a screen left open asks again each minute and on focus.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export function useStoreSoldOut(storeId: number | undefined) {
  return useQuery({ ...storeSoldOutQueryOptions(storeId ?? 0), enabled: storeId !== undefined });
}

/** PUT or DELETE /api/v1/stores/:id/sold-out/:productId (staff with the stock right). */
export async function setStoreSoldOut(storeId: number, productId: number, soldOut: boolean): Promise<StoreSoldOut> {
  const { data } = await apiRequest(`/stores/${storeId}/sold-out/${productId}`, { method: soldOut ? 'PUT' : 'DELETE', schema: StoreSoldOutResponse });
  return data;
}

export function useSetStoreSoldOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, productId, soldOut }: { storeId: number; productId: number; soldOut: boolean }) => setStoreSoldOut(storeId, productId, soldOut),
    onSuccess: (answer) => queryClient.setQueryData(storeSoldOutQueryOptions(answer.storeId).queryKey, answer),
  });
}
