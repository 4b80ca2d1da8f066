import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffOrderResponse } from '@coffee/contract';
import type { ChangeOrderStatusInput, StaffOrder } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { staffOrdersKey } from './get-staff-orders';

/**
 * PATCH /api/v1/staff/orders/{id}/status: one of the moves the order's `nextStatuses` allows (else 409). It names the
 * status the screen showed, so a move made by someone else in between is refused (409) instead of overridden.
 */
export async function changeOrderStatus(
  id: number,
  status: ChangeOrderStatusInput['status'],
  expectedStatus: StaffOrder['status'],
): Promise<StaffOrder> {
  const body: ChangeOrderStatusInput = { status, expectedStatus };
  const { data } = await apiRequest(`/staff/orders/${id}/status`, { method: 'PATCH', body, schema: StaffOrderResponse });
  return data;
}

/** POST /api/v1/staff/orders/{id}/mark-paid: the money is in (card, bank transfer, or cash taken early). */
export async function markOrderPaid(id: number): Promise<StaffOrder> {
  const { data } = await apiRequest(`/staff/orders/${id}/mark-paid`, { method: 'POST', schema: StaffOrderResponse });
  return data;
}

/** POST /api/v1/staff/orders/{id}/mark-refunded: the total of a paid order that was cancelled was paid back. */
export async function markOrderRefunded(id: number): Promise<StaffOrder> {
  const { data } = await apiRequest(`/staff/orders/${id}/mark-refunded`, { method: 'POST', schema: StaffOrderResponse });
  return data;
}

/** POST /api/v1/staff/orders/{id}/refund: the total refunded through the payment gateway it was paid with. */
export async function refundOrder(id: number): Promise<StaffOrder> {
  const { data } = await apiRequest(`/staff/orders/${id}/refund`, { method: 'POST', schema: StaffOrderResponse });
  return data;
}

export type StaffAction = {
  id: number;
  from: StaffOrder['status'];
  action: 'mark-paid' | 'mark-refunded' | 'refund' | ChangeOrderStatusInput['status'];
};

function runStaffAction({ id, from, action }: StaffAction): Promise<StaffOrder> {
  if (action === 'mark-paid') return markOrderPaid(id);
  if (action === 'mark-refunded') return markOrderRefunded(id);
  if (action === 'refund') return refundOrder(id);
  return changeOrderStatus(id, action, from);
}

/** A staff move on one order; the lists refresh after it (the order may leave the filtered list). */
export function useStaffOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStaffAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrdersKey }),
  });
}
