import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { AuthUser, Language, Role, StaffRole, UpdateProfileInput, UserProfile } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { removeImage, storeImage } from '../../lib/images.js';
import { assertAcceptablePassword, hashPassword } from './passwords.js';
import { createUserRepository, type UserRecord, type UserRepository } from './users.repository.js';

// What the auth module needs of accounts: the password rules, and a password change inside its own
// transactions (a password change also ends sessions and reset links, all or nothing).
export { assertAcceptablePassword, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js';
export type { UserRecord } from './users.repository.js';

export interface UserServiceDeps {
  /** The module builds its own repository over it: only this module touches the users table. */
  db: Kysely<Database>;
  /** Tests of this module: a repository of their own. */
  userRepository?: UserRepository | undefined;
  /** Where profile photos are written (the same uploads directory as product pictures). */
  uploadsDir: string;
  now: () => Date;
}

/** A customer as their orders show them. */
export interface OrderCustomer {
  email: string;
  /** null when the account has no name. */
  name: string | null;
  phone: string | null;
  /** The customer's choice in the profile: mails about their orders' steps. */
  orderEmails: boolean;
  /** The language their mails and pushes are written in. */
  language: Language;
}

export interface NewAccount {
  email: string;
  /** Checked against the password policy, then stored as an argon2id hash. */
  password: string;
  phone: string;
  role: Role;
  displayName?: string;
  /** Asked at sign-up; '' when not given. */
  firstName?: string;
  /** A staff account's role; absent: owner (the terminal's `user:create` makes the shop's first accounts). */
  staffRole?: StaffRole;
  /** The language of its mails: the one the sign-up request asked for; absent: English. */
  language?: Language;
}

/**
 * Profile photos live in their own folder of the uploads directory (served under /uploads/images/, see app.ts):
 * a product's `image` can only name a file at the top level, so staff cannot point a product at a customer's
 * photo, and no product change can delete one.
 */
export const PROFILE_PHOTO_FOLDER = 'profiles';
const photoUrlOf = (photo: string | null) => (photo ? `/uploads/images/${PROFILE_PHOTO_FOLDER}/${photo}` : null);

/** A friendly default name: the part of the email before the @. */
const defaultDisplayName = (email: string) => (email.split('@')[0] ?? '').slice(0, 50);

export function toAuthUser(user: UserRecord): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    staffRole: user.staffRole,
    displayName: user.displayName || defaultDisplayName(user.email),
    photoUrl: photoUrlOf(user.photo),
  };
}

