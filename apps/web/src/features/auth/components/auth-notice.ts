import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n';

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

const SESSION_ENDED = msg`Your session has ended. Please sign in again.`;
const SIGN_IN_REQUIRED = msg`Please sign in to continue.`;

/**
 * The notices the app itself gives: their sentence is read when they are handed on (`{ ...NOTICE }` in the navigation's
 * state), so it is in the language the screens are in then, never the one of the first render.
 */
export const SESSION_ENDED_NOTICE: AuthNotice = {
  get notice() {
    return i18n._(SESSION_ENDED);
  },
  tone: 'info',
};

export const SIGN_IN_REQUIRED_NOTICE: AuthNotice = {
  get notice() {
    return i18n._(SIGN_IN_REQUIRED);
  },
  tone: 'info',
};
