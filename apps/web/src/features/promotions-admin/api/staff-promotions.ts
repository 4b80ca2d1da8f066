import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StaffPromotionListResponse, StaffPromotionResponse } from '@coffee/contract';
import type { PromotionInputBody, StaffPromotion } from '@coffee/contract';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /api/v1/staff/promotions: every promotion with every rule, switched-off ones included. */
export async function getStaffPromotions(signal?: AbortSignal): Promise<StaffPromotion[]> {
  const { data } = await apiGet('/staff/promotions', { schema: StaffPromotionListResponse, signal });
  return data;
}

export const staffPromotionsQueryOptions = () =>
  queryOptions({ queryKey: ['staff-promotions'] as const, queryFn: ({ signal }) => getStaffPromotions(signal) });

export function useStaffPromotions() {
  return useQuery(staffPromotionsQueryOptions());
}

/** POST /api/v1/promotions, or PUT /api/v1/promotions/:id to replace every rule (staff). */
export async function saveStaffPromotion(id: number | null, body: PromotionInputBody): Promise<StaffPromotion> {
  const { data } = await apiRequest(id === null ? '/promotions' : `/promotions/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: StaffPromotionResponse,
  });
  return data;
}

export async function deleteStaffPromotion(id: number): Promise<void> {
  await apiRequest(`/promotions/${id}`, { method: 'DELETE', schema: z.null() });
}

export function useSaveStaffPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PromotionInputBody }) => saveStaffPromotion(id, body),
    // The Promo Today panel and any cart's coupon read the same promotions.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteStaffPromotion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStaffPromotion, onSuccess: () => queryClient.invalidateQueries() });
}
