import { useMutation } from '@tanstack/react-query';
import { MessageResponse } from '@coffee/contract';
import type { ResetPasswordInput } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/reset-password: uses up the emailed token and ends every session of the account. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const { data } = await apiRequest('/auth/reset-password', { method: 'POST', body: input, schema: MessageResponse });
  return data.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
