import { z } from 'zod';
import { Phone, Role } from './auth.js';
import { dataOf } from './common.js';

export const GENDERS = ['male', 'female'] as const;
export const Gender = z.enum(GENDERS, { error: () => `must be one of: ${GENDERS.join(', ')} (or null)` });
export type Gender = z.infer<typeof Gender>;

export const NAME_MAX_LENGTH = 50;
export const ADDRESS_MAX_LENGTH = 300;

/** The profile screen (spec section 2, Profile): contacts and details. */
export const UserProfile = z
  .object({
    id: z.number().int(),
    /** The sign-in name; read-only here (see docs/decisions on account emails). */
    email: z.string(),
    role: Role,
    /** Mobile number. */
    phone: z.string(),
    deliveryAddress: z.string(),
    displayName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** ISO date YYYY-MM-DD (the web app shows DD/MM/YY), or null. */
    dateOfBirth: z.string().nullable(),
    gender: Gender.nullable(),
    photoUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfile>;

/** Control characters other than a line break (an address may span lines). */
const isControlCharacter = (ch: string) => {
  const code = ch.charCodeAt(0);
  return (code < 0x20 && code !== 0x0a) || code === 0x7f;
};

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    // Control characters have no place in a name or address and break mail headers and logs.
    .refine((v) => ![...v].some(isControlCharacter), { message: 'must not contain control characters' });

/** YYYY-MM-DD that is a real calendar day, not in the future, not before 1900. */
export const DateOfBirth = z
  .string({ error: 'must be a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: 'must be a real calendar date' },
  )
  .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), {
    message: 'must be between 1900-01-01 and today',
  });

/** Every field optional: only what is sent changes. `null` clears date of birth and gender. */
export const UpdateProfileInput = z
  .object({
    displayName: text(NAME_MAX_LENGTH).optional(),
    firstName: text(NAME_MAX_LENGTH).optional(),
    lastName: text(NAME_MAX_LENGTH).optional(),
    phone: Phone.optional(),
    deliveryAddress: text(ADDRESS_MAX_LENGTH).optional(),
    dateOfBirth: DateOfBirth.nullable().optional(),
    gender: Gender.nullable().optional(),
    /**
     * Refused: the email is the sign-in name and where reset links go. Changing it safely needs a
     * confirmation mail to the new address, which we do not have yet.
     */
    email: z.never({ error: 'cannot be changed: it is the name you sign in with' }).optional(),
  })
  .meta({ id: 'UpdateProfileInput' });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const UserProfileResponse = dataOf(UserProfile).meta({ id: 'UserProfileResponse' });
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;

/** Picture rules shared by product pictures and profile photos (apps/api/src/lib/images.ts). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
