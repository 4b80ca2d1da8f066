import type { Language, Role, StaffRole } from '@coffee/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UserTable } from '../../db/schema.js';

export type Gender = NonNullable<UserTable['gender']>;

/** A user as the app sees it (camelCase); `passwordHash` never leaves the services. */
export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string | null;
  role: Role;
  /** A staff account's role (an account made staff without one is an owner); null for a customer. */
  staffRole: StaffRole | null;
  phone: string;
  displayName: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  deliveryAddress: string;
  photo: string | null;
  /** Mails about an order's steps (ready, on its way, cancelled by the shop). */
  orderEmails: boolean;
  /** The language of the mails and pushes the account gets. */
  language: Language;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  role: Role;
  phone: string;
  displayName: string;
  firstName?: string;
  staffRole?: StaffRole | null;
  /** Absent: English. */
  language?: Language;
  createdAt: string;
}

export interface ProfileChanges {
  displayName?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  deliveryAddress?: string;
  dateOfBirth?: string | null;
  gender?: Gender | null;
  orderEmails?: boolean;
  language?: Language;
}

const toRecord = (row: Selectable<UserTable>): UserRecord => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  role: row.role,
  staffRole: row.role === 'staff' ? (row.staff_role ?? 'owner') : null,
  phone: row.phone,
  displayName: row.display_name,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.birth_date,
  gender: row.gender,
  deliveryAddress: row.delivery_address,
  photo: row.photo,
  orderEmails: Number(row.order_emails) === 1,
  language: row.language,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** SQL for the users table. Every function takes an optional open transaction last, to take part in it. */
export function createUserRepository(db: Kysely<Database>) {
  return {
    async findUserById(id: number, trx?: Transaction<Database>): Promise<UserRecord | undefined> {
      const row = await (trx ?? db).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findUsersByIds(ids: readonly number[], trx?: Transaction<Database>): Promise<UserRecord[]> {
      if (ids.length === 0) return [];
      const rows = await (trx ?? db).selectFrom('users').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      return rows.map(toRecord);
    },

    async findUserByEmail(email: string, trx?: Transaction<Database>): Promise<UserRecord | undefined> {
      const row = await (trx ?? db).selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
      return row && toRecord(row);
    },

    /** Inserts the user, or returns undefined when the email is taken (no exception, no race). */
    async insertUser(user: NewUser, trx?: Transaction<Database>): Promise<UserRecord | undefined> {
      const row = await (trx ?? db)
        .insertInto('users')
        .values({
          email: user.email.toLowerCase(),
          password_hash: user.passwordHash,
          role: user.role,
          phone: user.phone,
          display_name: user.displayName,
          first_name: user.firstName ?? '',
          staff_role: user.staffRole ?? null,
          last_name: '',
          birth_date: null,
          gender: null,
          delivery_address: '',
          photo: null,
          language: user.language ?? 'en',
          created_at: user.createdAt,
          updated_at: user.createdAt,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async updateUserProfile(id: number, changes: ProfileChanges, updatedAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .updateTable('users')
        .set({
          ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
          ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
          ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
          ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
          ...(changes.deliveryAddress !== undefined ? { delivery_address: changes.deliveryAddress } : {}),
          ...(changes.dateOfBirth !== undefined ? { birth_date: changes.dateOfBirth } : {}),
          ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
          ...(changes.orderEmails !== undefined ? { order_emails: changes.orderEmails ? 1 : 0 } : {}),
          ...(changes.language !== undefined ? { language: changes.language } : {}),
          updated_at: updatedAt,
        })
        .where('id', '=', id)
        .execute();
    },

    async updateUserPasswordHash(id: number, passwordHash: string, updatedAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
    },

    async updateUserRole(id: number, role: Role, updatedAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).updateTable('users').set({ role, updated_at: updatedAt }).where('id', '=', id).execute();
    },

    /** Makes the account staff with `staffRole`, or a customer again with null (compare-and-set on its role). */
    async updateStaffRole(id: number, staffRole: StaffRole | null, updatedAt: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('users')
        .set({ role: staffRole ? 'staff' : 'customer', staff_role: staffRole, updated_at: updatedAt })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async listStaff(trx?: Transaction<Database>): Promise<UserRecord[]> {
      const rows = await (trx ?? db).selectFrom('users').selectAll().where('role', '=', 'staff').orderBy('id', 'asc').execute();
      return rows.map(toRecord);
    },

    async updateUserPhoto(id: number, photo: string | null, updatedAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).updateTable('users').set({ photo, updated_at: updatedAt }).where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
