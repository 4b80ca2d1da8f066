import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StoreResponse } from '@coffee/contract';
import type { Store, StoreInput } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { storesQueryOptions } from './get-stores';

/** POST /api/v1/stores (a new store) or PUT /api/v1/stores/:id (every setting replaced), staff only. */
export async function saveStore(storeId: number | null, body: StoreInput): Promise<Store> {
  const { data } = await apiRequest(storeId === null ? '/stores' : `/stores/${storeId}`, {
    method: storeId === null ? 'POST' : 'PUT',
    body,
    schema: StoreResponse,
  });
  return data;
}

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, body }: { storeId: number | null; body: StoreInput }) => saveStore(storeId, body),
    // The stores and every slot list start with ['stores']: new hours change the slots too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storesQueryOptions().queryKey }),
  });
}
