import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffOrderResponse } from '@coffee/contract';
import type { StaffOrder } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { STAFF_POLL_MS, staffOrdersKey } from './get-staff-orders';

export async function getStaffOrder(id: number, signal?: AbortSignal): Promise<StaffOrder> {
  const { data } = await apiGet(`/staff/orders/${id}`, { schema: StaffOrderResponse, signal });
  return data;
}

// Under the staff lists' key, so every staff action refreshes the open order page too.
export const staffOrderKey = (id: number) => [...staffOrdersKey, 'one', id] as const;

/** GET /api/v1/staff/orders/{id}: any order with its history and the customer's name and phone; polled like the list. */
export const staffOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffOrderKey(id),
    queryFn: ({ signal }) => getStaffOrder(id, signal),
    staleTime: 0,
    refetchInterval: STAFF_POLL_MS,
  });

export function useStaffOrder(id: number) {
  return useQuery(staffOrderQueryOptions(id));
}
