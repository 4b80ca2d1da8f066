import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/test-app.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let testDb: TestDatabase;
let app: FastifyInstance;
let agent: http.Agent;
let port: number;
let releaseSlow: () => void;

/** A request over the shared keep-alive agent: it reuses an idle connection when one is open. */
function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

beforeEach(async () => {
  testDb = await createTestDatabase();
  const config = testConfig(testDb.dataDir);
  app = await buildApp({ config, database: testDb.database });
  // A request that is still being worked on when the signal comes, released by the test.
  const slowDone = new Promise<void>((resolve) => (releaseSlow = resolve));
  app.get('/slow', async () => {
    await slowDone;
    return { data: 'done' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
});

afterEach(async () => {
  releaseSlow();
  agent.destroy();
  await app.close();
  await testDb.drop();
});

describe('health', () => {
  it('answers live and ready while the database is reachable', async () => {
    expect((await get('/health/live')).status).toBe(200);
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ data: { status: 'ready' } });
  });

  it('is not ready when the database is unreachable', async () => {
    await testDb.database.db.destroy();
    const ready = await get('/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ message: 'Not ready: database unreachable.' });
  });
});

describe('drain after SIGTERM', () => {
  it('finishes in-flight work, answers kept-alive connections with a clean 503, and resets nothing', async () => {
    // Four connections kept alive by the client, one of them busy with a request the signal must not cut.
    const warmUp = await Promise.all([1, 2, 3, 4].map(() => get('/health/live')));
    expect(warmUp.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const drained = app.drain({ graceMs: 1_500 });

    // Requests on the idle kept-alive connections: refused cleanly, each told to close and when to retry.
    const during = await Promise.all([get('/api/v1/products'), get('/health/ready'), get('/api/v1/shop')]);
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['retry-after']).toBe('5');
      expect(JSON.parse(answer.body)).toEqual({ message: 'The shop is restarting. Please try again in a few seconds.' });
    }

    // No new connection is accepted once draining.
    const fresh = new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/health/live', agent: false }, () => resolve('answered'))
        .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(await fresh).toBe('ECONNREFUSED');

    // The in-flight request still gets its real answer, on a connection closed after it.
    releaseSlow();
    const slowAnswer = await slow;
    expect(slowAnswer.status).toBe(200);
    expect(JSON.parse(slowAnswer.body)).toEqual({ data: 'done' });
    expect(slowAnswer.headers.connection).toBe('close');

    await drained;
  });
});
