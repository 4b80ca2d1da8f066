import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * `setup_links`: the one-time links that create the shop's first staff account (modules/users/first-owner.*). Only a
 * hash of each token is kept, so the database alone opens nothing. A link is used once; using one ends them all.
 */
export function setupLinksMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('setup_links')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('setup_links').execute();
    },
  };
}
