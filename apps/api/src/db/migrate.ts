import { inspect } from 'node:util';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database.js';
import { allMigrations } from './migrations/migrations.js';

/** Brings the schema up to date; throws (and so stops start-up) when a migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
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
