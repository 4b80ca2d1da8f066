import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Store } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/contract-schema';

/** GET /api/v1/stores: every store, the default first, with today's hours, open now and a rush notice. */
export async function getStores(signal?: AbortSignal): Promise<Store[]> {
  // Asked by the first screen: named, so zod stays off it (lib/contract-schema.ts).
  const schema = contractSchema('StoreListResponse');
  const { data } = await apiGet('/stores', { schema, signal, on401: 'ignore' });
  return data;
}

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ['stores'] as const,
    queryFn: ({ signal }) => getStores(signal),
    // Open now and a pause change by the minute.
    staleTime: 60_000,
  });

/** `refetchInterval`: asked again that often while shown (the checkout's store chooser, for pauses). */
export function useStores(options: { refetchInterval?: number } = {}) {
  return useQuery({ ...storesQueryOptions(), refetchInterval: options.refetchInterval ?? false });
}
