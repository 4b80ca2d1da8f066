import { SessionResponse } from '@coffee/contract';
import type { AuthUser } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/v1/auth/session: who the session cookie belongs to, or null (never a 401). */
export async function getSession(signal?: AbortSignal): Promise<AuthUser | null> {
  const { data } = await apiGet('/auth/session', { schema: SessionResponse, signal, on401: 'ignore' });
  return data;
}
