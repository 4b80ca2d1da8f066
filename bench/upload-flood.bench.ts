/**
 * `npm run bench:upload-flood`: how much a flood of profile-photo uploads slows the catalogue. Starts the shop (through
 * tsx, on a fresh SQLite database with the demo menu), signs up a few customers, and measures GET /api/v1/products
 * with autocannon alone, then while those customers keep uploading 24-megapixel PNGs (70 kB each, as costly to
 * decode as any photo we take). Four servers: the shipped settings; then the per-account limit lifted (an attacker
 * with many accounts), so only the decode queue protects, with 1 and 2 decodes at once, and with 16 (about as
 * before the queue: sharp then runs as many as libuv's 4 threads allow). Prints p50/p99 latency, requests/s, upload
 * answers and the server's peak memory. Figures, not assertions: on a shared machine they move from run to run.
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { encodePng } from '../apps/api/src/test/png.js';
import { startShop } from './lib.js';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const uploaders = Number(process.env.BENCH_UPLOADERS ?? 8);
const ACCOUNTS = 4;

/** A flat 24-megapixel RGB PNG: 70 kB to send, 72 MB of pixels to decode. */
const WIDTH = 4800;
const HEIGHT = 5000;
const picture = encodePng(
  { width: WIDTH, height: HEIGHT, bitDepth: 8, colourType: 'rgb', rows: Buffer.alloc((1 + WIDTH * 3) * HEIGHT) },
  { level: 9 },
);

/** A new customer account, signed in: its session cookie. */
async function signUp(url: string, n: number): Promise<string> {
  const email = `flood-${n}-${Date.now()}@example.test`;
  const password = `Tamarind-Lantern-Ferry-${n}`;
  const register = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, phone: '+62 812 0000 0009' }),
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = /coffee_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`login answered ${login.status} without a session`);
  return cookie;
}

/** The server's resident memory in MB, from /proc (Linux); undefined elsewhere. */
function rssMb(pid: number | undefined): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function measureCatalogue(url: string) {
  const result = await autocannon({ url: `${url}/api/v1/products`, connections, duration, pipelining: 1 });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
  };
}

/** GET /products alone, then during a flood of photo uploads by ACCOUNTS customers through `uploaders` connections. */
async function scenario(name: string, env: Record<string, string>) {
  // Through tsx (the same code the build compiles), so this bench needs no build of its own.
  const server = await startShop({ fromSource: true, env: { REGISTER_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_IP: '1000', ...env } });
  try {
    const cookies = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => signUp(server.url, i)));
    // Warm the catalogue (its cache) and sharp, so neither first use is counted.
    await autocannon({ url: `${server.url}/api/v1/products`, connections: 5, duration: 2 });
    const alone = await measureCatalogue(server.url);
    const idleRss = rssMb(server.child.pid);

    let flooding = true;
    let peakRss = idleRss ?? 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.child.pid) ?? 0);
    }, 100);
    const answers = new Map<number, number>();
    const flood = Array.from({ length: uploaders }, async (_, i) => {
      const cookie = cookies[i % cookies.length] ?? '';
      while (flooding) {
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'flood.png');
        const res = await fetch(`${server.url}/api/v1/users/me/photo`, { method: 'PUT', headers: { cookie }, body: form });
        await res.arrayBuffer();
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
      }
    });
    const during = await measureCatalogue(server.url);
    flooding = false;
    await Promise.all(flood);
    clearInterval(sampler);

    const uploads = [...answers.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${n}x${status}`).join(' ');
    return [
      { scenario: name, catalogue: 'alone', ...alone, uploads: '', 'server MB': idleRss ?? '-' },
      { scenario: name, catalogue: 'during flood', ...during, uploads, 'server MB': idleRss === undefined ? '-' : `peak ${peakRss}` },
    ];
  } finally {
    await server.stop();
  }
}

console.log(
  `Catalogue during an upload flood: ${connections} connections on GET /api/v1/products for ${duration} s, ` +
    `${uploaders} uploaders over ${ACCOUNTS} accounts sending ${WIDTH}x${HEIGHT} PNGs of ${Math.round(picture.length / 1024)} kB; ` +
    `${os.cpus().length} CPUs, Node ${process.version}\n`,
);
const rows = [
  ...(await scenario(`shipped (10 photos/account, ${os.availableParallelism() <= 2 ? 1 : 2} decode(s))`, {})),
  ...(await scenario('no account limit, 1 decode', { PHOTO_UPLOAD_LIMIT_PER_ACCOUNT: '1000000', IMAGE_DECODE_CONCURRENCY: '1' })),
  ...(await scenario('no account limit, 2 decodes', { PHOTO_UPLOAD_LIMIT_PER_ACCOUNT: '1000000', IMAGE_DECODE_CONCURRENCY: '2' })),
  ...(await scenario('no account limit, 16 decodes', { PHOTO_UPLOAD_LIMIT_PER_ACCOUNT: '1000000', IMAGE_DECODE_CONCURRENCY: '16' })),
];
console.table(rows);
