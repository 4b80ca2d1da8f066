import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { logIn } from '../test/auth.js';
import { testDialect } from '../test/test-app.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const script = path.join(import.meta.dirname, 'user-create.ts');

/**
 * The command as `npm run user:create` runs it (tsx with the source condition), on its own empty
 * database: a fresh DATA_DIR for SQLite, or a fresh schema named in DATABASE_URL for PostgreSQL.
 */
let dataDir: string;
let env: NodeJS.ProcessEnv;
let dropSchema = (): Promise<void> => Promise.resolve();
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-cli-'));
  env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  if (testDialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = withSchema.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  }
});
afterAll(async () => {
  await dropSchema();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function userCreate(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(tsx, ['--conditions=source', script, ...args], { env, cwd: repoRoot });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  } else {
    child.child.stdin?.end();
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

function openSame(): DatabaseHandle {
  const config = loadConfig(env);
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'coffee-shop.sqlite') });
}

describe('npm run user:create', () => {
  it('migrates the database and creates a staff account that can sign in and manage the menu', async () => {
    const result = await userCreate(['--email', 'Manager@CoffeeShop.test', '--password', 'Barista-Boss-2026', '--role', 'staff', '--phone', '+62 811 1234 5678']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created staff account #\d+ for manager@coffeeshop\.test/);

    const database = openSame();
    const app = await buildApp({ config: loadConfig(env), database });
    try {
      const login = await logIn(app, 'manager@coffeeshop.test', 'Barista-Boss-2026');
      expect(login.statusCode).toBe(200);
      expect(login.json<{ data: { role: string } }>().data.role).toBe('staff');
    } finally {
      await app.close();
      await database.destroy();
    }
  }, 60_000);

  it('reads the password from standard input when --password is left out', async () => {
    const result = await userCreate(['--email', 'piped@coffeeshop.test', '--role', 'customer'], 'Tamarind-Ferry-2026\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created customer account/);
  }, 60_000);

  it.each([
    [['--email', 'manager@coffeeshop.test', '--password', 'Another-Pass-2026', '--role', 'staff'], /already exists/],
    [['--email', 'weak@coffeeshop.test', '--password', 'password123', '--role', 'staff'], /^This is a commonly used password\. Choose a longer password/],
    [['--email', 'short@coffeeshop.test', '--password', 'short', '--role', 'staff'], /^--password must be at least 8 characters/],
    [['--email', 'not-an-email', '--password', 'Barista-Boss-2026'], /^--email must be a valid email address/],
    [['--email', 'x@coffeeshop.test', '--password', 'Barista-Boss-2026', '--role', 'admin'], /^--role must be one of: customer, staff/],
  ])('refuses %j with a clear message', async (args, message) => {
    const result = await userCreate(args);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(message);
  }, 60_000);
});
