import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StoreResponse } from '@coffee/contract';
import type { Store, StoreRushInputBody } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { storesQueryOptions } from './get-stores';

/** PUT /api/v1/stores/:id/rush (staff): pause online ordering, or add preparation minutes. */
export async function setStoreRush(storeId: number, body: StoreRushInputBody): Promise<Store> {
  const { data } = await apiRequest(`/stores/${storeId}/rush`, { method: 'PUT', body, schema: StoreResponse });
  return data;
}

export function useSetStoreRush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, body }: { storeId: number; body: StoreRushInputBody }) => setStoreRush(storeId, body),
    // The stores and every slot list start with ['stores'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storesQueryOptions().queryKey }),
  });
}
