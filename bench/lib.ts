/**
 * What every bench section shares: starting the shop (the build, or its TypeScript with BENCH_FROM_SOURCE=1), a
 * database of its own on the local PostgreSQL, an autocannon run, a bare server answering the same bytes, and the
 * tables and figures the sections print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
/** Seconds per autocannon case: short, so the whole bench runs in a few minutes. */
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const fromSource = Boolean(process.env.BENCH_FROM_SOURCE);

/** A section that cannot run here (no PostgreSQL, no Chromium): printed as "skipped: <message>", never fatal. */
export class Skipped extends Error {}

/** One figure of the final summary; `met` undefined: shown without a target. */
export interface Figure {
  section: string;
  figure: string;
  value: string;
  target: string;
  met?: boolean | undefined;
}

/** A command line running one of the API's entry points (server.js, cli/user-create.js). */
export function apiCommand(entry: string, source = fromSource): string[] {
  if (source) return ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/api/src', `${entry}.ts`)];
  const built = path.join(root, 'apps/api/dist', `${entry}.js`);
  // Without a build the shop would exit at once and the whole run stop on it: the section says why instead.
  if (!fs.existsSync(built)) throw new Skipped(`no build of the API (${path.relative(root, built)}): run \`npm run build\` first, or set BENCH_FROM_SOURCE=1`);
  return [built];
}

/** The node flags `npm start` runs the shop with (package.json's start script): the bench runs it the same way. */
export const SHIPPED_NODE_FLAGS: readonly string[] = (
  (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
)
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitForServer(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the shop did not answer ${url} within ${timeoutMs} ms`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface Shop {
  url: string;
  child: ChildProcess;
  /** The environment it runs with, for a CLI that must reach the same database. */
  env: Record<string, string>;
  /** Its resident memory now, in MB (Linux: /proc; elsewhere NaN). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** The resident set size of a process in MB, from /proc (Linux); NaN where that cannot be read. */
export function rssMbOf(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/**
 * The shop in its own process as `npm start` runs it: production settings and the shipped logging (a line per
 * request at the default level, written to a log file in its data directory as a process manager would keep it),
 * on a fresh DATA_DIR (SQLite unless `env` names a DATABASE_URL), with the demo menu unless DEMO_DATA=false. The
 * data directory goes when it stops, unless given.
 */
export async function startShop(
  options: { env?: Record<string, string>; dataDir?: string; fromSource?: boolean } = {},
): Promise<Shop> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-bench-'));
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SHUTDOWN_GRACE_SECONDS: '0',
    ...options.env,
  };
  // LOG_LEVEL and LOG_FORMAT as shipped (the bench's own environment must not change them either).
  const inherited = { ...process.env };
  delete inherited.LOG_LEVEL;
  delete inherited.LOG_FORMAT;
  const log = fs.openSync(path.join(dataDir, `shop-${port}.log`), 'a');
  const child = spawn(process.execPath, [...SHIPPED_NODE_FLAGS, ...apiCommand('server', options.fromSource)], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${url}/api/v1/products?limit=1`, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, env, rssMb: () => rssMbOf(child.pid), stop };
}

/** A database of its own on the local PostgreSQL, dropped afterwards; Skipped when PostgreSQL cannot be reached. */
export async function createPostgresDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => undefined);
    throw new Skipped(`PostgreSQL at ${hidePassword(POSTGRES_URL)} cannot be reached (${(err as Error).message}); set BENCH_DATABASE_URL`);
  }
  const name = `bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A key prefix of its own on the local Redis, its keys deleted afterwards; Skipped when Redis cannot be reached. */
export async function reserveRedisPrefix(label: string): Promise<{ url: string; prefix: string; clean(): Promise<void> }> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Skipped(`Redis at ${hidePassword(REDIS_URL)} cannot be reached (${(err as Error).message}); set BENCH_REDIS_URL`);
  }
  const prefix = `coffee-bench-${label}-${randomBytes(4).toString('hex')}:`;
  return {
    url: REDIS_URL,
    prefix,
    async clean() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}

const hidePassword = (url: string) => url.replace(/(\/\/[^:/@\s]*:)[^@/\s]*@/, '$1***@');

export interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * `connections` clients for DURATION seconds over `paths` in turn (one path: the same request again and again), or,
 * with `once`, each path asked exactly once (never-seen URLs stay never-seen).
 */
export async function load(
  base: string,
  paths: readonly string[],
  connections = 10,
  options: { once?: boolean; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.once ? { amount: paths.length } : { duration: options.seconds ?? DURATION }),
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length];
          return request;
        },
      },
    ],
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** One answer as the shop sent it: its headers (those a server sets itself left out) and its body. */
export interface Answer {
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers every HTTP server writes for itself, per connection or per moment: the bare server writes its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Fetches `url` as autocannon asks for it (no Accept-Encoding) and keeps the bytes as they came over the wire with
 * their headers: what the bare server must send to answer the same bytes. (fetch() decoded a compressed body but
 * kept its `content-encoding`, so the bare server sent plain bytes labelled gzip.)
 */
export function fetchAnswer(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined && !PER_CONNECTION.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A staff account made with the CLI (as an operator would: production loads no demo accounts) and its bearer token. */
export async function staffToken(shop: Shop): Promise<string> {
  const runId = randomBytes(4).toString('hex');
  const email = `bench-staff-${runId}@example.com`;
  const password = `Slow-Drip-Kettle-${runId}`;
  const created = spawn(process.execPath, [...apiCommand('cli/user-create'), '--email', email, '--role', 'staff', '--password', password], {
    cwd: root,
    env: { ...process.env, ...shop.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => created.once('exit', resolve));
  if (code !== 0) throw new Error(`user:create exited with ${String(code)}`);
  const answer = await fetch(`${shop.url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`the staff token answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/**
 * A bare node:http server in its own process, answering each path with the bytes the shop sent for it: the same
 * headers (security headers, ETag, caching) and the same body, so the ratio is what Fastify and the shop's own work
 * cost, not the size of the answer.
 */
export async function startBareServer(answers: ReadonlyMap<string, Answer>): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-bench-bare-'));
  const file = path.join(dir, 'answers.json');
  fs.writeFileSync(
    file,
    JSON.stringify(Object.fromEntries([...answers].map(([p, { headers, body }]) => [p, { headers, body: body.toString('base64') }]))),
  );
  const port = await freePort();
  const code = `
    import http from 'node:http';
    import fs from 'node:fs';
    const answers = new Map(Object.entries(JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'))).map(([p, a]) => {
      const body = Buffer.from(a.body, 'base64');
      return [p, { headers: { ...a.headers, 'content-length': body.length }, body }];
    }));
    http.createServer((req, res) => {
      const answer = answers.get(req.url);
      if (!answer) { res.writeHead(404).end(); return; }
      res.writeHead(200, answer.headers).end(answer.body);
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const machine = () => `${os.cpus().length} CPUs (load ${os.loadavg()[0]?.toFixed(1)}), Node ${process.version}`;

/** A compact table: one header line, numbers right-aligned, no index column. */
export function printTable(title: string, rows: readonly Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '');
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (values: string[], numeric: boolean[]) =>
    '  ' + values.map((v, i) => (numeric[i] ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(line(columns, columns.map(() => false)));
  for (const row of rows) console.log(line(columns.map((c) => cell(row, c)), columns.map((c) => typeof row[c] === 'number')));
}

export const ratio = (a: number, b: number) => +(a / Math.max(1, b)).toFixed(2);
