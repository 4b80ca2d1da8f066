import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberCardResponse } from '@coffee/contract';
import type { MemberCardStatus } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/v1/me/member-card: the card, or how far the delivered orders are from one. */
export async function getMemberCard(signal?: AbortSignal): Promise<MemberCardStatus> {
  const { data } = await apiGet('/me/member-card', { schema: MemberCardResponse, signal });
  return data;
}

export const memberCardQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'member-card'] as const,
    queryFn: ({ signal }) => getMemberCard(signal),
  });

export function useMemberCard() {
  return useQuery(memberCardQueryOptions());
}
