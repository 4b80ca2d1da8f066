import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderConflict } from '@coffee/contract';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { toShopLocal } from '../../lib/shop-time.js';
import { createProduct, allDayStoreInput } from '../../test/factories.js';
import { insertTestUser } from '../../test/orders.js';
import {
  createScratchDatabase,
  startServerProcess,
  stopServerProcess,
  type ScratchDatabase,
  type ServerProcess,
} from '../../test/server-process.js';
import { createSessionService } from '../auth/sessions.service.js';
import { createUserService } from '../users/users.service.js';
import { createStoreRepository } from './stores.repository.js';

/**
 * The slot cap across two real server processes over one PostgreSQL database: 50 customers order the same slot of
 * capacity 5 at once, half through each process. Runs in the "scale-out" project with TEST_DATABASE_URL.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const skip = !databaseUrl && !process.env.CI;

describe.skipIf(skip)('the slot cap across two server processes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-slot-cap-'));
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    if (!databaseUrl) throw new Error('CI must run the scale-out tests: set TEST_DATABASE_URL');
    scratch = await createScratchDatabase(databaseUrl, 'slot_cap');
    const env = { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: scratch.url, DEMO_DATA: 'false', LOG_FORMAT: 'json' };
    // A first, alone: it migrates.
    a = await startServerProcess('process A', env);
    b = await startServerProcess('process B', env);
    database = openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('places exactly 5 of 50 concurrent orders for a slot of 5, whichever process answers', async () => {
    if (!a || !b || !database) throw new Error('servers not started');
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'test' });
    // Open all day every day, so the real clock of the servers always finds tomorrow's noon slot inside the hours.
    const storeId = await createStoreRepository(db).insertStore(allDayStoreInput('Kopi Race', 'Jl. Balapan No. 5, Jakarta'), new Date().toISOString());
    const product = await createProduct(database, { priceIdr: 20_000 });
    const sessions = createSessionService({ db: db, accounts: createUserService({ db: db, uploadsDir: config.uploadsDir, now: () => new Date() }), policy: config.sessions, now: () => new Date() });
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
