import { useMutation } from '@tanstack/react-query';
import { MessageResponse } from '@coffee/contract';
import type { ChangePasswordInput } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/password: needs the current password; every other session of the account ends. */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const { data } = await apiRequest('/auth/password', { method: 'POST', body: input, schema: MessageResponse });
  return data.message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
