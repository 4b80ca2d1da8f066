/**
 * The two-process section of `npm run bench`: two shop processes, A and B, over one PostgreSQL database (a fresh
 * one on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards) and one Redis
 * (BENCH_REDIS_URL, default redis://127.0.0.1:6379, under a key prefix of its own whose keys are deleted afterwards).
 * Prints how soon a price changed through A shows on B, how many sign-ins one limit refuses across both, and the
 * product list's requests/s through both processes at once.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DURATION,
  apiCommand,
  createPostgresDatabase,
  load,
  machine,
  printTable,
  reserveRedisPrefix,
  root,
  startShop,
  type Figure,
  type Shop,
} from './lib.js';

const CONNECTIONS = 10;
const ACCOUNT_LIMIT = 5;
const PRICE_ROUNDS = 5;

export async function benchScaleOutSection(): Promise<Figure[]> {
  console.log(`\n== Two processes on one PostgreSQL and one Redis; ${machine()}`);
  const redis = await reserveRedisPrefix('scale-out');
  try {
    const database = await createPostgresDatabase('scale_out');
    // Both processes keep uploaded pictures in one directory, as several machines would on a shared volume.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-bench-scale-out-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.prefix,
      LOGIN_LIMIT_PER_ACCOUNT: String(ACCOUNT_LIMIT),
      LOGIN_LIMIT_PER_IP: '1000000',
    };
    const shops: Shop[] = [];
    try {
      // A loads the demo menu into the empty database alone; B then starts on it, as a second machine would.
      shops.push(await startShop({ dataDir, env: { ...env, DEMO_DATA: 'true' } }));
      shops.push(await startShop({ dataDir, env: { ...env, DEMO_DATA: 'false' } }));
      return await measure(shops[0] as Shop, shops[1] as Shop);
    } finally {
      for (const shop of shops) await shop.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await redis.clean();
  }
}

async function measure(a: Shop, b: Shop): Promise<Figure[]> {
  // Production loads no demo accounts: the staff account comes from the CLI, as an operator would make it.
  const runId = randomBytes(4).toString('hex');
  const staffEmail = `bench-staff-${runId}@example.com`;
  const staffPassword = `Slow-Drip-Kettle-${runId}`;
  const created = spawn(process.execPath, [...apiCommand('cli/user-create'), '--email', staffEmail, '--role', 'staff', '--password', staffPassword], {
    cwd: root,
    env: { ...process.env, ...a.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => created.once('exit', resolve));
  if (code !== 0) throw new Error(`user:create exited with ${String(code)}`);
  const tokenAnswer = await fetch(`${a.url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staffEmail, password: staffPassword }),
  });
  const token = ((await tokenAnswer.json()) as { data: { token: string } }).data.token;

  // Price change through A, visible on B.
  type Listed = { data: { id: number; price: number }[] };
  const listB = async () => ((await (await fetch(`${b.url}/api/v1/products?limit=50`)).json()) as Listed).data;
  // A list carries what a list shows: the sizes are on the product's own answer.
  const sizesOf = async (id: number) => ((await (await fetch(`${b.url}/api/v1/products/${id}`)).json()) as { data: { sizes: unknown[] } }).data.sizes;
  let product: Listed['data'][number] | undefined;
  for (const listed of await listB()) {
    if ((await sizesOf(listed.id)).length === 0) {
      product = listed;
      break;
    }
  }
  if (!product) throw new Error('the demo menu has no single-size product');
  const visibility: number[] = [];
  const reads: number[] = [];
  for (let round = 1; round <= PRICE_ROUNDS; round += 1) {
    await listB(); // B answers from its cache
    const price = product.price + round;
    const patched = await fetch(`${a.url}/api/v1/products/${product.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ price }),
    });
    if (!patched.ok) throw new Error(`the price change answered ${patched.status}: ${await patched.text()}`);
    const written = performance.now();
    let read = 1;
    while ((await listB()).find((p) => p.id === product.id)?.price !== price) {
      read += 1;
      if (performance.now() - written > 10_000) throw new Error('B never showed the new price');
    }
    visibility.push(performance.now() - written);
    reads.push(read);
  }

  // One sign-in limit across both: twice the limit of failed attempts, alternating A and B.
  const statuses: number[] = [];
  for (let i = 0; i < ACCOUNT_LIMIT * 2; i += 1) {
    const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `nobody-${runId}@example.com`, password: 'Wrong-Password-123' }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  const refused = statuses.filter((s) => s === 429).length;

  // The list through both processes at once, half the clients on each.
  const [onA, onB] = await Promise.all([a, b].map((shop) => load(shop.url, ['/api/v1/products'], CONNECTIONS / 2)));
  if (!onA || !onB) throw new Error('autocannon returned nothing');
  const total = onA.reqPerSec + onB.reqPerSec;

  const worst = Math.max(...visibility);
  const atOnce = reads.every((n) => n === 1);
  printTable('Two processes', [
    { check: `price changed on A, read on B (${PRICE_ROUNDS} rounds)`, result: `reads needed ${reads.join(', ')}; worst ${worst.toFixed(1)} ms after A's answer` },
    { check: `${ACCOUNT_LIMIT * 2} failed sign-ins, alternating A and B (limit ${ACCOUNT_LIMIT})`, result: `${refused} answered 429 (${statuses.join(' ')})` },
    { check: `GET /api/v1/products, ${CONNECTIONS / 2} clients on each for ${DURATION} s`, result: `A ${onA.reqPerSec} + B ${onB.reqPerSec} = ${total} req/s; p99 ${onA.p99}/${onB.p99} ms; errors ${onA.errors + onB.errors}` },
  ]);
  return [
    { section: 'scale-out', figure: 'price change on A visible on B', value: atOnce ? `at once (worst ${worst.toFixed(1)} ms)` : `after ${Math.max(...reads)} reads`, target: 'first read of B', met: atOnce },
    { section: 'scale-out', figure: `sign-ins refused of ${ACCOUNT_LIMIT * 2} across A and B`, value: String(refused), target: `${ACCOUNT_LIMIT} (one limit of ${ACCOUNT_LIMIT})`, met: refused === ACCOUNT_LIMIT },
    { section: 'scale-out', figure: 'list req/s through A and B', value: `${total} (errors ${onA.errors + onB.errors})`, target: '', met: onA.errors + onB.errors === 0 ? undefined : false },
  ];
}
