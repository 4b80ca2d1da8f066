import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { Migrator } from 'kysely/migration';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../db/database.js';
import { allMigrations } from '../db/migrations/migrations.js';
import type { Dialect } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';

/** Which database this run of the suite uses: the root vitest config sets TEST_DIALECT per project. */
export const testDialect: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: DatabaseHandle;
  dataDir: string;
  /** How another process opens the same database (openDatabase's options). */
  location: OpenDatabaseOptions;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own (a temporary SQLite file, or a new PostgreSQL schema),
 * so no test file sees another's rows. `upTo` stops after that migration (a test of the ones after it).
 */
export async function createTestDatabase(options: { upTo?: string } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-test-'));
  const sqliteFile = path.join(dataDir, 'test.sqlite');
  const { database, dropSchema, location } =
    testDialect === 'postgres'
      ? await openPostgresSchema()
      : { database: openDatabase({ sqliteFile }), dropSchema: async () => {}, location: { sqliteFile } };
  if (options.upTo === undefined) await migrateToLatest(database);
  else {
    const migrations = allMigrations(database.dialect);
    const provider = { getMigrations: () => Promise.resolve(migrations) };
    // The schema named, as db/migrate.ts does: Kysely would otherwise take another test's migration table for ours.
    const schema = location.pgSchema ? { migrationTableSchema: location.pgSchema } : {};
    const { error } = await new Migrator({ db: database.db, provider, ...schema }).migrateTo(options.upTo);
    if (error) throw error instanceof Error ? error : new Error(`migrating to ${options.upTo} failed`, { cause: error });
  }
  return {
    database,
    dataDir,
    location,
    async drop() {
      await database.destroy();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty schema in the database of TEST_DATABASE_URL, and how to drop it. */
async function openPostgresSchema(): Promise<{ database: DatabaseHandle; dropSchema: () => Promise<void>; location: OpenDatabaseOptions }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    database: openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4 }),
    location: { databaseUrl: url, pgSchema: schema },
    async dropSchema() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** The shop's settings for a test over `dataDir`: quiet and without demo data, `env` over them. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...env });
}

export interface TestAppOptions {
  /** Pins the clock of the order rules (delivery hours): e.g. `() => new Date('2026-11-23T06:30:00Z')`. */
  now?: () => Date;
}

/** The whole app on a fresh database, driven through `app.inject`. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const { database, dataDir, drop } = await createTestDatabase();
  const config = testConfig(dataDir, { DEMO_ACCOUNTS: '1', PUSH_ALLOW_LOCAL_ENDPOINTS: '1', ...env });
  const app = await buildApp({ config, database, now: options.now });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * The whole app for the tests of a file (or a describe block): started before them, closed after them. The object is
 * filled in by the beforeAll it registers, so read its fields inside tests and hooks registered after this call.
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env, options));
  });
  // Nothing to close when the start failed (its error is the one to read).
  afterAll(async () => {
    if ('close' in ctx) await ctx.close();
  });
  return ctx;
}

/** A fresh database for each test of a file (or a describe block), dropped after it; read its fields inside tests and hooks. */
export function useTestDatabase(): TestDatabase {
  const testDb = {} as TestDatabase;
  beforeEach(async () => {
    Object.assign(testDb, await createTestDatabase());
  });
  afterEach(async () => {
    if ('drop' in testDb) await testDb.drop();
  });
  return testDb;
}
