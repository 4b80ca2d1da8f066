import { z } from 'zod';
import { dataOf } from './common.js';
import { STAFF_ROLES } from './staff-rights.js';

export const StaffRole = z
  .enum(STAFF_ROLES, { error: () => /*i18n*/ 'must be one of: owner, manager, barista' })
  .describe('owner: everything; manager: orders, kitchen, menu, stock and refunds; barista: orders and the kitchen display');
export type StaffRole = z.infer<typeof StaffRole>;

export const StaffMember = z
  .object({
    id: z.number().int().describe('The account id'),
    email: z.string().describe('The email address the account signs in with'),
    name: z.string().nullable().describe('First and last name; null when none was given'),
    staffRole: StaffRole,
  })
  .meta({ id: 'StaffMember', description: 'A staff account' });
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffInvitation = z
  .object({
    id: z.number().int().describe('The invitation id'),
    email: z.string().describe('Where the link was mailed'),
    staffRole: StaffRole,
    createdAt: z.string().describe('When it was sent (ISO-8601 UTC)'),
    expiresAt: z.string().describe('When the link stops working (ISO-8601 UTC)'),
  })
  .meta({ id: 'StaffInvitation', description: 'An invitation not yet taken up' });
export type StaffInvitation = z.infer<typeof StaffInvitation>;

export const StaffListResponse = dataOf(
  z.object({ members: z.array(StaffMember).describe('Every staff account'), invitations: z.array(StaffInvitation).describe('Invitations still open') }),
  'The staff and the open invitations',
).meta({ id: 'StaffListResponse', description: 'The staff screen' });
export type StaffListResponse = z.infer<typeof StaffListResponse>;

export const InviteStaffInput = z
  .object({
    email: z
      .string({ error: /*i18n*/ 'is required' })
      .trim()
      .min(1, /*i18n*/ 'is required')
      .max(254, /*i18n*/ 'must be at most 254 characters')
      .pipe(z.email(/*i18n*/ 'must be a valid email address'))
      .transform((v) => v.toLowerCase())
      .describe('Where to mail the invitation link'),
    staffRole: StaffRole,
  })
  .meta({ id: 'InviteStaffInput', description: 'Invite someone to the staff by mail' });
export type InviteStaffInput = z.infer<typeof InviteStaffInput>;

export const ChangeStaffRoleInput = z.object({ staffRole: StaffRole }).meta({ id: 'ChangeStaffRoleInput', description: "A staff member's new role" });
export type ChangeStaffRoleInput = z.infer<typeof ChangeStaffRoleInput>;

export const AcceptInvitationInput = z
  .object({
    token: z.string({ error: /*i18n*/ 'is required' }).min(1, /*i18n*/ 'is required').max(200, /*i18n*/ 'is not a link we sent').describe('The token from the invitation link'),
    password: z.string({ error: /*i18n*/ 'is required' }).min(8, /*i18n*/ 'must be at least 8 characters').max(128, /*i18n*/ 'must be at most 128 characters').describe('The new account\'s password, 8 to 128 characters'),
    firstName: z.string({ error: /*i18n*/ 'must be text' }).trim().min(1, /*i18n*/ 'is required').max(50, /*i18n*/ 'must be at most 50 characters').describe('First name, shown to the team'),
    phone: z.string({ error: /*i18n*/ 'must be text' }).trim().max(30, /*i18n*/ 'must be at most 30 characters').optional().describe('Phone number; may be left out'),
  })
  .meta({ id: 'AcceptInvitationInput', description: 'Take up a staff invitation: the account is made with its role' });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;

export const AuditRecord = z
  .object({
    id: z.number().int().describe('The record id'),
    at: z.string().describe('When (ISO-8601 UTC)'),
    by: z.string().describe('Who: the staff account\'s email'),
    kind: z.enum(['price', 'coupon', 'store', 'role', 'refund', 'stock']).describe('What sort of change'),
    action: z.string().describe('What changed, in words'),
  })
  .meta({ id: 'AuditRecord', description: 'One recorded change' });
export type AuditRecord = z.infer<typeof AuditRecord>;
export type AuditKind = AuditRecord['kind'];

export const AuditListResponse = dataOf(z.array(AuditRecord), 'The newest changes first').meta({ id: 'AuditListResponse', description: 'The audit record' });
export type AuditListResponse = z.infer<typeof AuditListResponse>;
