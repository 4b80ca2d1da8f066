import { z } from 'zod';
import { dataOf } from './common.js';

export const ROLES = ['customer', 'staff'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Messages read after the field name: the API answers e.g. 'email must be a valid email address'. */
export const Email = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('must be a valid email address'))
  // Addresses are compared lowercased everywhere (the users table stores them so).
  .transform((v) => v.toLowerCase());

/** A new password: 8 to 128 characters (the server also refuses the most common passwords). */
export const NewPassword = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password being checked: no policy (older accounts may predate it), only a bound on work. */
const GivenPassword = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .max(1024, 'is too long');

export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;
export const Phone = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .regex(PHONE_PATTERN, 'must be a phone number of digits, e.g. +62 812 3456 7890')
  .refine((v) => v.replace(/\D/g, '').length >= 6 && v.replace(/\D/g, '').length <= 15, {
    message: 'must have 6 to 15 digits',
  });

/** Spec section 3: register payload { email, password, phone }. */
export const RegisterInput = z.object({ email: Email, password: NewPassword, phone: Phone }).meta({ id: 'RegisterInput' });
export type RegisterInput = z.infer<typeof RegisterInput>;
export type RegisterInputRaw = z.input<typeof RegisterInput>;

/** Spec section 3: login payload { email, password }. */
export const LoginInput = z.object({ email: Email, password: GivenPassword }).meta({ id: 'LoginInput' });
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * The `@userLogin` record the web app keeps whole in localStorage (spec section 4), so it holds
 * nothing secret: the session itself travels only in the HttpOnly cookie.
 */
export const AuthUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: Role,
    displayName: z.string(),
    /** Address of the profile picture, or null. */
    photoUrl: z.string().nullable(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginResponse = dataOf(AuthUser).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * Register answers the same whether or not the email already had an account (no account enumeration);
 * the owner of an existing account is told by email instead.
 */
export const RegisterResponse = dataOf(z.object({ email: z.string(), message: z.string() })).meta({
  id: 'RegisterResponse',
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** For API clients that cannot keep cookies: the same session, as a Bearer token. */
export const TokenResponse = dataOf(
  z.object({
    token: z.string(),
    /** Latest end of the session (ISO time); it ends earlier after SESSION_IDLE_DAYS unused. */
    expiresAt: z.string(),
    user: AuthUser,
  }),
).meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** The signed-in user, or null for a visitor (so checking is never an error). */
export const SessionResponse = dataOf(AuthUser.nullable()).meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ChangePasswordInput = z
  .object({ currentPassword: GivenPassword, newPassword: NewPassword })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const ForgotPasswordInput = z.object({ email: Email }).meta({ id: 'ForgotPasswordInput' });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({
    token: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
      .min(1, 'is required')
      .max(200, 'is not a valid reset token'),
    password: NewPassword,
  })
  .meta({ id: 'ResetPasswordInput' });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** A confirmation with a sentence to show. */
export const MessageResponse = dataOf(z.object({ message: z.string() })).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Minutes a password-reset link stays valid. */
export const PASSWORD_RESET_MINUTES = 30;
