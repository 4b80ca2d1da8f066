import { useMutation } from '@tanstack/react-query';
import { MessageResponse } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/forgot-password: the same neutral answer whether or not the email has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { data } = await apiRequest('/auth/forgot-password', { method: 'POST', body: { email }, schema: MessageResponse });
  return data.message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
