import { queryOptions, useQuery } from '@tanstack/react-query';
import { OidcStatusResponse } from '@coffee/contract';
import type { OidcStatus } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

const NOT_CONFIGURED: OidcStatus = { enabled: false, providerName: 'Google', startUrl: null };

/**
 * GET /api/v1/auth/oidc: whether "Login with Google" works in this shop. Any failure (an API without the
 * route, an unreachable server) reads as "not configured": the buttons stay visible but disabled.
 */
export async function getOidcStatus(signal?: AbortSignal): Promise<OidcStatus> {
  try {
    const { data } = await apiGet('/auth/oidc', { schema: OidcStatusResponse, signal, on401: 'ignore' });
    return data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return NOT_CONFIGURED;
  }
}

export const oidcStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'oidc'] as const,
    queryFn: ({ signal }) => getOidcStatus(signal),
    // Shop configuration: it changes only when the shop restarts.
    staleTime: 10 * 60_000,
  });

export function useOidcStatus() {
  return useQuery(oidcStatusQueryOptions());
}
