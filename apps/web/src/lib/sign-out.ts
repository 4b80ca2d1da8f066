import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { apiRequest } from './api-client';
import { contractSchema } from './contract-schema';
import { removeLoginRecord } from './login-record';

/** POST /api/v1/auth/logout: ends the session on the server and clears its cookie (always 204). */
export function endServerSession(): Promise<null> {
  return apiRequest('/auth/logout', { method: 'POST', schema: contractSchema('NoContent'), on401: 'ignore' });
}

/**
 * Logout: revoke the session on the server, remove the login record, forget every
 * cached answer that belonged to this user, and go to /login. The server call is awaited so that its
 * cookie-clearing answer cannot arrive after a quick next sign-in and wipe the new cookie; if the shop
 * cannot be reached the browser still signs out (the session then ends by itself).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await endServerSession().catch(() => null);
    } finally {
      removeLoginRecord();
      queryClient.clear();
      setPending(false);
      await navigate(paths.login.getHref());
    }
  }, [navigate, queryClient]);

  return { signOut, pending };
}
