import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { migrateToLatest } from './db/migrate.js';
import { connectRedis } from './lib/redis.js';
import { LIMITS_UNAVAILABLE } from './plugins/rate-limit.js';
import {
  createScratchDatabase,
  startServerProcess,
  stopServerProcess,
  type ScratchDatabase,
  type ServerProcess,
} from './test/server-process.js';
import { createTestDatabase, testConfig } from './test/test-app.js';

/**
 * Two real server processes (server.ts run by tsx, each on its own port) over one PostgreSQL database and one
 * Redis: what a customer sees must not depend on which process answers. Runs once, in its own Vitest project
 * ("scale-out"); it needs TEST_DATABASE_URL and TEST_REDIS_URL, and fails in CI when they are missing.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
const skipLocally = missing.length > 0 && !process.env.CI;
if (skipLocally) {
  console.warn(`scale-out test skipped: set ${missing.join(' and ')} (e.g. postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379) to run it`);
}

const ACCOUNT_LIMIT = 3;

async function json<T>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}

interface ProductBody {
  id: number;
  name: string;
  price: number;
  sizes: unknown[];
}

const listOn = async (server: ServerProcess) =>
  json<{ data: ProductBody[] }>(await fetch(`${server.url}/api/v1/products?limit=50`));

const signIn = async (server: ServerProcess, email: string, password: string) =>
  json<{ message?: string; data?: { token: string } }>(
    await fetch(`${server.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );

describe.skipIf(skipLocally)('several server processes sharing PostgreSQL and Redis', () => {
  const runId = randomBytes(5).toString('hex');
  const keyPrefix = `coffee-shop-test-${runId}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-scale-out-'));
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let database: ScratchDatabase | undefined;

  beforeAll(async () => {
    if (missing.length > 0) {
      throw new Error(`CI must run the scale-out test: set ${missing.join(' and ')}`);
    }
    database = await createScratchDatabase(databaseUrl ?? '', 'scale_out');
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: keyPrefix,
      LOG_FORMAT: 'json',
      LOGIN_LIMIT_PER_ACCOUNT: String(ACCOUNT_LIMIT),
      LOGIN_LIMIT_PER_IP: '1000',
    };
    // A first, alone: it migrates and loads the demo menu and accounts; B finds them there.
    a = await startServerProcess('process A', { ...env, DEMO_DATA: 'true' });
    b = await startServerProcess('process B', { ...env, DEMO_DATA: 'false' });
  });

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (missing.length > 0) return;
    await database?.drop();
    const redis = new Redis(redisUrl ?? '');
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('both are ready, Redis included', async () => {
    for (const server of [a, b]) {
      const ready = await fetch(`${server?.url}/health/ready`);
      expect(ready.status).toBe(200);
    }
  });

  it('serves a price that staff changed through A from B at once', async () => {
    if (!a || !b) throw new Error('servers not started');
    const before = await listOn(b);
    // A list item carries no sizes: the product's own answer tells which has one price only.
    let product: ProductBody | undefined;
    for (const item of before.body.data) {
      const { body } = await json<{ data: ProductBody }>(await fetch(`${b.url}/api/v1/products/${item.id}`));
      if (body.data.sizes.length === 0) {
        product = item;
        break;
      }
    }
    if (!product) throw new Error('the demo menu has no single-size product');
    // B now answers the list from its cache.
    expect((await listOn(b)).body.data.find((p) => p.id === product.id)?.price).toBe(product.price);
    await fetch(`${b.url}/api/v1/products/${product.id}`);

    const staff = await signIn(a, 'staff@coffeeshop.test', 'Pour-Over-Kettle-9');
    expect(staff.status).toBe(200);
    const newPrice = product.price + 7;
    const changed = await fetch(`${a.url}/api/v1/products/${product.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.body.data?.token}` },
      body: JSON.stringify({ price: newPrice }),
    });
    expect(changed.status).toBe(200);

    const list = await listOn(b);
    expect(list.body.data.find((p) => p.id === product.id)?.price).toBe(newPrice);
    const one = await json<{ data: ProductBody }>(await fetch(`${b.url}/api/v1/products/${product.id}`));
    expect(one.body.data.price).toBe(newPrice);
  });

  it('counts failed sign-ins to one account across both processes', async () => {
    if (!a || !b) throw new Error('servers not started');
    const email = `nobody-${runId}@example.com`;
    const order = [a, b, a, b, a];
    const statuses: number[] = [];
    let refusal: string | undefined;
    for (const server of order) {
      const attempt = await signIn(server, email, 'Wrong-Password-123');
      statuses.push(attempt.status);
      if (attempt.status === 429) refusal = attempt.body.message;
    }
    // Each process alone has seen at most 3 attempts; together they have seen 5, over the limit of 3.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(refusal).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/);
  });
});

/** A TCP relay to the real Redis that the test can cut and restore, as a network failure would. */
async function redisRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(port || 6379), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${address.port}`,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(skipLocally)('a process whose Redis goes away', () => {
  it('pauses the limited routes with a 503 and a message, keeps the menu, and recovers', async () => {
    if (!redisUrl) throw new Error(`CI must run the scale-out test: set ${missing.join(' and ')}`);
    const relay = await redisRelay(redisUrl);
    const { database, dataDir, drop } = await createTestDatabase();
    const redis = await connectRedis({ url: relay.url, keyPrefix: `coffee-shop-test-${randomBytes(5).toString('hex')}:` });
    const config = testConfig(dataDir);
    const app = await buildApp({ config, database, redis });
    await migrateToLatest(database);
    const signIn = () =>
      app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { email: 'someone@example.com', password: 'Wrong-Password-1' } });
    try {
      expect((await signIn()).statusCode).toBe(401);

      relay.cut();
      const paused = await signIn();
      expect(paused.statusCode).toBe(503);
      expect(paused.json()).toEqual({ message: LIMITS_UNAVAILABLE });
      const ready = await app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: redis unreachable.' });
      expect((await app.inject('/api/v1/products')).statusCode).toBe(200);

      relay.restore();
      await expect.poll(async () => (await app.inject('/health/ready')).statusCode, { timeout: 10_000 }).toBe(200);
      expect((await signIn()).statusCode).toBe(401);
    } finally {
      await app.close();
      await redis.close();
      await relay.close();
      await drop();
    }
  });
});
