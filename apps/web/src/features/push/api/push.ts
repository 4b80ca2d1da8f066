import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PushDeviceListResponse, PushDeviceResponse, PushKeyResponse } from '@coffee/contract';
import type { PushDevice, PushSubscriptionInput } from '@coffee/contract';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /api/v1/push/key: the shop's VAPID key; null when it sends no push (then nothing about push is shown). */
export const pushKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['push', 'key'] as const,
    queryFn: async ({ signal }) => (await apiGet('/push/key', { schema: PushKeyResponse, signal, on401: 'ignore' })).data.publicKey,
    staleTime: Infinity,
  });

export const usePushKey = (enabled = true) => useQuery({ ...pushKeyQueryOptions(), enabled });

const devicesKey = ['push', 'devices'] as const;

/** GET /api/v1/push/subscriptions: my devices that get order notifications. */
export const usePushDevices = (enabled = true) =>
  useQuery({
    queryKey: devicesKey,
    queryFn: async ({ signal }) => (await apiGet('/push/subscriptions', { schema: PushDeviceListResponse, signal })).data,
    enabled,
  });

export async function savePushSubscription(input: PushSubscriptionInput): Promise<PushDevice> {
  const { data } = await apiRequest('/push/subscriptions', { method: 'POST', body: input, schema: PushDeviceResponse });
  return data;
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/push/subscriptions/${id}`, { method: 'DELETE', schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

export const invalidatePushDevices = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: devicesKey });
