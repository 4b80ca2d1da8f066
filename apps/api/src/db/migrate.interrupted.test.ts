import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.js';
import { migrateToLatest } from './migrate.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const ORDERS = 25;
/** The statement of migration 014 after which the process is killed: orders dropped (SQLite) or its check gone. */
const PAUSE_AFTER = testDialect === 'sqlite' ? '^drop table orders$' : '^alter table orders drop constraint';

let test: TestDatabase | undefined;
afterAll(async () => {
  await test?.drop();
});

/** A shop at migration 013 with a customer's orders in it. */
async function shopBefore014(): Promise<TestDatabase> {
  const shop = await createTestDatabase({ upTo: '013-cart-store' });
  const at = '2026-11-20T03:00:00.000Z';
  await sql`insert into users (email, password_hash, role, created_at, updated_at) values ('kept@example.com', null, 'customer', ${at}, ${at})`.execute(shop.database.db);
  for (let i = 1; i <= ORDERS; i += 1) {
    await sql`insert into orders (user_id, status, payment_method, payment_status, delivery_method, scheduled_for, scheduled_at, subtotal_idr, tax_and_fees_idr, shipping_idr, total_idr, tax_rate_bp, item_count, placed_at, updated_at)
      values (1, 'paid', 'card', 'paid', 'pick-up', '2026-11-20T10:00', ${at}, ${i * 1000}, 0, 0, ${i * 1000}, 1000, 1, ${at}, ${at})`.execute(shop.database.db);
  }
  return shop;
}

/** Runs the migrations in a child process and kills it (SIGKILL: no clean-up at all) once 014 is halfway. */
function killMidway(location: TestDatabase['location']): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/api/src/test/migrate-and-pause.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', MIGRATE_DATABASE: JSON.stringify(location), PAUSE_AFTER },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the migration never reached the pause:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('paused')) child.kill('SIGKILL');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(output);
      else reject(new Error(`the migration ended on its own (${String(signal)}) instead of being killed:\n${output}`));
    });
  });
}

describe('a migration stopped halfway through rebuilding a table', () => {
  it(`leaves every order in place, and the next start completes it (${testDialect})`, async () => {
    test = await shopBefore014();
    const before = await sql<{ id: number; total_idr: number }>`select id, total_idr from orders order by id`.execute(test.database.db);
    expect(before.rows).toHaveLength(ORDERS);

    expect(await killMidway(test.location)).toContain('paused');

    // The killed process changed nothing that shows: still at 013, with the old orders table whole.
    const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(test.database.db);
    expect(applied.map((r) => r.name).at(-1)).toBe('013-cart-store');
    expect((await sql`select id, total_idr from orders order by id`.execute(test.database.db)).rows).toEqual(before.rows);

    // The next start runs 014 and the rest, and every order is still there, now open to QRIS payments.
    expect(await migrateToLatest(test.database)).toContain('014-payment-charges');
    expect((await sql`select id, total_idr from orders order by id`.execute(test.database.db)).rows).toEqual(before.rows);
    await sql`update orders set payment_method = 'qris' where id = ${before.rows[0]!.id}`.execute(test.database.db);
    await expect(sql`update orders set payment_method = 'gold-bars' where id = ${before.rows[0]!.id}`.execute(test.database.db)).rejects.toThrow();
  }, 90_000);
});
