import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopSettings } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/contract-schema';

/** GET /api/v1/shop: the rules the API enforces (shop clock, days ahead, delivery windows) and the chat link. */
export async function getShopSettings(signal?: AbortSignal): Promise<ShopSettings> {
  // Asked by the first screen: named, so zod stays off it (lib/contract-schema.ts).
  const schema = contractSchema('ShopSettingsResponse');
  const { data } = await apiGet('/shop', { schema, signal, on401: 'ignore' });
  return data;
}

export const shopSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['shop'] as const,
    queryFn: ({ signal }) => getShopSettings(signal),
    // Shop configuration: it changes only when the shop restarts with new settings.
    staleTime: 30 * 60_000,
  });

/** Undefined while loading or when the shop cannot be reached: screens then leave out what depends on it. */
export function useShopSettings() {
  return useQuery(shopSettingsQueryOptions());
}
