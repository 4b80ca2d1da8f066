import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderResponse } from '@coffee/contract';
import type { Order } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

export async function getMyOrder(id: number, signal?: AbortSignal): Promise<Order> {
  const { data } = await apiGet(`/orders/${id}`, { schema: OrderResponse, signal });
  return data;
}

export const myOrderKey = (id: number) => ['orders', 'one', id] as const;
// The customer watches an order move on (paid, preparing, ready) without reloading; the shop is not hurried by it.
export const ORDER_POLL_MS = 30_000;

/** GET /api/v1/orders/{id}: one of my orders with its history; another customer's order is a 404. */
export const myOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: myOrderKey(id),
    queryFn: ({ signal }) => getMyOrder(id, signal),
    staleTime: 0,
    refetchInterval: ORDER_POLL_MS,
  });

export function useMyOrder(id: number) {
  return useQuery(myOrderQueryOptions(id));
}
