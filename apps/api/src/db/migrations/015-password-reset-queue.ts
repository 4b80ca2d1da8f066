import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * `password_reset_requests`: forgot-password requests waiting for the background worker (modules/auth). The request
 * only adds a row, the same for every email; whether the email has an account is looked at later, off the request
 * path, so neither the answer nor the next request's timing tells it.
 */
export function passwordResetQueueMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('password_reset_requests')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('password_reset_requests').execute();
    },
  };
}
