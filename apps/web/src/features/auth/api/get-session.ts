import type { AuthUser } from '@coffee/contract';
import { apiGet } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/answer-check';

/** GET /api/v1/auth/session: who the session cookie belongs to, or null (never a 401). */
export async function getSession(signal?: AbortSignal): Promise<AuthUser | null> {
  // Every page asks at start (app/layout-sync): its answer is checked off the main thread (lib/answer-check.ts).
  const schema = contractSchema('SessionResponse');
  const { data } = await apiGet('/auth/session', { schema, signal, on401: 'ignore' });
  return data;
}
