import { useMutation } from '@tanstack/react-query';
import { RegisterResponse } from '@coffee/contract';
import type { RegisterInputRaw } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/auth/register. The answer is the same whether or not the email already
 * had an account (no account enumeration), with a sentence to show on the login page.
 */
export async function register(input: RegisterInputRaw): Promise<RegisterResponse['data']> {
  const { data } = await apiRequest('/auth/register', { method: 'POST', body: input, schema: RegisterResponse });
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
