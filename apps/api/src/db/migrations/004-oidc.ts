import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Sign-in provider identities (OpenID Connect, "Login with Google"). An account is found by the
 * provider's stable subject (`issuer` + `sub`), not by email, once linked: a person whose email
 * changes at the provider keeps their account, and a recycled address cannot take over someone else's.
 */
export function oidcMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_identities')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('issuer', 'varchar(255)', (c) => c.notNull())
        // OIDC caps `sub` at 255 ASCII characters.
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        // The provider's email at the last sign-in, for support; never used to find the account again.
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_identities_issuer_subject_uq')
        .on('user_identities')
        .columns(['issuer', 'subject'])
        .unique()
        .execute();
      await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_identities').execute();
    },
  };
}
