import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserProfileResponse } from '@coffee/contract';
import type { UserProfile } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/v1/users/me: the signed-in user's own profile (no id in the path: nobody else's is reachable). */
export async function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  const { data } = await apiGet('/users/me', { schema: UserProfileResponse, signal });
  return data;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'] as const,
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
