import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OptionGroupResponse } from '@coffee/contract';
import type { OptionGroup, OptionGroupInputBody } from '@coffee/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/option-groups, or PUT /api/v1/option-groups/:id to replace one (staff). */
export async function saveOptionGroup(id: number | null, body: OptionGroupInputBody): Promise<OptionGroup> {
  const { data } = await apiRequest(id === null ? '/option-groups' : `/option-groups/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: OptionGroupResponse,
  });
  return data;
}

/** DELETE /api/v1/option-groups/:id (staff): the group leaves every product; past orders keep their options. */
export async function deleteOptionGroup(id: number): Promise<void> {
  await apiRequest(`/option-groups/${id}`, { method: 'DELETE', schema: z.null() });
}

export function useSaveOptionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OptionGroupInputBody }) => saveOptionGroup(id, body),
    // Products carry their groups too: their cached answers are stale after a change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteOptionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOptionGroup,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
