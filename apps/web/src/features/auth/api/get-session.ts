import type { AuthUser } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/contract-schema';

/** GET /api/v1/auth/session: who the session cookie belongs to, or null (never a 401). */
export async function getSession(signal?: AbortSignal): Promise<AuthUser | null> {
  // Asked by the first screen: named, so zod stays off it (lib/contract-schema.ts).
  const schema = contractSchema('SessionResponse');
  const { data } = await apiGet('/auth/session', { schema, signal, on401: 'ignore' });
  return data;
}
