import { useMutation } from '@tanstack/react-query';
import { LoginResponse } from '@coffee/contract';
import type { AuthUser, LoginInput } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/login: sets the session cookie and answers the login record. */
export async function login(input: LoginInput): Promise<AuthUser> {
  // A 401 here is a wrong email or password, not an ended session.
  const { data } = await apiRequest('/auth/login', { method: 'POST', body: input, schema: LoginResponse, on401: 'ignore' });
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
