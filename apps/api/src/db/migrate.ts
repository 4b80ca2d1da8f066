import { inspect } from 'node:util';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database.js';
import { allMigrations } from './migrations/migrations.js';

/**
 * Brings the schema up to date; throws (and so stops start-up) when a migration fails. The pending migrations run in
 * one transaction on both databases (db/database.ts says SQLite can): a process stopped halfway leaves the schema as
 * it was, and the next start runs them again from there.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect === 'sqlite') return withoutSqliteForeignKeys(handle, () => runMigrations(handle));
  return runMigrations(handle);
}

/**
 * A SQLite table is changed by rebuilding it (copy, drop, rename), which foreign keys would stop halfway, and inside
 * a transaction they cannot be switched off: off around it instead (SQLite keeps one connection, so nothing else runs
 * meanwhile), every reference checked before they are on again.
 */
async function withoutSqliteForeignKeys(handle: DatabaseHandle, run: () => Promise<string[]>): Promise<string[]> {
  await sql`pragma foreign_keys = off`.execute(handle.db);
  try {
    const applied = await run();
    const { rows: broken } = await sql`pragma foreign_key_check`.execute(handle.db);
    if (broken.length > 0) throw new Error(`Migrations left ${broken.length} broken references`);
    return applied;
  } finally {
    await sql`pragma foreign_keys = on`.execute(handle.db);
  }
}

async function runMigrations(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(allMigrations(handle.dialect)) },
    // Without a schema, Kysely takes a kysely_migration table in ANY schema as its own, so a fresh PostgreSQL
    // schema (one per test file, created in parallel) was sometimes left without one: name ours explicitly.
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(handle) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : inspect(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}
