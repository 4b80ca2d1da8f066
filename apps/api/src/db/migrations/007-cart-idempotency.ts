import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The Idempotency-Key of each keyed cart change (add a line, merge a browser cart): a retry after a lost answer
 * finds its key and changes nothing, and the primary key keeps two racing copies from both adding.
 */
export function cartIdempotencyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cart_idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
        // SHA-256 of what was asked (which change, and its validated body): a key reused for another request is refused.
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        // The notes the first answer gave (a merge's skipped lines), as a JSON array, so a retry answers them too.
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('cart_idempotency_keys_pk', ['user_id', 'idempotency_key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cart_idempotency_keys').execute();
    },
  };
}
