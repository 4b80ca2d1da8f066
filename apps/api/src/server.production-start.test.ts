import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './seed/load-demo-accounts.js';
import { DEFAULT_TEST_PASSWORD } from './test/auth.js';
import { httpRequest } from './test/http-client.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from './test/server-process.js';
import { testDialect } from './test/test-app.js';

/**
 * The shop as shipped, started with nothing set but where to listen and keep its data (no NODE_ENV, no DEMO_*): the
 * shop a new owner gets from `npm start`. A SQLite shop (no DATABASE_URL), so it runs in the SQLite project only.
 */
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  for (const server of servers) await stopServerProcess(server);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-shipped-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess('shop as shipped', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env }, { asShipped: true });
  servers.push(server);
  return server;
}

/** The setup link the start log printed, once it has. */
async function setupLinkOf(server: ServerProcess): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const link = /open (http:\/\/\S+\/setup\/[\w-]{43}) to create it/.exec(server.output.join(''))?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no setup link in the log:\n${server.output.join('')}`);
}

const post = (url: string, body: string, contentType: string, origin: string) =>
  httpRequest(url, { method: 'POST', headers: { 'content-type': contentType, origin }, body });

describe.runIf(testDialect === 'sqlite')('a production start with no settings, on an empty data directory', () => {
  it('runs in production: the demo menu, no test route, no known password, security headers', async () => {
    const server = await start();
    // Production logs one JSON object per line (development prints readable lines).
    const opened = server.output.join('').split('\n').find((line) => line.includes('is open at')) ?? '';
    expect(JSON.parse(opened)).toMatchObject({ level: 30 });
    const products = await httpRequest(`${server.url}/api/v1/products?limit=5`);
    expect(products.status).toBe(200);
    expect((JSON.parse(products.body) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect((await httpRequest(`${server.url}/api/v1/test/clock`)).status).toBe(404);

    // Every password written in the repository, for every email written there: none signs in.
    const passwords = [...DEMO_ACCOUNTS.map((a) => a.password), DEFAULT_TEST_PASSWORD];
    for (const { email } of DEMO_ACCOUNTS) {
      for (const password of passwords) {
        const login = await post(`${server.url}/api/v1/auth/login`, JSON.stringify({ email, password }), 'application/json', server.url);
        expect(login.status).toBe(401);
      }
    }

    const headers = products.headers;
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
    // Served over plain http here: HSTS would be a false promise (it is sent when PUBLIC_URL is https).
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('prints a setup link that creates the staff account once, then answers "already set up"', async () => {
    const server = servers[0] ?? (await start());
    const link = await setupLinkOf(server);
    expect((await httpRequest(link)).status).toBe(200);
    const form = new URLSearchParams({ email: 'owner@kopi.example', password: 'Tamarind-Lantern-Orbit-58' }).toString();
    const made = await post(link, form, 'application/x-www-form-urlencoded', server.url);
    expect(made.status).toBe(201);
    const login = await post(`${server.url}/api/v1/auth/login`, JSON.stringify({ email: 'owner@kopi.example', password: 'Tamarind-Lantern-Orbit-58' }), 'application/json', server.url);
    expect(login.status).toBe(200);
    expect(JSON.parse(login.body) as unknown).toMatchObject({ data: { role: 'staff' } });
    const again = await httpRequest(link);
    expect(again.status).toBe(404);
    expect(again.body).toContain('already set up');
    expect((await post(link, form, 'application/x-www-form-urlencoded', server.url)).status).toBe(404);
  });

  it('says so loudly when development mode listens on every network', async () => {
    const server = await start({ NODE_ENV: 'development', HOST: '0.0.0.0', DEMO_DATA: 'false' });
    expect(server.output.join('')).toContain('!!! NODE_ENV=development on HOST=0.0.0.0');
  });
});
