import { PASSWORD_RESET_MINUTES } from '@coffee/contract';
import type { MailWords } from '../../lib/customer-email.js';
import { accountMail, type MailMessage } from '../../lib/mail.js';

/** The forgot-password link, in the account's language (`words`). */
export function buildPasswordResetEmail(to: string, url: string, w: MailWords): MailMessage {
  return accountMail(
    to,
    w.t(/*i18n*/ 'Choose a new Coffee Shop password'),
    [
      w.t(/*i18n*/ {
        id: 'Someone (hopefully you) asked to reset the password of your Coffee Shop account. The link below works once, for {minutes} minutes.',
        values: { minutes: PASSWORD_RESET_MINUTES },
      }),
      w.t(/*i18n*/ 'If you did not ask for it, ignore this email: your password stays as it is.'),
    ],
    { label: w.t(/*i18n*/ 'Choose a new password'), url },
  );
}
