import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Staff roles, invitations and the audit record.
 * - `users.staff_role`: owner, manager or barista for a staff account (null for customers). Every staff account that
 *   exists now becomes an owner: until now each could do everything, and the shop's first account is its owner.
 *   A staff account written later without a role (the `user:create` command) is read as an owner too (users module).
 * - `staff_invitations`: a link the owner mailed; only the SHA-256 of its token is kept, like password resets.
 * - `audit_records`: who changed a price, coupon, store, role or refund, when, and what.
 */
export function staffRolesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('staff_role', 'varchar(16)', (c) => c.check(sql`staff_role is null or staff_role in ('owner', 'manager', 'barista')`))
        .execute();
      await sql`update users set staff_role = 'owner' where role = 'staff'`.execute(db);
      await db.schema
        .createTable('staff_invitations')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('staff_role', 'varchar(16)', (c) => c.notNull().check(sql`staff_role in ('owner', 'manager', 'barista')`))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('accepted_at', 'varchar(32)')
        .execute();
      await db.schema
        .createTable('audit_records')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        // Kept when the account goes: the record names who by email as well.
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('action', 'varchar(300)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_records_at_idx').on('audit_records').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_records').execute();
      await db.schema.dropTable('staff_invitations').execute();
      await db.schema.alterTable('users').dropColumn('staff_role').execute();
    },
  };
}
