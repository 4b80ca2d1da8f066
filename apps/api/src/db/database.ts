import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';
import type pgModule from 'pg';
import type { Dialect } from './dialect.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Human-readable location for logs (file path or host/database, never a password). */
  location: string;
  /** Connections now (GET /metrics): SQLite has one, always there. */
  poolState(): { total: number; idle: number; waiting: number; max: number };
  destroy(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL when set; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file path (`:memory:` allowed in tests). */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests use one schema per test file). */
  pgSchema?: string;
  poolSize?: number;
}

let pgLoaded: typeof pgModule | undefined;

/**
 * SQLite does run schema changes inside a transaction; Kysely's adapter just says it does not, so its migrator would
 * run each migration bare and a crash halfway through a table rebuild would leave the table gone. Said truly here,
 * the migrator wraps the pending migrations in one transaction on SQLite as it does on PostgreSQL (db/migrate.ts).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ShopSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** node-postgres, loaded (synchronously: it is CommonJS) by the first PostgreSQL database: a SQLite shop never needs it. */
function loadPg(): typeof pgModule {
  if (!pgLoaded) {
    pgLoaded = createRequire(import.meta.url)('pg') as typeof pgModule;
    // COUNT(*) and other int8 results arrive as strings from node-postgres; our counts fit in a JS number.
    pgLoaded.types.setTypeParser(pgLoaded.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  }
  return pgLoaded;
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: `postgres://${url.host}${url.pathname}${options.pgSchema ? ` (schema ${options.pgSchema})` : ''}`,
      poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize ?? 10 }),
      destroy: async function destroy(this: DatabaseHandle) {
        await this.db.destroy();
      },
    };
  }

  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // Durability first: WAL for concurrent readers, FULL sync so a committed order survives a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new ShopSqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    location: file,
    // One synchronous connection: a query holds it only while it runs, so between scrapes it reads as idle.
    poolState: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    destroy: async function destroy(this: DatabaseHandle) {
      await this.db.destroy();
    },
  };
}
