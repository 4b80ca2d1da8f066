import type { AuthUser } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/v1/auth/session: who the session cookie belongs to, or null (never a 401). */
export async function getSession(signal?: AbortSignal): Promise<AuthUser | null> {
  // Every page asks at start (app/layout-sync): the schema is imported lazily, off the first screen's JavaScript.
  const schema = () => import('@coffee/contract').then((contract) => contract.SessionResponse);
  const { data } = await apiGet('/auth/session', { schema, signal, on401: 'ignore' });
  return data;
}
