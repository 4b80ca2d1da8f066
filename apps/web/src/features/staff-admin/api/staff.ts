import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AuditListResponse, StaffListResponse, StaffRole } from '@coffee/contract';
import type { AcceptInvitationInput, InviteStaffInput } from '@coffee/contract';
import { apiGet, apiRequest } from '../../../lib/api-client';

const staffKey = ['staff-team'] as const;
const auditKey = ['staff-audit'] as const;

/** GET /api/v1/staff/members: the staff and the invitations still open (owner). */
export const useStaffTeam = () => useQuery({ queryKey: staffKey, queryFn: ({ signal }) => apiGet('/staff/members', { schema: StaffListResponse, signal }).then((r) => r.data) });

/** GET /api/v1/staff/audit: who changed prices, coupons, stores, roles and refunds (owner), newest first. */
export const useAuditRecord = () =>
  useQuery({ queryKey: auditKey, queryFn: ({ signal }) => apiGet('/staff/audit', { params: { limit: 50 }, schema: AuditListResponse, signal }).then((r) => r.data) });

/** The team's writes: each refreshes the team and the audit record, which it adds to. */
export function useTeamChange<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKey }), queryClient.invalidateQueries({ queryKey: auditKey })]),
  });
}

const Anything = z.unknown();
export const inviteStaff = (input: InviteStaffInput) => apiRequest('/staff/invitations', { method: 'POST', body: input, schema: Anything });
export const changeRole = ({ id, staffRole }: { id: number; staffRole: StaffRole }) =>
  apiRequest(`/staff/members/${id}/role`, { method: 'PUT', body: { staffRole }, schema: Anything });
export const removeStaff = (id: number) => apiRequest(`/staff/members/${id}`, { method: 'DELETE', schema: z.null() });
export const withdrawInvitation = (id: number) => apiRequest(`/staff/invitations/${id}`, { method: 'DELETE', schema: z.null() });

const Invitation = z.object({ data: z.object({ email: z.string(), staffRole: StaffRole }) });
const Joined = z.object({ data: z.object({ email: z.string(), message: z.string() }) });

/** GET /api/v1/staff/invitation?token=: who the link invites, or a 404 for a used or expired one. */
export const useInvitation = (token: string) =>
  useQuery({ queryKey: ['staff-invitation', token], queryFn: ({ signal }) => apiGet('/staff/invitation', { params: { token }, schema: Invitation, signal }).then((r) => r.data), retry: false, enabled: token !== '' });

/** POST /api/v1/staff/invitation/accept: makes the staff account; then the person signs in. */
export const useAcceptInvitation = () => useMutation({ mutationFn: (input: AcceptInvitationInput) => apiRequest('/staff/invitation/accept', { method: 'POST', body: input, schema: Joined }).then((r) => r.data) });
