import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MAX_ACTIVE_ORDERS_LIMIT, StaffOrderListResponse } from '@coffee/contract';
import type { OrderStatus, StaffOrderListResponse as StaffOrderPage } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/paging';

export const STAFF_PAGE_SIZE = 20;
// New orders appear without a reload; a shop screen is left open all day.
export const STAFF_POLL_MS = 15_000;

export function getStaffOrders(
  status: OrderStatus | undefined,
  page: number,
  signal?: AbortSignal,
  storeId?: number,
): Promise<StaffOrderPage> {
  return apiGet('/staff/orders', { params: { status, storeId, page, limit: STAFF_PAGE_SIZE }, schema: StaffOrderListResponse, signal });
}

export const staffOrdersKey = ['staff-orders'] as const;

/** GET /api/v1/staff/orders: every order, newest first, optionally of one status and one store; polled every 15 s. */
export const staffOrdersQueryOptions = (status: OrderStatus | undefined, storeId?: number) =>
  infiniteQueryOptions({
    queryKey: [...staffOrdersKey, status ?? 'all', storeId ?? 'every-store'] as const,
    queryFn: ({ pageParam, signal }) => getStaffOrders(status, pageParam, signal, storeId),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    refetchInterval: STAFF_POLL_MS,
  });

export function useStaffOrders(status: OrderStatus | undefined, storeId?: number) {
  return useInfiniteQuery(staffOrdersQueryOptions(status, storeId));
}

export function getActiveStaffOrders(page: number, signal?: AbortSignal, storeId?: number): Promise<StaffOrderPage> {
  return apiGet('/staff/orders', {
    params: { active: true, storeId, page, limit: MAX_ACTIVE_ORDERS_LIMIT },
    schema: StaffOrderListResponse,
    signal,
  });
}

/**
 * GET /api/v1/staff/orders?active=true: every order still to make or hand over (not delivered, not cancelled),
 * optionally of one store, in the API's largest pages for them; polled like the list. The kitchen must see them all,
 * so its screen asks for further pages itself while `meta.total` says there are more.
 */
export const activeStaffOrdersQueryOptions = (storeId?: number) =>
  infiniteQueryOptions({
    queryKey: [...staffOrdersKey, 'active', storeId ?? 'every-store'] as const,
    queryFn: ({ pageParam, signal }) => getActiveStaffOrders(pageParam, signal, storeId),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    refetchInterval: STAFF_POLL_MS,
  });

export function useActiveStaffOrders(storeId?: number) {
  return useInfiniteQuery(activeStaffOrdersQueryOptions(storeId));
}

/**
 * GET /api/v1/staff/orders?awaitingPayment=true: orders waiting for an online payment within their window (not on
 * the kitchen display: paid is the line), optionally of one store; polled like the list.
 */
export const awaitingPaymentQueryOptions = (storeId?: number) =>
  queryOptions({
    queryKey: [...staffOrdersKey, 'awaiting-payment', storeId ?? 'every-store'] as const,
    queryFn: ({ signal }) =>
      apiGet('/staff/orders', { params: { awaitingPayment: true, storeId, page: 1, limit: MAX_ACTIVE_ORDERS_LIMIT }, schema: StaffOrderListResponse, signal }),
    staleTime: 0,
    refetchInterval: STAFF_POLL_MS,
  });
