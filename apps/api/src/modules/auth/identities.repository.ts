import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A provider account linked to one of our users. */
export interface IdentityRecord {
  id: number;
  userId: number;
  issuer: string;
  subject: string;
  email: string;
  createdAt: string;
  lastLoginAt: string;
}

export interface NewIdentity {
  userId: number;
  issuer: string;
  subject: string;
  email: string;
  createdAt: string;
}

/** SQL for user_identities (OpenID Connect sign-ins). Every function takes an optional open transaction last. */
export function createIdentityRepository(db: Kysely<Database>) {
  return {
    async findIdentity(issuer: string, subject: string, trx?: Transaction<Database>): Promise<IdentityRecord | undefined> {
      const row = await (trx ?? db)
        .selectFrom('user_identities')
        .select([
          'id',
          'user_id as userId',
          'issuer',
          'subject',
          'email',
          'created_at as createdAt',
          'last_login_at as lastLoginAt',
        ])
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row;
    },

    /** Links the identity; false when (issuer, subject) is already linked (a concurrent first sign-in). */
    async insertIdentity(identity: NewIdentity, trx?: Transaction<Database>): Promise<boolean> {
      const row = await (trx ?? db)
        .insertInto('user_identities')
        .values({
          user_id: identity.userId,
          issuer: identity.issuer,
          subject: identity.subject,
          email: identity.email,
          created_at: identity.createdAt,
          last_login_at: identity.createdAt,
        })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async touchIdentity(id: number, email: string, lastLoginAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).updateTable('user_identities').set({ email, last_login_at: lastLoginAt }).where('id', '=', id).execute();
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
