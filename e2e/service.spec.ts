import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * An operator's story: a process manager (systemd, docker stop) sends SIGTERM to the `npm start` it launched.
 * The shop must finish what it is doing, exit 0 and free its port, not linger under PID 1 with the port taken.
 */
const root = path.resolve(import.meta.dirname, '..');

/** True while the process exists and is not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A sign-in with a wrong password, sent in two parts: its headers, then (by `finish`) its body. Resolves once the
 * server has taken the request (its `100 Continue`), so the request is in flight whatever happens next.
 */
async function startSignIn(port: number): Promise<{ finish: () => Promise<{ status: number; body: string }> }> {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve, reject) => {
    socket.once('end', resolve);
    socket.once('error', reject);
  });
  socket.write(
    [
      'POST /api/v1/auth/login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  await expect.poll(() => received.startsWith('HTTP/1.1 100 Continue'), { timeout: 10_000 }).toBe(true);
  return {
    finish: async () => {
      socket.write(body);
      await ended;
      const final = received.slice(received.indexOf('\r\n\r\n') + 4);
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1]), body: final.slice(final.indexOf('\r\n\r\n') + 4) };
    },
  };
}

test('SIGTERM to `npm start` stops the shop cleanly: in-flight answered, exit 0, port free', async () => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-sigterm-'));
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  try {
    await expect.poll(() => /open at http:\/\/127\.0\.0\.1:\d+/.test(output), { timeout: 60_000 }).toBe(true);
    const [, portText, pidText] = /open at http:\/\/127\.0\.0\.1:(\d+) .*pid (\d+)/.exec(output) ?? [];
    const port = Number(portText);
    const serverPid = Number(pidText);
    expect(serverPid).not.toBe(npm.pid);

    // A request on its way when the signal arrives still gets its real answer. It is known to be on its way: its
    // headers asked for `100 Continue`, which the server sends as it takes the request, before its body is sent.
    const request = await startSignIn(port);
    npm.kill('SIGTERM');
    const answer = await request.finish();
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('password');

    await expect.poll(() => isRunning(serverPid), { timeout: 15_000 }).toBe(false);
    expect(output).toContain('closed cleanly (exit 0)');
    expect(await portIsFree(port)).toBe(true);
  } finally {
    npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
