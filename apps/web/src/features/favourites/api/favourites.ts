import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CartChangeResponse, FavouriteListResponse, OrderListResponse, type FavouriteInput } from '@coffee/contract';
import { apiGet, apiRequest } from '../../../lib/api-client';

const KEY = ['favourites'] as const;

/** GET /favourites: the drinks saved with the heart. */
export const useFavourites = (enabled: boolean) =>
  useQuery({ queryKey: KEY, enabled, queryFn: async ({ signal }) => (await apiGet('/favourites', { schema: FavouriteListResponse, signal })).data });

/** The customer's newest order, for "Order your last again" when nothing is saved. */
export const useLastOrder = (enabled: boolean) =>
  useQuery({
    queryKey: ['orders', 'last'],
    enabled,
    queryFn: async ({ signal }) => (await apiGet('/orders', { params: { page: 1, limit: 1 }, schema: OrderListResponse, signal })).data[0] ?? null,
  });

export function useSaveFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: FavouriteInput) => (await apiRequest('/favourites', { method: 'POST', body: input, schema: FavouriteListResponse })).data,
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

/** One tap: a saved drink (or the last order) into the cart at today's prices; `notes` says what could not go in. */
export function useAddUsual() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (what: { favouriteId: number } | { orderId: number }) =>
      apiRequest('favouriteId' in what ? `/favourites/${what.favouriteId}/add-to-cart` : `/orders/${what.orderId}/reorder`, { method: 'POST', schema: CartChangeResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cart'] }),
  });
}
