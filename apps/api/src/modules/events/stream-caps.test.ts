import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, percentile, residentMb, signInOverHttp } from '../../test/http-client.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../test/server-process.js';
import { testDialect } from '../../test/test-app.js';
import { createStreamCaps } from './stream-caps.js';

describe('stream caps (unit)', () => {
  it('counts per user, per address and in all, and gives a place back once', () => {
    const caps = createStreamCaps({ perUser: 2, perAddress: 3, total: 4 });
    const a1 = caps.take(1, '10.0.0.1');
    caps.take(1, '10.0.0.1');
    expect(caps.take(1, '10.0.0.2')).toEqual({ ok: false, refusedBy: 'user' });
    caps.take(2, '10.0.0.1');
    expect(caps.take(3, '10.0.0.1')).toEqual({ ok: false, refusedBy: 'address' });
    caps.take(3, '10.0.0.9');
    expect(caps.take(4, '10.0.0.8')).toEqual({ ok: false, refusedBy: 'total' });
    expect(caps.open()).toBe(4);
    if (!a1.ok) throw new Error('the first stream was refused');
    a1.release();
    a1.release();
    expect(caps.open()).toBe(3);
    expect(caps.take(1, '10.0.0.1').ok).toBe(true);
    expect(caps.refusals()).toEqual({ user: 1, address: 1, total: 1 });
  });
});

/**
 * The attack as an operator saw it: thousands of stream attempts from one account and from one address, against a
 * real server process (its own descriptors and memory), while another visitor browses the catalogue.
 */
describe.skipIf(testDialect === 'postgres')('2,000 stream attempts against a running shop', () => {
  let server: ServerProcess;
  let dataDir: string;
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-streams-'));
    server = await startServerProcess('shop', { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
  }, 120_000);
  afterAll(async () => {
    keepAlive.destroy();
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `count` stream attempts, `concurrency` at a time, each on its own connection; the accepted ones stay open. */
  async function attack(cookies: string[], count: number, concurrency = 100) {
    const statuses: number[] = [];
    const open: http.ClientRequest[] = [];
    let missingRetryAfter = 0;
    let next = 0;
    const one = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(
          `${server.url}/api/v1/orders/events`,
          { agent: false, headers: { accept: 'text/event-stream', cookie: cookies[i % cookies.length]! } },
          (response) => {
            statuses.push(response.statusCode ?? 0);
            if (response.statusCode === 200) {
              open.push(request);
              resolve();
              return;
            }
            if (!response.headers['retry-after']) missingRetryAfter += 1;
            response.resume();
            response.on('end', resolve);
          },
        );
        request.on('error', reject);
      });
    const workers = Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    });
    await Promise.all(workers);
    return { statuses, open, missingRetryAfter };
  }

  /** Catalogue requests one after another on a kept-alive connection until `until` settles; their durations. */
  async function browse(until: Promise<unknown>, atLeast = 0): Promise<{ ms: number[]; failed: number }> {
    let done = false;
    void until.finally(() => (done = true));
    const ms: number[] = [];
    let failed = 0;
    while (!done || ms.length < atLeast) {
      const answer = await httpRequest(`${server.url}/api/v1/products`, { agent: keepAlive });
      if (answer.status === 200) ms.push(answer.ms);
      else failed += 1;
    }
    return { ms, failed };
  }

  it('answers 429 with Retry-After over the caps, keeps the catalogue answering, and memory stays bounded', async () => {
    const customer = await signInOverHttp(server.url, 'customer@coffeeshop.test', 'Gula-Aren-Latte-7');
    const others: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const email = `streams-${i}-${Date.now()}@example.test`;
      const registered = await httpRequest(`${server.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password: 'Long-Enough-Passw0rd', phone: '+62 812 0000 0009' }),
      });
      expect(registered.status).toBe(201);
      others.push(await signInOverHttp(server.url, email, 'Long-Enough-Passw0rd'));
    }
    const idle = await browse(new Promise((resolve) => setTimeout(resolve, 1_500)), 200);
    const memoryBefore = await residentMb(server.child.pid!);

    // One account (default STREAM_LIMIT_PER_USER 5).
    const byUserAttack = attack([customer], 2_000);
    const duringUser = await browse(byUserAttack);
    const byUser = await byUserAttack;
    expect(byUser.statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(byUser.statuses.filter((s) => s === 429)).toHaveLength(1_995);
    expect(byUser.missingRetryAfter).toBe(0);

    // One address, many accounts (default STREAM_LIMIT_PER_ADDRESS 20: 5 already open, 15 more).
    const byAddressAttack = attack(others, 2_000);
    const duringAddress = await browse(byAddressAttack);
    const byAddress = await byAddressAttack;
    expect(byAddress.statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(byAddress.statuses.filter((s) => s === 429)).toHaveLength(1_985);

    const memoryAfter = await residentMb(server.child.pid!);
    const during = [...duringUser.ms, ...duringAddress.ms];
    const figures = {
      idleP99: percentile(idle.ms, 99),
      duringP99: percentile(during, 99),
      duringP50: percentile(during, 50),
      browsed: during.length,
      memoryBefore,
      memoryAfter,
    };
    console.log('stream caps under attack', figures);
    expect(duringUser.failed + duringAddress.failed).toBe(0);
    expect(during.length).toBeGreaterThan(20);
    // Within 2x of idle, with a floor for a shared 2-core machine where idle answers take about a millisecond.
    expect(figures.duringP99).toBeLessThanOrEqual(Math.max(2 * figures.idleP99, 40));
    expect(memoryAfter - memoryBefore).toBeLessThan(64);

    // Closed streams give their places back.
    for (const request of [...byUser.open, ...byAddress.open]) request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await attack([customer], 1, 1);
    expect(again.statuses).toEqual([200]);
    for (const request of again.open) request.destroy();
  }, 120_000);
});
