import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequest, signInOverHttp } from './test/http-client.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from './test/server-process.js';
import { openSse } from './test/sse.js';
import { testDialect } from './test/test-app.js';

/** A deploy as a process manager runs it: SIGTERM while customers browse and a live stream is open. */
describe.skipIf(testDialect === 'postgres')('a deploy\'s drain in the logs', () => {
  let server: ServerProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-drain-'));
  afterAll(async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes no error-level line, and one warning for the drain however many requests it refuses', async () => {
    server = await startServerProcess('shop', {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    const { url } = server;
    const cookie = await signInOverHttp(url, 'customer@coffeeshop.test', 'Gula-Aren-Latte-7');
    const stream = await openSse(`${url}/api/v1/orders/events`, { cookie });
    await stream.waitFor((m) => m.event === 'ready');

    // Four customers browsing on kept-alive connections until the server is gone.
    const statuses: number[] = [];
    let stop = false;
    const browsers = Array.from({ length: 4 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!stop) {
        try {
          statuses.push((await httpRequest(`${url}/api/v1/products`, { agent })).status);
        } catch {
          // Refused once the server stopped listening: a real browser would try the next process.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      agent.destroy();
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    const code = await exited;
    stop = true;
    await Promise.all(browsers);
    stream.close();

    expect(code).toBe(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    const lines = server.output
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; res?: { statusCode: number } });
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(lines.filter((l) => l.level === 40 && l.msg.startsWith('draining'))).toHaveLength(1);
    // Refused requests, if any arrived on kept-alive connections, are ordinary lines.
    for (const refused of lines.filter((l) => l.res?.statusCode === 503)) expect(refused.level).toBe(30);
    console.log('drain', { answered: statuses.length, refused: statuses.filter((s) => s === 503).length, warnings: lines.filter((l) => l.level === 40).length });
  }, 120_000);
});
