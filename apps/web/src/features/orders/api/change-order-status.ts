import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffOrderResponse } from '@coffee/contract';
import type { ChangeOrderStatusInput, StaffOrder } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { staffOrdersKey } from './get-staff-orders';

/** PATCH /api/v1/staff/orders/{id}/status: one of the moves the order's `nextStatuses` allows (else 409). */
export async function changeOrderStatus(id: number, status: ChangeOrderStatusInput['status']): Promise<StaffOrder> {
  const { data } = await apiRequest(`/staff/orders/${id}/status`, { method: 'PATCH', body: { status }, schema: StaffOrderResponse });
  return data;
}

/** POST /api/v1/staff/orders/{id}/mark-paid: the money is in (card, bank transfer, or cash taken early). */
export async function markOrderPaid(id: number): Promise<StaffOrder> {
  const { data } = await apiRequest(`/staff/orders/${id}/mark-paid`, { method: 'POST', schema: StaffOrderResponse });
  return data;
}

export type StaffAction = { id: number; action: 'mark-paid' | ChangeOrderStatusInput['status'] };

/** A staff move on one order; the lists refresh after it (the order may leave the filtered list). */
export function useStaffOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffAction) =>
      input.action === 'mark-paid' ? markOrderPaid(input.id) : changeOrderStatus(input.id, input.action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrdersKey }),
  });
}
