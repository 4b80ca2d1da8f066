import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequest, signInOverHttp } from '../test/http-client.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../test/server-process.js';
import { testDialect } from '../test/test-app.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** `npm run backup` / `npm run restore` as an operator runs them (tsx from the sources), with the shop's environment. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', `apps/api/src/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(testDialect === 'postgres')('npm run backup and npm run restore', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-backup-'));
  const backupFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-backups-')), 'shop.sqlite');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(backupFile), { recursive: true, force: true });
  });

  it('backs up while 16 customers place orders, refuses to restore over the running shop, and restores every order acknowledged before it', async () => {
    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', REGISTER_LIMIT_PER_IP: '100' };
    // The shop's clock starts at 10:00 in Jakarta today: the dine-in orders below are placed for "now", which must be
    // within dine-in's hours (07:00-18:00) whenever the suite runs.
    const opening = new Date();
    opening.setUTCHours(3, 0, 0, 0);
    server = await startServerProcess('shop', { ...env, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test', SHOP_CLOCK: opening.toISOString() });
    const { url } = server;
    const port = new URL(url).port;
    const products = JSON.parse((await httpRequest(`${url}/api/v1/products?cat=coffee`)).body) as { data: { id: string }[] };
    const productId = Number(products.data[0]!.id);

    const customers: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const email = `backup-${i}-${randomUUID().slice(0, 8)}@example.test`;
      const registered = await httpRequest(`${url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email, password: 'Long-Enough-Passw0rd', phone: '+62 812 0000 0010' }),
      });
      expect(registered.status).toBe(201);
      customers.push(await signInOverHttp(url, email, 'Long-Enough-Passw0rd'));
    }

    // Each customer orders again and again; an order counts once its 201 has arrived (acknowledged).
    const acknowledged: { id: number; at: number }[] = [];
    const refusals: string[] = [];
    let stop = false;
    const shoppers = customers.map(async (cookie) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const headers = { cookie, origin: url, 'content-type': 'application/json' };
      while (!stop) {
        const added = await httpRequest(`${url}/api/v1/cart/items`, { method: 'POST', agent, headers, body: JSON.stringify({ productId, size: 'R', quantity: 1 }) });
        if (added.status >= 300 && refusals.length < 3) refusals.push(`cart ${added.status} ${added.body}`);
        const placed = await httpRequest(`${url}/api/v1/orders`, {
          method: 'POST',
          agent,
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in' }),
        });
        if (placed.status !== 201 && refusals.length < 3) refusals.push(`${placed.status} ${placed.body}`);
        if (placed.status === 201) acknowledged.push({ id: (JSON.parse(placed.body) as { data: { id: number } }).data.id, at: Date.now() });
      }
      agent.destroy();
    });

    // Until every customer has been answered at least once on average, all still ordering.
    for (let waited = 0; acknowledged.length < 24 && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const backupStarted = Date.now();
    const backup = await runCli('backup', ['--to', backupFile], { ...env, PORT: port });
    const backupEnded = Date.now();
    expect(backup.output).toMatch(/Backup written to/);
    expect(backup.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));

    // The shop is still running: a restore must not replace its database.
    const refused = await runCli('restore', ['--from', backupFile], { ...env, PORT: port });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Refusing to restore: a shop is running/);

    stop = true;
    await Promise.all(shoppers);
    await stopServerProcess(server);
    server = undefined;
    const before = acknowledged.filter((o) => o.at < backupStarted);
    const after = acknowledged.filter((o) => o.at > backupEnded);
    console.log('backup under load', { before: before.length, during: acknowledged.length - before.length - after.length, after: after.length, ms: backupEnded - backupStarted, refusals, output: backup.output.trim() });
    expect(before.length).toBeGreaterThanOrEqual(24);
    expect(after.length).toBeGreaterThan(0);

    const restored = await runCli('restore', ['--from', backupFile], { ...env, PORT: port });
    expect(restored.output).toMatch(/Restored/);
    expect(restored.code).toBe(0);

    const db = new SqliteDatabase(path.join(dataDir, 'coffee-shop.sqlite'), { readonly: true });
    try {
      const ids = new Set((db.prepare('select id from orders').all() as { id: number }[]).map((r) => r.id));
      // Every order acknowledged before the backup began is there; ones placed after it ended are not.
      expect(before.filter((o) => !ids.has(o.id))).toEqual([]);
      expect(after.some((o) => ids.has(o.id))).toBe(false);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("select name from sqlite_master where name like 'backup_%'").all()).toEqual([]);
    } finally {
      db.close();
    }
    // The pictures came back with it.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'images')).length).toBeGreaterThan(0);

    // And the restored shop starts and serves.
    server = await startServerProcess('restored shop', { ...env, PORT: '0', LOG_LEVEL: 'info' });
    expect((await httpRequest(`${server.url}/api/v1/products`)).status).toBe(200);
  }, 180_000);
});
