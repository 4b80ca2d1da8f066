import { z } from 'zod';
import { Phone, Role } from './auth.js';
import { dataOf } from './common.js';

export const GENDERS = ['male', 'female'] as const;
export const Gender = z
  .enum(GENDERS, { error: () => /*i18n*/ 'must be one of: male, female (or null)' })
  .describe('male or female, or null when not given');
export type Gender = z.infer<typeof Gender>;

/** The languages the shop writes in: English, and Bahasa Indonesia. */
export const LANGUAGES = ['en', 'id'] as const;
export const Language = z
  .enum(LANGUAGES, { error: () => `must be one of: ${LANGUAGES.join(', ')}` })
  .describe('The language of the mails and push notifications sent to this account: en (English) or id (Bahasa Indonesia)');
export type Language = z.infer<typeof Language>;

export const NAME_MAX_LENGTH = 50;
export const ADDRESS_MAX_LENGTH = 300;

/** The profile screen: contacts and details. */
export const UserProfile = z
  .object({
    id: z.number().int().describe('The account id'),
    email: z.string().describe('The email address the account signs in with; it cannot be changed here'),
    role: Role,
    phone: z.string().describe('Mobile number'),
    deliveryAddress: z
      .string()
      .describe('Where Door Delivery orders go unless the order names another address; may be empty'),
    displayName: z.string().describe('The name to greet the person by (from the email address until they choose one)'),
    firstName: z.string().describe('First name; may be empty'),
    lastName: z.string().describe('Last name; may be empty'),
    dateOfBirth: z.string().nullable().describe('Date of birth as YYYY-MM-DD, or null when not given'),
    gender: Gender.nullable(),
    photoUrl: z.string().nullable().describe('Address of the profile picture, or null when there is none'),
    orderEmails: z.boolean().describe('Whether a mail is sent when an order is ready, on its way or cancelled by the shop'),
    language: Language,
    createdAt: z.string().describe('When the account was made (ISO-8601 UTC timestamp)'),
    updatedAt: z.string().describe('When the profile last changed (ISO-8601 UTC timestamp)'),
  })
  .meta({ id: 'UserProfile', description: "The signed-in person's profile" });
export type UserProfile = z.infer<typeof UserProfile>;

/** Control characters other than a line break (an address may span lines). */
const isControlCharacter = (ch: string) => {
  const code = ch.charCodeAt(0);
  return (code < 0x20 && code !== 0x0a) || code === 0x7f;
};

/** Text of at most `max` characters; `tooLong` says so in words extraction can read (decision 037). */
const text = (max: number, tooLong: string) =>
  z
    .string({ error: /*i18n*/ 'must be text' })
    .trim()
    .max(max, tooLong)
    // Control characters have no place in a name or address and break mail headers and logs.
    .refine((v) => ![...v].some(isControlCharacter), { message: /*i18n*/ 'must not contain control characters' });

/** YYYY-MM-DD that is a real calendar day, not in the future, not before 1900. */
export const DateOfBirth = z
  .string({ error: /*i18n*/ 'must be a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'must be a date written YYYY-MM-DD')
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: /*i18n*/ 'must be a real calendar date' },
  )
  .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), {
    message: /*i18n*/ 'must be between 1900-01-01 and today',
  })
  .describe('Date of birth as YYYY-MM-DD, a real day between 1900-01-01 and today; null clears it');

/** Every field optional: only what is sent changes. `null` clears date of birth and gender. */
export const UpdateProfileInput = z
  .object({
    displayName: text(NAME_MAX_LENGTH, /*i18n*/ 'must be at most 50 characters')
      .optional()
      .describe(`The name to greet the person by, at most ${NAME_MAX_LENGTH} characters`),
    firstName: text(NAME_MAX_LENGTH, /*i18n*/ 'must be at most 50 characters').optional().describe(`First name, at most ${NAME_MAX_LENGTH} characters`),
    lastName: text(NAME_MAX_LENGTH, /*i18n*/ 'must be at most 50 characters').optional().describe(`Last name, at most ${NAME_MAX_LENGTH} characters`),
    phone: Phone.optional(),
    deliveryAddress: text(ADDRESS_MAX_LENGTH, /*i18n*/ 'must be at most 300 characters')
      .optional()
      .describe(`The address for Door Delivery, at most ${ADDRESS_MAX_LENGTH} characters; it may span lines`),
    dateOfBirth: DateOfBirth.nullable().optional(),
    gender: Gender.nullable().optional(),
    orderEmails: z
      .boolean({ error: /*i18n*/ 'must be true or false' })
      .optional()
      .describe('true: mail me when an order is ready, on its way or cancelled by the shop; false: no such mails'),
    language: Language.optional().describe('en or id: the language of the mails and push notifications sent to me from now on'),
    // Refused: the email is the sign-in name and where reset links go. Changing it safely needs a
    // confirmation mail to the new address, which we do not have yet.
    email: z
      .never({ error: /*i18n*/ 'cannot be changed: it is the name you sign in with' })
      .optional()
      .describe('Refused when sent: the email address is the name the account signs in with'),
  })
  .meta({ id: 'UpdateProfileInput', description: 'Changes to the profile: only the fields sent change' });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const UserProfileResponse = dataOf(UserProfile, 'The profile').meta({
  id: 'UserProfileResponse',
  description: 'The profile',
});
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;

/** Picture rules shared by product pictures and profile photos (apps/api/src/lib/images.ts). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
