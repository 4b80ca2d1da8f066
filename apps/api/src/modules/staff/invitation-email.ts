import type { StaffRole } from '@coffee/contract';
import type { MailWords } from '../../lib/customer-email.js';
import { accountMail, type MailMessage } from '../../lib/mail.js';

/**
 * The invitation to join the staff with a role. The invitee may have no account, so no language of their own: it is
 * written in the language of the owner's request that sends it (an existing account's own language wins).
 */
export function buildStaffInvitationEmail(to: string, invite: { staffRole: StaffRole; days: number; url: string }, w: MailWords): MailMessage {
  return accountMail(
    to,
    w.t(/*i18n*/ 'You are invited to the Coffee Shop team'),
    [
      w.t(/*i18n*/ {
        id: 'You are invited to join the Coffee Shop staff as {role, select, owner {owner} manager {manager} other {barista}}.',
        values: { role: invite.staffRole },
      }),
      w.t(/*i18n*/ { id: '{days, plural, one {The link works for # day.} other {The link works for # days.}}', values: { days: invite.days } }),
    ],
    { label: w.t(/*i18n*/ 'Join the team'), url: invite.url },
  );
}
