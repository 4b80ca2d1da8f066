/**
 * The stream flood of issue 19 as an operator would see it: the shop as `npm start` runs it (SQLite, shipped
 * logging), the catalogue measured idle with autocannon, then again while another process makes 2,000 live-stream
 * attempts (GET /api/v1/orders/events) from one signed-in account and then 2,000 from one address (five accounts),
 * keeping the accepted ones open. Prints the catalogue's p99 beside idle and beside the same flood sent to a bare
 * server (what sharing the machine's cores with the attacker costs by itself), the 429s and how fast the attacker got
 * them (the shop paces refusals per address, STREAM_REFUSALS_PER_SECOND), the shop's memory before, during and after,
 * and its CPU time per refused attempt.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { machine, printTable, ratio, startBareServer, startShop, stopChild, type Figure, type Shop } from './lib.js';

const ATTEMPTS = 2_000;
/** Attempts of the last phase, which only measures the shop's CPU per refusal (paced, so a phase lasts a while). */
const CPU_ATTEMPTS = 500;
/** Stream attempts in flight at once from the attacking process. */
const ATTACK_CONCURRENCY = 50;
const CATALOGUE_CONNECTIONS = 10;
/** Seconds of idle catalogue load. */
const IDLE_SECONDS = 5;

/** User plus system CPU time a process has used, in ms (Linux /proc; NaN elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Varied catalogue addresses, as browsing visitors ask for them (pages, categories, searches, one product). */
function cataloguePaths(productIds: number[]): string[] {
  const paths: string[] = [];
  for (let page = 1; page <= 3; page += 1) paths.push(`/api/v1/products?page=${page}&limit=12`);
  for (const search of ['latte', 'kopi', 'tea', 'croissant', 'gula aren', 'cold brew']) {
    paths.push(`/api/v1/products?search=${encodeURIComponent(search)}&limit=12`);
  }
  for (const id of productIds.slice(0, 12)) paths.push(`/api/v1/products/${id}`);
  return paths;
}

interface Latency {
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/** Autocannon over `paths` until `until` settles (or for `seconds`), one path after another. */
async function catalogueLoad(base: string, paths: readonly string[], until: Promise<unknown> | number): Promise<Latency> {
  let next = 0;
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: CATALOGUE_CONNECTIONS,
        duration: typeof until === 'number' ? until : 600,
        requests: [
          {
            setupRequest: (request) => {
              request.path = paths[next++ % paths.length];
              return request;
            },
          },
        ],
      },
      (err, finished) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(finished)),
    );
    if (typeof until !== 'number') void until.finally(() => instance?.stop());
  });
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, errors: result.errors + result.non2xx };
}

/**
 * The attacker, in a process of its own so its work does not slow the catalogue's client: `count` attempts,
 * `concurrency` at a time, each on a connection of its own, with the tokens in turn; the accepted ones stay open
 * until the process ends. Prints one JSON line when done.
 */
