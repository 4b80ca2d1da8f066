import { z } from 'zod';
import { dataOf } from './common.js';

/**
 * Messages read after the field's label (the API's validation-messages.ts).
 * A bank transfer cannot be paid back through the payment gateway, so a customer owed the total of a cancelled
 * Bank Account order says where to send it; the shop keeps it only until the refund is recorded.
 */
export const RefundAccountInput = z
  .object({
    holderName: z
      .string({ error: /*i18n*/ 'is required' })
      .trim()
      .min(2, /*i18n*/ 'is required, as the bank knows it')
      .max(100, /*i18n*/ 'must be at most 100 characters')
      .describe('The name on the account, as the bank knows it'),
    bank: z
      .string({ error: /*i18n*/ 'is required' })
      .trim()
      .min(2, /*i18n*/ 'is required, such as BCA')
      .max(60, /*i18n*/ 'must be at most 60 characters')
      .describe('The bank, such as BCA'),
    accountNumber: z
      .string({ error: /*i18n*/ 'is required' })
      // People copy numbers with spaces, dots or dashes between the groups.
      .transform((v) => v.replace(/[\s.-]/g, ''))
      .pipe(z.string().regex(/^\d{6,20}$/, /*i18n*/ 'must be 6 to 20 digits'))
      .describe('The account number: 6 to 20 digits; spaces, dots and dashes between them are dropped'),
  })
  .meta({ id: 'RefundAccountInput', description: 'The bank account a refund is sent to' });
export type RefundAccountInput = z.input<typeof RefundAccountInput>;
/** As the API reads it: trimmed, the account number digits only. */
export type RefundAccountGiven = z.output<typeof RefundAccountInput>;

export const RefundAccountView = z
  .object({
    needed: z
      .boolean()
      .describe('True while the order has a refund due that the shop pays back by bank transfer: the account is asked for'),
    account: z
      .object({
        holderName: z.string().describe('The name on the account'),
        bank: z.string().describe('The bank'),
        accountNumberEnd: z.string().describe('The last 4 digits of the account number'),
      })
      .nullable()
      .describe('The account given, or null while none is'),
  })
  .meta({ id: 'RefundAccountView', description: 'Where the refund of my order goes' });
export type RefundAccountView = z.infer<typeof RefundAccountView>;
export const RefundAccountResponse = dataOf(RefundAccountView, 'Where the refund goes').meta({
  id: 'RefundAccountResponse',
  description: 'Where the refund of my order goes, or that none is asked for',
});
export type RefundAccountResponse = z.infer<typeof RefundAccountResponse>;

export const StaffRefundAccountView = z
  .object({
    amountIdr: z.number().int().describe('What to transfer: the total of the order, in rupiah'),
    account: z
      .object({
        holderName: z.string().describe('The name on the account'),
        bank: z.string().describe('The bank'),
        accountNumber: z.string().describe('The account number, digits only'),
        givenAt: z.string().describe('When the customer gave it (ISO-8601 UTC)'),
      })
      .nullable()
      .describe('The account the customer gave, or null while none is'),
  })
  .meta({ id: 'StaffRefundAccountView', description: 'Where to transfer the refund of an order, and how much' });
export type StaffRefundAccountView = z.infer<typeof StaffRefundAccountView>;
export const StaffRefundAccountResponse = dataOf(StaffRefundAccountView, 'Where to transfer the refund').meta({
  id: 'StaffRefundAccountResponse',
  description: 'The account the customer gave and the amount to transfer',
});
export type StaffRefundAccountResponse = z.infer<typeof StaffRefundAccountResponse>;
