/**
 * A sentence handed to the login page through router state: "Thanks for signing up!" after register,
 * "Your password has been changed" after a reset, "Your session has ended" after a 401.
 */
export type AuthNotice = { notice: string; tone?: 'success' | 'info' };

export function readAuthNotice(state: unknown): AuthNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, tone } = state as Record<string, unknown>;
  if (typeof notice !== 'string' || notice === '') return null;
  return { notice, tone: tone === 'info' ? 'info' : 'success' };
}

export const SESSION_ENDED_NOTICE: AuthNotice = {
  notice: 'Your session has ended. Please sign in again.',
  tone: 'info',
};

export const SIGN_IN_REQUIRED_NOTICE: AuthNotice = { notice: 'Please sign in to continue.', tone: 'info' };
