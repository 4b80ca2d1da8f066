import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Accounts: users, their sessions and password-reset tokens.
 * Session and reset tokens are stored only as SHA-256 hashes, so a leaked database (or backup)
 * cannot be replayed to sign in as anyone.
 */
export function accountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', idColumn(dialect))
        // Stored lowercased by the repository, so the unique index makes it unique case-insensitively.
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        // Null for accounts created by a sign-in provider (OpenID Connect) that never set a password.
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('display_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('first_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('birth_date', 'varchar(10)')
        .addColumn('gender', 'varchar(8)')
        .addColumn('delivery_address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('photo', 'varchar(100)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('users_role_check', sql`role in ('customer', 'staff')`)
        .addCheckConstraint('users_gender_check', sql`gender is null or gender in ('male', 'female')`)
        .addCheckConstraint('users_email_lower_check', sql`email = lower(email)`)
        .execute();
      await db.schema.createIndex('users_email_uq').on('users').column('email').unique().execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_token_hash_uq').on('sessions').column('token_hash').unique().execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_hash_uq')
        .on('password_reset_tokens')
        .column('token_hash')
        .unique()
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('password_reset_tokens').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
