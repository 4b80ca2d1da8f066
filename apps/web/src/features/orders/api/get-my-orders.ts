import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { OrderListResponse } from '@coffee/contract';
import type { OrderListResponse as OrderPage } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/paging';

export const HISTORY_PAGE_SIZE = 12;

export function getMyOrders(page: number, limit: number, signal?: AbortSignal): Promise<OrderPage> {
  return apiGet('/orders', { params: { page, limit }, schema: OrderListResponse, signal });
}

export const myOrdersKey = ['orders', 'mine'] as const;

/**
 * GET /api/v1/orders: the History screen, newest first, a page at a time ('Load more'). Never fresh for
 * long: staff move orders on, so coming back to the tab or the page asks again (TanStack refetches on
 * focus and on mount when the data is stale).
 */
export const myOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: myOrdersKey,
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, HISTORY_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
  });

export function useMyOrders() {
  return useInfiniteQuery(myOrdersQueryOptions());
}