export function toUserProfile(user: UserRecord): UserProfile {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    phone: user.phone,
    deliveryAddress: user.deliveryAddress,
    displayName: user.displayName || defaultDisplayName(user.email),
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    photoUrl: photoUrlOf(user.photo),
    orderEmails: user.orderEmails,
    language: user.language,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** Accounts and profiles. The registration rules that concern strangers live in auth.service.ts. */
export function createUserService(deps: UserServiceDeps) {
  const { now } = deps;
  const users = deps.userRepository ?? createUserRepository(deps.db);
  const photoDir = path.join(deps.uploadsDir, PROFILE_PHOTO_FOLDER);

  const loadUser = async (userId: number) => {
    const user = await users.findUserById(userId);
    // The session was valid a moment ago; the account can only be gone if it was deleted since.
    if (!user) throw notFound(/*i18n*/ 'This account no longer exists');
    return user;
  };

  return {
    findUserById: (userId: number, trx?: Transaction<Database>) => users.findUserById(userId, trx),
    findUserByEmail: (email: string, trx?: Transaction<Database>) => users.findUserByEmail(email, trx),

    /**
     * Creates an account: used by sign-up, the `user:create` command and the demo data.
     * Returns undefined when the email already has an account.
     */
    async createUserAccount(account: NewAccount, trx?: Transaction<Database>): Promise<UserRecord | undefined> {
      assertAcceptablePassword(account.password, account.email);
      const passwordHash = await hashPassword(account.password);
      return users.insertUser({
        email: account.email,
        passwordHash,
        role: account.role,
        phone: account.phone,
        displayName: account.displayName ?? '',
        firstName: account.firstName ?? '',
        staffRole: account.role === 'staff' ? (account.staffRole ?? 'owner') : null,
        ...(account.language ? { language: account.language } : {}),
        createdAt: now().toISOString(),
      }, trx);
    },

    /** Re-hashes with today's argon2 parameters after a successful sign-in (no policy: it is not a new password). */
    async upgradePasswordHash(userId: number, password: string): Promise<void> {
      await users.updateUserPasswordHash(userId, await hashPassword(password), now().toISOString());
    },

    /** A new password hash, in the caller's transaction (auth also ends the sessions and reset links in it). */
    async setPasswordHash(userId: number, passwordHash: string, trx: Transaction<Database>): Promise<void> {
      await users.updateUserPasswordHash(userId, passwordHash, now().toISOString(), trx);
    },

    /** How an order shows its customer: email, name (first and last, else the display name) and phone, per user id. */
    async customersOf(userIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, OrderCustomer>> {
      const rows = await users.findUsersByIds(userIds, trx);
      return new Map(
        rows.map((u) => [
          u.id,
          {
            email: u.email,
            name: `${u.firstName} ${u.lastName}`.trim() || u.displayName.trim() || null,
            phone: u.phone.trim() || null,
            orderEmails: u.orderEmails,
            language: u.language,
          },
        ]),
      );
    },

    /** The address saved in the profile ('' for none), for an order to Door Delivery that names none. */
    async deliveryAddressOf(userId: number, trx?: Transaction<Database>): Promise<string> {
      return (await users.findUserById(userId, trx))?.deliveryAddress ?? '';
    },

    /** Every staff account, oldest first. */
    listStaff: (trx?: Transaction<Database>): Promise<UserRecord[]> => users.listStaff(trx),

    /** A staff role, or null to make the account a customer again (the staff module checks who may). */
    setStaffRole: (userId: number, staffRole: StaffRole | null, trx?: Transaction<Database>): Promise<boolean> =>
      users.updateStaffRole(userId, staffRole, now().toISOString(), trx),

    async setUserRole(userId: number, role: Role): Promise<void> {
      await users.updateUserRole(userId, role, now().toISOString());
    },

    /**
     * The seam for sign-in providers (OpenID Connect, Google): the provider has verified that the
     * person owns `email`, so it signs into the account with that email, or a new customer account
     * without a password is made. Never call it with an email the provider did not mark verified.
     */
    async findOrCreateUserByVerifiedEmail(email: string, profile: { displayName?: string | undefined; language?: Language } = {}): Promise<UserRecord> {
      const existing = await users.findUserByEmail(email);
      if (existing) return existing;
      const created = await users.insertUser({
        email,
        passwordHash: null,
        role: 'customer',
        phone: '',
        // Only a new account takes the provider's name and the request's language; an existing one keeps its own.
        displayName: profile.displayName ?? '',
        ...(profile.language ? { language: profile.language } : {}),
        createdAt: now().toISOString(),
      });
      // Lost a race with a concurrent sign-up for the same email: that row is the account.
      const user = created ?? (await users.findUserByEmail(email));
      if (!user) throw new Error(`Could not create or find the account for ${email}`);
      return user;
    },

    async getProfile(userId: number): Promise<UserProfile> {
      return toUserProfile(await loadUser(userId));
    },

    async getAuthUser(userId: number): Promise<AuthUser> {
      return toAuthUser(await loadUser(userId));
    },

    async updateProfile(userId: number, input: UpdateProfileInput): Promise<UserProfile> {
      await loadUser(userId);
      const { email: _email, ...changes } = input;
      await users.updateUserProfile(userId, changes, now().toISOString());
      return toUserProfile(await loadUser(userId));
    },

    /**
     * Replaces the profile photo. The new file is written first and the row updated after; when the
     * update fails the new file is removed, and the old file is removed only once the row points
     * at the new one, so a failure never leaves the profile pointing at a missing picture.
     */
    async setProfilePhoto(userId: number, picture: Buffer): Promise<UserProfile> {
      const before = await loadUser(userId);
      const stored = await storeImage(picture, photoDir, 'photo');
      try {
        await users.updateUserPhoto(userId, stored.fileName, now().toISOString());
      } catch (err) {
        await removeImage(photoDir, stored.fileName);
        throw err;
      }
      await removeImage(photoDir, before.photo);
      return toUserProfile(await loadUser(userId));
    },

    async removeProfilePhoto(userId: number): Promise<UserProfile> {
      const before = await loadUser(userId);
      if (before.photo) {
        await users.updateUserPhoto(userId, null, now().toISOString());
        await removeImage(photoDir, before.photo);
      }
      return toUserProfile(await loadUser(userId));
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
