import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { apiGet, onSessionEnded } from '../lib/api-client';
import { contractSchema } from '../lib/contract-schema';
import { currentLanguage, i18n, isLanguage, switchLanguage } from '../lib/i18n';
import { LOGIN_RECORD_KEY, removeLoginRecord, useLoginRecord, writeLoginRecord } from '../lib/login-record';
import { getSession } from '../features/auth/api/get-session';
import { msg } from '@lingui/core/macro';
import type { AuthNotice } from '../features/auth/components/auth-notice';

/** Read when the session ends, in the screens' language then (the login page shows it as handed over). */
const SESSION_ENDED = msg`Your session has ended. Please sign in again.`;

const rawRecord = () => {
  try {
    return window.localStorage.getItem(LOGIN_RECORD_KEY);
  } catch {
    return null;
  }
};

/**
 * The screens follow the language kept in a signed-in customer's profile (GET /users/me `language`, which the
 * navigation's language switch saves): asked once per sign-in, or at start once the session is known to be live. The
 * API's texts already on screen are asked for again in it. A 401 here is left to the session check (never a sign-out).
 * Staff screens keep the device's language (the cookie): a counter's tablet does not change with who signs in.
 */
async function followProfileLanguage(queryClient: QueryClient, signal?: AbortSignal): Promise<void> {
  const before = rawRecord();
  // Named, not imported: zod stays off the layout's code (lib/contract-schema.ts).
  const { data: profile } = await apiGet('/users/me', { schema: contractSchema('UserProfileResponse'), signal, on401: 'ignore' });
  // Signed out or in as someone else in the meantime: not this account's language any more.
  if (rawRecord() !== before || profile.role !== 'customer' || !isLanguage(profile.language) || profile.language === currentLanguage()) return;
  await switchLanguage(profile.language);
  await queryClient.invalidateQueries();
}

/**
 * Keeps the login record (localStorage '@userLogin') and the server session (HttpOnly cookie) in step:
 * - a signed-in user's call answered 401 (api-client drops the record): forget cached answers, go to /login;
 * - at start, a record whose session has ended (expired, signed out elsewhere) is dropped, and a live one
 *   is refreshed (a new role or name shows without signing in again);
 * - a sign-in, and a live session at start, switch the screens to the profile's language (followProfileLanguage).
 */
export function SessionSync() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  const userId = useLoginRecord()?.id;
  // The account the app started with: its language is followed once the start's session check has confirmed it.
  const startUserId = useRef(userId);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);

  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        const notice: AuthNotice = { notice: i18n._(SESSION_ENDED), tone: 'info' };
        void navigate(paths.login.getHref(pathRef.current), { replace: true, state: { ...notice, from: pathRef.current } });
      }),
    [navigate, queryClient],
  );

  useEffect(() => {
    const before = rawRecord();
    if (before === null) return;
    const controller = new AbortController();
    getSession(controller.signal)
      .then((user) => {
        // Signed in or out in the meantime: that newer state wins.
        if (rawRecord() !== before) return;
        if (user === null) {
          removeLoginRecord('session-ended');
          return;
        }
        if (JSON.stringify(user) !== before) writeLoginRecord(user);
        return followProfileLanguage(queryClient, controller.signal);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [queryClient]);

  // A sign-in after start (this tab's sign-in screens, or another tab's): the new account's language.
  useEffect(() => {
    if (userId === undefined) {
      startUserId.current = undefined;
      return;
    }
    if (userId === startUserId.current) return;
    // Once per account, not aborted on cleanup: StrictMode's second run of this effect must not lose it (a sign-out or
    // another account in the meantime is checked by followProfileLanguage itself).
    startUserId.current = userId;
    followProfileLanguage(queryClient).catch(() => undefined);
  }, [userId, queryClient]);

  return null;
}
