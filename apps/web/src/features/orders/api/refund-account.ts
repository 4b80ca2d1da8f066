import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefundAccountResponse, StaffOrderResponse, StaffRefundAccountResponse } from '@coffee/contract';
import type { RefundAccountInput } from '@coffee/contract';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { myOrderKey } from './get-order';
import { staffOrdersKey } from './get-staff-orders';

const refundAccountKey = (id: number) => ['orders', 'one', id, 'refund-account'] as const;
const staffRefundAccountKey = (id: number) => [...staffOrdersKey, 'refund-account', id] as const;

/** GET /api/v1/orders/{id}/refund-account: whether the shop needs an account to send my refund to, and the one I gave. */
export function useRefundAccount(id: number, enabled: boolean) {
  return useQuery({
    queryKey: refundAccountKey(id),
    queryFn: async ({ signal }) => (await apiGet(`/orders/${id}/refund-account`, { schema: RefundAccountResponse, signal })).data,
    enabled,
  });
}

/** PUT /api/v1/orders/{id}/refund-account: where the refund of a bank transfer goes. */
export function useGiveRefundAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RefundAccountInput) =>
      (await apiRequest(`/orders/${id}/refund-account`, { method: 'PUT', body, schema: RefundAccountResponse })).data,
    onSuccess: (view) => queryClient.setQueryData(refundAccountKey(id), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrderKey(id) }),
  });
}

/** GET /api/v1/staff/orders/{id}/refund-account: the amount and the account the customer gave. */
export function useStaffRefundAccount(id: number, enabled: boolean) {
  return useQuery({
    queryKey: staffRefundAccountKey(id),
    queryFn: async ({ signal }) => (await apiGet(`/staff/orders/${id}/refund-account`, { schema: StaffRefundAccountResponse, signal })).data,
    enabled,
  });
}

/** POST /api/v1/staff/orders/{id}/refunded-by-transfer: the money was sent to that account (once; a repeat is a 409). */
export function useRecordTransfer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest(`/staff/orders/${id}/refunded-by-transfer`, { method: 'POST', schema: StaffOrderResponse })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrdersKey }),
  });
}
