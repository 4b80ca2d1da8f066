import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrderListResponse } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { myOrdersKey } from './get-my-orders';

/** DELETE /api/v1/orders/{id}: removes a delivered or cancelled order from my history (the shop keeps it). */
export async function hideOrder(id: number): Promise<void> {
  await apiRequest(`/orders/${id}`, { method: 'DELETE', schema: z.null() });
}

export function useHideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideOrder,
    onSuccess: (_, id) => {
      // Gone at once; the refetch then fixes the pages' totals.
      queryClient.setQueryData<InfiniteData<OrderListResponse>>(myOrdersKey, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((order) => order.id !== id) })) },
      );
      void queryClient.invalidateQueries({ queryKey: myOrdersKey });
    },
  });
}
