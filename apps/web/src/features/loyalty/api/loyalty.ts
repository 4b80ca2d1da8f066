import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LoyaltyAccountResponse,
  LoyaltySettingsResponse,
  RewardListResponse,
  RewardQuoteResponse,
  RewardResponse,
  type LoyaltySettings,
  type RewardInput,
  type RewardQuote,
} from '@coffee/contract';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** The customer's points (GET /loyalty): balance, expiry and the newest moves. */
export const loyaltyQueryOptions = () =>
  queryOptions({
    queryKey: ['loyalty', 'me'] as const,
    queryFn: async ({ signal }) => (await apiGet('/loyalty', { schema: LoyaltyAccountResponse, signal })).data,
  });

export const useLoyalty = (options: { enabled?: boolean } = {}) => useQuery({ ...loyaltyQueryOptions(), ...options });

/** The rewards on offer (GET /loyalty/rewards). */
export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: ['loyalty', 'rewards'] as const,
    queryFn: async ({ signal }) => (await apiGet('/loyalty/rewards', { schema: RewardListResponse, signal })).data,
  });

export const useRewards = (options: { enabled?: boolean } = {}) => useQuery({ ...rewardsQueryOptions(), ...options });

/** POST /loyalty/rewards/quote: the cart priced by the server with the reward. */
export function useRewardQuote() {
  return useMutation({
    mutationFn: async (rewardId: number): Promise<RewardQuote> =>
      (await apiRequest('/loyalty/rewards/quote', { method: 'POST', body: { rewardId }, schema: RewardQuoteResponse })).data,
  });
}

/** Staff: the rate, expiry and shortfalls, and every reward. */
export const useStaffLoyalty = () =>
  useQuery({ queryKey: ['staff', 'loyalty'], queryFn: async ({ signal }) => (await apiGet('/staff/loyalty', { schema: LoyaltySettingsResponse, signal })).data });
export const useStaffRewards = () =>
  useQuery({ queryKey: ['staff', 'loyalty', 'rewards'], queryFn: async ({ signal }) => (await apiGet('/staff/loyalty/rewards', { schema: RewardListResponse, signal })).data });

export function useSaveLoyaltySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: LoyaltySettings) => (await apiRequest('/staff/loyalty', { method: 'PUT', body: settings, schema: LoyaltySettingsResponse })).data,
    onSuccess: (data) => client.setQueryData(['staff', 'loyalty'], data),
  });
}

export function useSaveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: RewardInput }) =>
      (await apiRequest(id === null ? '/staff/loyalty/rewards' : `/staff/loyalty/rewards/${id}`, { method: id === null ? 'POST' : 'PUT', body: input, schema: RewardResponse })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'loyalty', 'rewards'] }),
  });
}
