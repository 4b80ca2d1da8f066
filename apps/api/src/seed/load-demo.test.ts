import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createScratchDatabase, type ScratchDatabase } from '../test/server-process.js';
import { createTestDatabase, testDialect } from '../test/test-app.js';
import { loadDemo } from './load-demo.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof loadDemo>[2];

const count = async (database: DatabaseHandle, table: 'products' | 'stores' | 'promotions' | 'users' | 'orders') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]?.n);

describe('the demo loaded at every start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-demo-again-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is loaded into an empty database once; a restart adds nothing', async () => {
    const test = await createTestDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_ACCOUNTS: '1', LOG_LEVEL: 'silent' });
      await loadDemo(test.database, config, silent);
      const tables = ['products', 'stores', 'promotions', 'users', 'orders'] as const;
      const first = await Promise.all(tables.map((table) => count(test.database, table)));
      expect(first[0]).toBeGreaterThanOrEqual(38);
      await loadDemo(test.database, config, silent);
      expect(await Promise.all(tables.map((table) => count(test.database, table)))).toEqual(first);
    } finally {
      await test.drop();
    }
  });
});

// Several server processes on one empty PostgreSQL database each load the demo at start. One SQLite file belongs to
// one process, so the case exists on PostgreSQL only and is declared there only.
if (testDialect === 'postgres') {
  describe('the demo loaded by several processes starting at once on one empty PostgreSQL database', () => {
    const handles: DatabaseHandle[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-demo-race-'));
    let scratch: ScratchDatabase | undefined;

    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.destroy()));
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('loads it once: every start succeeds, no product, store, promotion or account twice', async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'coffee_demo_race');
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: scratch.url, DEMO_ACCOUNTS: '1', LOG_LEVEL: 'silent' });
      // Three "processes": each its own pool, as separate servers would have.
      for (let i = 0; i < 3; i++) handles.push(openDatabase({ databaseUrl: scratch.url, poolSize: 4 }));
      const [first] = handles as [DatabaseHandle];
      await migrateToLatest(first);

      const starts = await Promise.allSettled(handles.map((handle) => loadDemo(handle, config, silent)));
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);

      const tables = ['products', 'stores', 'promotions', 'users', 'orders'] as const;
      const once = await Promise.all(tables.map((table) => count(first, table)));
      expect(once[0]).toBeGreaterThanOrEqual(38);

      // A later start finds it all there and adds nothing.
      await loadDemo(first, config, silent);
      expect(await Promise.all(tables.map((table) => count(first, table)))).toEqual(once);
      const names = await sql<{ name: string; n: string }>`select name, count(*) as n from products group by name having count(*) > 1`.execute(first.db);
      expect(names.rows).toEqual([]);
    });
  });
}
