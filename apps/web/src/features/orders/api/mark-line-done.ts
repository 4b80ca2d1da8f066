import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffOrderResponse } from '@coffee/contract';
import type { LineDoneInput, StaffOrder } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { staffOrdersKey } from './get-staff-orders';

/** PUT /api/v1/staff/orders/{id}/lines/{lineId}/done: the kitchen's tick on one line, seen by every screen. */
export async function markLineDone(orderId: number, lineId: number, done: boolean): Promise<StaffOrder> {
  const body: LineDoneInput = { done };
  const { data } = await apiRequest(`/staff/orders/${orderId}/lines/${lineId}/done`, { method: 'PUT', body, schema: StaffOrderResponse });
  return data;
}

export function useMarkLineDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, lineId, done }: { orderId: number; lineId: number; done: boolean }) => markLineDone(orderId, lineId, done),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrdersKey }),
  });
}
