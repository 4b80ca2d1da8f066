import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderConflict } from '@coffee/contract';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { toShopLocal } from '../../lib/shop-time.js';
import { createProduct } from '../../test/factories.js';
import { insertTestUser } from '../../test/orders.js';
import { createSessionRepository } from '../auth/sessions.repository.js';
import { createSessionService } from '../auth/sessions.service.js';
import { createStoreRepository } from './stores.service.js';

/**
 * The slot cap across two real server processes over one PostgreSQL database: 50 customers order the same slot of
 * capacity 5 at once, half through each process. Runs in the "scale-out" project with TEST_DATABASE_URL.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const skip = !databaseUrl && !process.env.CI;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

interface Server {
  url: string;
  child: ChildProcess;
}

function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${output.join('')}`)), 90_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const open = /open at (http:\/\/[^\s"]+)/.exec(output.join(''));
      if (open?.[1]) {
        clearTimeout(timer);
        resolve({ url: open[1], child });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.join('')}`));
    });
  });
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(skip)('the slot cap across two server processes', () => {
  const databaseName = `slot_cap_${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-slot-cap-'));
  let a: Server | undefined;
  let b: Server | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    if (!databaseUrl) throw new Error('CI must run the scale-out tests: set TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${databaseName}`;
    const env = { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: url.toString(), DEMO_DATA: 'false', LOG_FORMAT: 'json' };
    // A first, alone: it migrates.
    a = await startServer('process A', env);
    b = await startServer('process B', env);
    database = openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!databaseUrl) return;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('places exactly 5 of 50 concurrent orders for a slot of 5, whichever process answers', async () => {
    if (!a || !b || !database) throw new Error('servers not started');
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'test' });
    // Open all day every day, so the real clock of the servers always finds tomorrow's noon slot inside the hours.
    const storeId = await createStoreRepository(db).insertStore(
      {
        name: 'Kopi Race',
        address: 'Jl. Balapan No. 5, Jakarta',
        latitude: -6.2,
        longitude: 106.8,
        phone: '',
        deliveryMethods: ['pick-up'],
        openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '23:45' })),
        deliveryHours: [],
        closedDates: [],
        slotMinutes: 15,
        capacityPerSlot: { 'pick-up': 5, 'dine-in': 5, 'door-delivery': 5 },
        leadMinutes: 0,
      },
      new Date().toISOString(),
    );
    const product = await createProduct(database, { priceIdr: 20_000 });
    const sessions = createSessionService({ sessionRepository: createSessionRepository(db), policy: config.sessions, now: () => new Date() });
    const tokens = await Promise.all(
      Array.from({ length: 50 }, async () => (await sessions.startSession((await insertTestUser(db)).id)).token),
    );
    const servers = [a, b];
    const call = (i: number, pathname: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${servers[i % 2]?.url}/api/v1${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}`, ...extra },
        body: JSON.stringify(body),
      });
    for (let i = 0; i < tokens.length; i += 1) {
      expect((await call(i, '/cart/items', { productId: product.id, quantity: 1 })).status).toBe(200);
    }

    const tomorrow = toShopLocal(new Date(Date.now() + 24 * 60 * 60_000), config.orders.shopTimeZone).text.slice(0, 10);
    const answers = await Promise.all(
      tokens.map((_, i) =>
        call(
          i,
          '/orders',
          { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: `${tomorrow}T12:00`, storeId },
          { 'idempotency-key': crypto.randomUUID() },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    const refused = (await Promise.all(answers.filter((r) => r.status === 409).map((r) => r.json()))) as PlaceOrderConflict[];
    for (const body of refused) expect(body.nextSlot?.startsAt).toBe(`${tomorrow}T12:15`);
    const placed = await db.selectFrom('orders').where('store_id', '=', storeId).select('id').execute();
    expect(placed).toHaveLength(5);
  }, 120_000);
});
