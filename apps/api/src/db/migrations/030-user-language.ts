import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `users.language` (issue 32, decision 037): the language the customer's mails and push notifications are written in,
 * 'en' or 'id'. Not null with English as the default: every account made before it was mailed in English, and a mail
 * needs one language, never a guess, so there is no "unknown" to handle. Sign-up stores the one the request asks for.
 */
export function userLanguageMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'id')`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('language').execute();
    },
  };
}
