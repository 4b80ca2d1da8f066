import { useMutation } from '@tanstack/react-query';
import { StaffMemberCardResponse } from '@coffee/contract';
import type { MemberCard } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/staff/customers/{id}/member-card: a card issued at the counter; a customer who has one keeps it. */
export async function issueMemberCard(customerId: number): Promise<MemberCard> {
  const { data } = await apiRequest(`/staff/customers/${customerId}/member-card`, { method: 'POST', schema: StaffMemberCardResponse });
  return data;
}

export function useIssueMemberCard() {
  return useMutation({ mutationFn: issueMemberCard });
}
