import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_LIMIT } from '@coffee/contract';
import type { ListProductsQueryInput, ProductListResponse } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/paging';
import { contractSchema } from '../../../lib/contract-schema';

/** What narrows a list: category, keyword, featured (Favorite & Promo), sort. Paging is added per call. */
export type ProductFilters = Omit<ListProductsQueryInput, 'page' | 'limit'>;

export const productListKeys = {
  all: ['products', 'list'] as const,
  page: (filters: ProductFilters, page: number, limit: number) => ['products', 'list', 'page', filters, page, limit] as const,
  infinite: (filters: ProductFilters, limit: number) => ['products', 'list', 'infinite', filters, limit] as const,
};

export function getProducts(
  filters: ProductFilters,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  // Asked by the first screen: named, so zod stays off it (lib/contract-schema.ts).
  const schema = contractSchema('ProductListResponse');
  return apiGet('/products', { params: { ...filters, ...paging }, schema, signal });
}

export const productsQueryOptions = (filters: ProductFilters, limit = DEFAULT_PAGE_LIMIT) =>
  queryOptions({
    queryKey: productListKeys.page(filters, 1, limit),
    queryFn: ({ signal }) => getProducts(filters, { page: 1, limit }, signal),
  });

export const productsInfiniteQueryOptions = (filters: ProductFilters, limit = DEFAULT_PAGE_LIMIT) =>
  infiniteQueryOptions({
    queryKey: productListKeys.infinite(filters, limit),
    queryFn: ({ pageParam, signal }) => getProducts(filters, { page: pageParam, limit }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useProducts(filters: ProductFilters, options: { limit?: number; enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(filters, options.limit), enabled: options.enabled ?? true });
}

/** A list with "Load more": `enabled` false until the list is shown, so hidden tabs never fetch. */
export function useInfiniteProducts(filters: ProductFilters, options: { limit?: number; enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...productsInfiniteQueryOptions(filters, options.limit), enabled: options.enabled ?? true });
}
