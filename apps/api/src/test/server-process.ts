import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

/**
 * Real server processes for the scale-out tests (the "scale-out" Vitest project): server.ts run by tsx from the
 * sources, each on a port of its own, as several processes behind a load balancer would run.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  /** Where it listens, e.g. http://127.0.0.1:41235. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for a failure message. */
  output: string[];
}

/**
 * Starts server.ts with only the given environment (and PATH), and resolves once it says where it listens. Rejects
 * with its output when it exits first or has not listened within 90 s (it compiles the API and migrates first).
 */
export function startServerProcess(name: string, env: Record<string, string>, options: { asShipped?: boolean } = {}): Promise<ServerProcess> {
  // A development server, as these tests always ran on (with the demo accounts and the local push stand-in),
  // unless asked for the shop as shipped.
  const defaults = options.asShipped ? {} : { NODE_ENV: 'development', DEMO_ACCOUNTS: '1', PUSH_ALLOW_LOCAL_ENDPOINTS: '1' };
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...defaults, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${output.join('')}`)), 90_000);
    let started = false;
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      // Once started, only kept: a server under load logs thousands of lines.
      if (started) return;
      const open = /open at (http:\/\/[^\s"]+)/.exec(output.join(''));
      if (open?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve({ url: open[1], child, output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.join('')}`));
    });
  });
}

/** Stops a server with SIGTERM, as a process manager would, and waits until it has exited; nothing to do if it never started. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export interface ScratchDatabase {
  /** DATABASE_URL for the servers. */
  url: string;
  /** Drops it once its connections have closed (forced after 5 s, even while some are still open). */
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database beside the one of `databaseUrl` (the processes migrate it themselves), named
 * `prefix` and a random suffix. A database rather than a schema: the servers take DATABASE_URL only.
 */
export async function createScratchDatabase(databaseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // A pool's end resolves before the server has seen its connections close: dropping the database under one
      // would kill it mid-close, an error nobody listens to any more. Forced only after 5 s (a process that hung).
      await untilNoSessions(databaseUrl, name);
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Waits (up to 5 s) until no session is connected to the database `name`. */
async function untilNoSessions(databaseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let tries = 0; tries < 50; tries++) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}