const ATTACKER = `
import http from 'node:http';
const [url, tokensJson, count, concurrency] = process.argv.slice(1);
const tokens = JSON.parse(tokensJson);
const statuses = {};
const open = [];
let next = 0;
let failed = 0;
const started = performance.now();
const one = (i) => new Promise((resolve) => {
  const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream', authorization: 'Bearer ' + tokens[i % tokens.length] } }, (response) => {
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    if (response.statusCode === 200) { open.push(request); resolve(); return; }
    response.resume();
    response.on('end', resolve);
  });
  request.on('error', () => { failed += 1; resolve(); });
});
await Promise.all(Array.from({ length: Number(concurrency) }, async () => { while (next < Number(count)) await one(next++); }));
console.log(JSON.stringify({ statuses, failed, open: open.length, seconds: (performance.now() - started) / 1000 }));
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

interface AttackResult {
  statuses: Record<string, number>;
  failed: number;
  open: number;
  seconds: number;
}

function startAttack(url: string, tokens: string[], attempts = ATTEMPTS) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', ATTACKER, url, JSON.stringify(tokens), String(attempts), String(ATTACK_CONCURRENCY)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const done = new Promise<AttackResult>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.trim()) as AttackResult);
    });
    child.once('exit', (code) => reject(new Error(`the attacking process exited with ${String(code)}`)));
  });
  return { child, done };
}

async function account(shop: Shop): Promise<string> {
  const email = `bench-streams-${randomBytes(5).toString('hex')}@example.com`;
  const password = `Long-Black-Pour-${randomBytes(3).toString('hex')}`;
  const registered = await fetch(`${shop.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({ email, password, phone: '+62 812 0000 0009' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const answer = await fetch(`${shop.url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`the token answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

export async function benchStreamsSection(): Promise<Figure[]> {
  console.log(`\n== ${ATTEMPTS} live-stream attempts from one account, then from one address; ${machine()}`);
  // startShop leaves REDIS_URL empty: the caps as one process counts them, in memory. Sharing them between processes
  // through Redis is stream-caps.test.ts's to show (TEST_REDIS_URL), not a flood's.
  console.log('  one process, stream caps counted in memory (no Redis needed)');
  // The default caps (5 per account, 20 per address); sign-ups for the six accounts are allowed from one address.
  const shop = await startShop({ env: { REGISTER_LIMIT_PER_IP: '100', LOGIN_LIMIT_PER_IP: '100' } });
  const attackers: ReturnType<typeof startAttack>[] = [];
  try {
    const list = (await (await fetch(`${shop.url}/api/v1/products?limit=50`)).json()) as { data: { id: number }[] };
    const paths = cataloguePaths(list.data.map((p) => p.id));
    const one = await account(shop);
    const five = await Promise.all(Array.from({ length: 5 }, () => account(shop)));

    // Warm-up (caches, JIT), then idle.
    await catalogueLoad(shop.url, paths, 2);
    const rssBefore = shop.rssMb();
    const idle = await catalogueLoad(shop.url, paths, IDLE_SECONDS);

    // The control: the same flood from the same kind of process at a bare server on this machine, while the
    // catalogue is measured on the shop. What the catalogue loses then is the machine's sharing of its cores with
    // the attacker, not the shop's work; the flood at the shop is judged beside it.
    const bare = await startBareServer(new Map());
    let control: Latency;
    try {
      const atBare = startAttack(`${bare.url}/api/v1/orders/events`, [one]);
      attackers.push(atBare);
      control = await catalogueLoad(shop.url, paths, atBare.done);
      await atBare.done;
    } finally {
      await bare.stop();
    }

    const streamUrl = `${shop.url}/api/v1/orders/events`;
    const refused = (r: AttackResult) => r.statuses['429'] ?? 0;
    const accepted = (r: AttackResult) => r.statuses['200'] ?? 0;
    const byUser = startAttack(streamUrl, [one]);
    attackers.push(byUser);
    const duringUser = await catalogueLoad(shop.url, paths, byUser.done);
    const userResult = await byUser.done;
    const byAddress = startAttack(streamUrl, five);
    attackers.push(byAddress);
    const duringAddress = await catalogueLoad(shop.url, paths, byAddress.done);
    const addressResult = await byAddress.done;
    const rssDuring = shop.rssMb();
    // The accepted streams stay open: the same catalogue load again, with them held.
    const held = await catalogueLoad(shop.url, paths, IDLE_SECONDS);
    // What one refused attempt costs the shop, in CPU time (a figure a busy machine moves less than latency):
    // 500 more attempts from the account, nothing else running.
    const cpuBefore = cpuMsOf(shop.child.pid);
    const again = startAttack(streamUrl, [one], CPU_ATTEMPTS);
    attackers.push(again);
    const againResult = await again.done;
    const cpuPerRefusal = (cpuMsOf(shop.child.pid) - cpuBefore) / Math.max(1, refused(againResult));
    for (const attacker of attackers) attacker.child.stdin?.end();
    await Promise.all(attackers.map((a) => new Promise((resolve) => a.child.once('exit', resolve))));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rssAfter = shop.rssMb();

    printTable('Catalogue (autocannon, 10 connections, varied URLs) while another process floods the live stream', [
      { phase: 'idle', 'p50 ms': idle.p50, 'p99 ms': idle.p99, 'p99 / idle': 1, requests: idle.requests, errors: idle.errors, attack: '' },
      {
        phase: 'flood at a bare server',
        'p50 ms': control.p50,
        'p99 ms': control.p99,
        'p99 / idle': ratio(control.p99, idle.p99),
        requests: control.requests,
        errors: control.errors,
        attack: 'the same 2,000 attempts, at another server',
      },
      {
        phase: 'one account',
        'p50 ms': duringUser.p50,
        'p99 ms': duringUser.p99,
        'p99 / idle': ratio(duringUser.p99, idle.p99),
        requests: duringUser.requests,
        errors: duringUser.errors,
        attack: `${accepted(userResult)} open, ${refused(userResult)} × 429, ${userResult.failed} failed in ${userResult.seconds.toFixed(1)} s`,
      },
      {
        phase: 'one address',
        'p50 ms': duringAddress.p50,
        'p99 ms': duringAddress.p99,
        'p99 / idle': ratio(duringAddress.p99, idle.p99),
        requests: duringAddress.requests,
        errors: duringAddress.errors,
        attack: `${accepted(addressResult)} open, ${refused(addressResult)} × 429, ${addressResult.failed} failed in ${addressResult.seconds.toFixed(1)} s`,
      },
      { phase: '20 streams held', 'p50 ms': held.p50, 'p99 ms': held.p99, 'p99 / idle': ratio(held.p99, idle.p99), requests: held.requests, errors: held.errors, attack: '' },
    ]);
    printTable('Shop memory (RSS) and CPU', [
      { before: `${rssBefore} MB`, during: `${rssDuring} MB`, after: `${rssAfter} MB`, 'CPU per refused attempt': `${cpuPerRefusal.toFixed(2)} ms` },
    ]);

    const worst = Math.max(duringUser.p99, duringAddress.p99);
    const worstRatio = ratio(worst, idle.p99);
    const refusedAll = refused(userResult) + refused(addressResult);
    const expectedRefused = 2 * ATTEMPTS - 20;
    return [
      { section: 'streams', figure: 'catalogue p99 during the flood / idle', value: `${worstRatio}x (${worst} vs ${idle.p99} ms)`, target: '≤ 2x', met: worstRatio <= 2 },
      {
        section: 'streams',
        figure: 'attempts answered 429 (of 4,000)',
        value: `${refusedAll} (${accepted(userResult)} + ${accepted(addressResult)} open)`,
        target: `${expectedRefused} (5 per account, 20 per address)`,
        met: refusedAll === expectedRefused,
      },
      {
        section: 'streams',
        figure: 'catalogue errors during the flood',
        value: String(duringUser.errors + duringAddress.errors),
        target: '0',
        met: duringUser.errors + duringAddress.errors === 0,
      },
      {
        section: 'streams',
        figure: 'catalogue p99, flood at a bare server / idle',
        value: `${ratio(control.p99, idle.p99)}x (${control.p99} ms): the machine's share`,
        target: '',
      },
      {
        section: 'streams',
        figure: 'refusals a second the flooding client got',
        value: `${(refused(userResult) / userResult.seconds).toFixed(0)} (one account), ${(refused(addressResult) / addressResult.seconds).toFixed(0)} (one address)`,
        target: 'the pace (STREAM_REFUSALS_PER_SECOND, 50 by default)',
      },
      { section: 'streams', figure: 'shop CPU per refused attempt', value: `${cpuPerRefusal.toFixed(2)} ms`, target: '' },
      {
        section: 'streams',
        figure: 'shop RSS before / during / after',
        value: `${rssBefore} / ${rssDuring} / ${rssAfter} MB`,
        target: 'during ≤ before + 64 MB',
        met: rssDuring - rssBefore <= 64,
      },
    ];
  } finally {
    for (const attacker of attackers) await stopChild(attacker.child);
    await shop.stop();
  }
}
