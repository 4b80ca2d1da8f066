import { z } from 'zod';
import { dataOf } from './common.js';
import { StaffRole } from './staff.js';

export const ROLES = ['customer', 'staff'] as const;
export const Role = z.enum(ROLES).describe('customer: shops and orders; staff: also manages the menu and every order');
export type Role = z.infer<typeof Role>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Messages read after the field name: the API answers e.g. 'email must be a valid email address'. */
export const Email = z
  .string({ error: (issue) => (issue.input === undefined ? /*i18n*/ 'is required' : /*i18n*/ 'must be text') })
  .trim()
  .min(1, /*i18n*/ 'is required')
  .max(EMAIL_MAX_LENGTH, /*i18n*/ 'must be at most 254 characters')
  .pipe(z.email(/*i18n*/ 'must be a valid email address'))
  // Addresses are compared lowercased everywhere (the users table stores them so).
  .transform((v) => v.toLowerCase())
  .describe(`The email address signed in with, at most ${EMAIL_MAX_LENGTH} characters; case does not matter`);

export const NewPassword = z
  .string({ error: (issue) => (issue.input === undefined ? /*i18n*/ 'is required' : /*i18n*/ 'must be text') })
  .min(1, /*i18n*/ 'is required')
  .min(PASSWORD_MIN_LENGTH, /*i18n*/ 'must be at least 8 characters')
  .max(PASSWORD_MAX_LENGTH, /*i18n*/ 'must be at most 128 characters')
  .describe(
    `A new password, ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; the most common passwords are refused`,
  );

/** A password being checked: no policy (older accounts may predate it), only a bound on work. */
const GivenPassword = z
  .string({ error: (issue) => (issue.input === undefined ? /*i18n*/ 'is required' : /*i18n*/ 'must be text') })
  .min(1, /*i18n*/ 'is required')
  .max(1024, /*i18n*/ 'is too long')
  .describe('The password of the account');

export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;
export const Phone = z
  .string({ error: (issue) => (issue.input === undefined ? /*i18n*/ 'is required' : /*i18n*/ 'must be text') })
  .trim()
  .min(1, /*i18n*/ 'is required')
  .regex(PHONE_PATTERN, /*i18n*/ 'must be a phone number of digits, e.g. +62 812 3456 7890')
  .refine((v) => v.replace(/\D/g, '').length >= 6 && v.replace(/\D/g, '').length <= 15, {
    message: /*i18n*/ 'must have 6 to 15 digits',
  })
  .describe('Mobile number: 6 to 15 digits, with an optional leading + and spaces, dots, dashes or brackets');

/** The name the barista calls at the counter; optional so a client written for the original (no name) still signs up. */
export const FirstName = z
  .string({ error: /*i18n*/ 'must be text' })
  .trim()
  .max(50, /*i18n*/ 'must be at most 50 characters')
  .describe('First name, at most 50 characters: what the shop calls the customer at the counter (never the email)');

export const RegisterInput = z
  .object({ email: Email, password: NewPassword, phone: Phone, firstName: FirstName.optional() })
  .meta({ id: 'RegisterInput', description: 'A new customer account' });
export type RegisterInput = z.infer<typeof RegisterInput>;
export type RegisterInputRaw = z.input<typeof RegisterInput>;

export const LoginInput = z
  .object({ email: Email, password: GivenPassword })
  .meta({ id: 'LoginInput', description: 'The email and password of an account' });
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * The `@userLogin` record the web app keeps whole in localStorage, so it holds nothing secret: the
 * session itself travels only in the HttpOnly cookie.
 */
export const AuthUser = z
  .object({
    id: z.number().int().describe('The account id'),
    email: z.string().describe('The email address the account signs in with, lowercased'),
    role: Role,
    staffRole: StaffRole.nullable()
      .optional()
      .describe("A staff account's role (owner, manager or barista), which decides what its screens offer; null for a customer"),
    displayName: z.string().describe('The name to greet the person by (from the email address until they choose one)'),
    photoUrl: z.string().nullable().describe('Address of the profile picture, or null when there is none'),
  })
  .meta({ id: 'AuthUser', description: 'The signed-in account, as the web app keeps it' });
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginResponse = dataOf(AuthUser, 'The account now signed in').meta({
  id: 'LoginResponse',
  description: 'Signed in: the session cookie is set',
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * Register answers the same whether or not the email already had an account (no account enumeration);
 * the owner of an existing account is told by email instead.
 */
export const RegisterResponse = dataOf(
  z.object({
    email: z.string().describe('The address the account was asked for, lowercased'),
    message: z.string().describe('A sentence to show: what happens next'),
  }),
  'The address and what happens next',
).meta({ id: 'RegisterResponse', description: 'The same answer whether or not the address already had an account; sign in next' });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** For API clients that cannot keep cookies: the same session, as a Bearer token. */
export const TokenResponse = dataOf(
  z.object({
    token: z.string().describe('The session, to send as `Authorization: Bearer <token>`; keep it secret'),
    expiresAt: z
      .string()
      .describe('Latest end of the session (ISO-8601 UTC timestamp); it ends earlier when left unused for a while'),
    user: AuthUser.describe('The account signed in'),
  }),
  'The session token and its account',
).meta({ id: 'TokenResponse', description: 'Signed in: a session token for an API client' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** The signed-in user, or null for a visitor (so checking is never an error). */
export const SessionResponse = dataOf(AuthUser.nullable(), 'The signed-in account, or null for a visitor').meta({
  id: 'SessionResponse',
  description: 'Who is signed in',
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ChangePasswordInput = z
  .object({
    currentPassword: GivenPassword.describe('The password the account has now'),
    newPassword: NewPassword,
  })
  .meta({ id: 'ChangePasswordInput', description: 'The current password and a new one' });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const ForgotPasswordInput = z
  .object({ email: Email.describe('The email address of the account whose password was forgotten') })
  .meta({ id: 'ForgotPasswordInput', description: 'Where to send a password reset link' });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({
    token: z
      .string({ error: (issue) => (issue.input === undefined ? /*i18n*/ 'is required' : /*i18n*/ 'must be text') })
      .min(1, /*i18n*/ 'is required')
      .max(200, /*i18n*/ 'is not a valid reset token')
      .describe('The token from the emailed reset link (its `token` query parameter)'),
    password: NewPassword,
  })
  .meta({ id: 'ResetPasswordInput', description: 'A new password, with the token of an emailed reset link' });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** A confirmation with a sentence to show. */
export const MessageResponse = dataOf(
  z.object({ message: z.string().describe('A sentence to show the person') }),
  'The confirmation',
).meta({ id: 'MessageResponse', description: 'Done: a sentence to show' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Minutes a password-reset link stays valid. */
export const PASSWORD_RESET_MINUTES = 30;
