import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { onSessionEnded } from '../lib/api-client';
import { LOGIN_RECORD_KEY, removeLoginRecord, writeLoginRecord } from '../lib/login-record';
import { getSession } from '../features/auth/api/get-session';
import { SESSION_ENDED_NOTICE } from '../features/auth/components/auth-notice';

const rawRecord = () => {
  try {
    return window.localStorage.getItem(LOGIN_RECORD_KEY);
  } catch {
    return null;
  }
};

/**
 * Keeps the login record (localStorage '@userLogin') and the server session (HttpOnly cookie) in step:
 * - a signed-in user's call answered 401 (api-client drops the record): forget cached answers, go to /login;
 * - at start, a record whose session has ended (expired, signed out elsewhere) is dropped, and a live one
 *   is refreshed (a new role or name shows without signing in again).
 */
export function SessionSync() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);

  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        void navigate(paths.login.getHref(pathRef.current), { replace: true, state: { ...SESSION_ENDED_NOTICE, from: pathRef.current } });
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
        if (user === null) removeLoginRecord('session-ended');
        else if (JSON.stringify(user) !== before) writeLoginRecord(user);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  return null;
}
