import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderResponse } from '@coffee/contract';
import type { Order } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { myOrderKey } from './get-order';
import { myOrdersKey } from './get-my-orders';

/**
 * POST /api/v1/orders/{id}/cancel: while the shop has not started on it (`cancellable`). A 409 says it is being
 * prepared already (or was cancelled); the order is then read again so the page shows where it is.
 */
export async function cancelOrder(id: number): Promise<Order> {
  const { data } = await apiRequest(`/orders/${id}/cancel`, { method: 'POST', schema: OrderResponse });
  return data;
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => queryClient.setQueryData(myOrderKey(order.id), order),
    onSettled: (_order, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myOrderKey(id) }),
        queryClient.invalidateQueries({ queryKey: myOrdersKey }),
      ]),
  });
}
