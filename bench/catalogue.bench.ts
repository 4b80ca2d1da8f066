/**
 * `npm run bench`: starts the built shop on a fresh SQLite database with the demo menu, then loads the
 * catalogue with autocannon (50 connections, 10 s each) and prints requests/s and latency figures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

async function run(title: string, url: string) {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  const line = {
    endpoint: title,
    'req/s (avg)': Math.round(result.requests.average),
    'latency p50 ms': result.latency.p50,
    'latency p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
    'MB/s': +(result.throughput.average / 1024 / 1024).toFixed(2),
  };
  return line;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  await waitForServer(`${base}/api/v1/products?limit=1`, 60_000);
  const list = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()) as { data: { id: number }[]; meta: { total: number } };
  const id = list.data[0]?.id;
  if (id === undefined) throw new Error('the demo menu is empty');
  console.log(`Coffee Shop catalogue benchmark: ${list.meta.total} products, ${connections} connections, ${duration} s per endpoint, ${os.cpus().length} CPUs, Node ${process.version}\n`);
  const rows = [];
  rows.push(await run('GET /api/v1/products', `${base}/api/v1/products`));
  rows.push(await run('GET /api/v1/products?cat=coffee', `${base}/api/v1/products?cat=coffee`));
  rows.push(await run('GET /api/v1/products?search=hazelnut%20lattee', `${base}/api/v1/products?search=hazelnut%20lattee`));
  rows.push(await run(`GET /api/v1/products/${id}`, `${base}/api/v1/products/${id}`));
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
