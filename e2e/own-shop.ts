import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, tomorrowInTheShop } from './fixtures.js';

const root = path.resolve(import.meta.dirname, '..');

export interface OwnShop {
  /** Its DATA_DIR (the database, pictures and the mail outbox). */
  dataDir: string;
  /** Stops the shop and removes its data folder. */
  stop(): void;
}

/**
 * The built shop on a port of a story's own, with the demo data on SQLite in a fresh folder (whatever the shell points
 * at) and the settings the story needs; resolves once it answers, with its output in the failure when it never does.
 */
export async function startOwnShop(name: string, port: number, settings: Record<string, string>): Promise<OwnShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `coffee-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    NODE_ENV: 'development',
    DEMO_ACCOUNTS: '1',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://127.0.0.1:${port}/api/v1/products?limit=1`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 90_000, message: `the ${name} server did not start:\n${output}` },
      )
      .toBe(200);
  } catch (err) {
    stop();
    throw err;
  }
  return { dataDir, stop };
}

/**
 * A new customer (`tag` in the e-mail, `phone`), signed in on `page`, with a Hazelnut Latte in the cart for Pick up
 * tomorrow at 10:00 (Jakarta), ready for the checkout of the shop at `base`.
 */
export async function customerWithLatteForTomorrow(page: Page, base: string, tag: string, phone: string): Promise<void> {
  const customer = { email: `e2e-${tag}-${Date.now()}@example.com`, password: 'Roasted#Beans-2024', phone };
  const headers = { origin: base };
  expect((await page.request.post('/api/v1/auth/register', { data: customer, headers })).status()).toBe(201);
  await signIn(page, customer.email, customer.password);
  const products = await page.request.get('/api/v1/products?search=Hazelnut%20Latte&limit=1');
  const [latte] = ((await products.json()) as { data: { id: number | string }[] }).data;
  if (!latte) throw new Error('the demo menu has no Hazelnut Latte');
  const tomorrow = tomorrowInTheShop();
  expect((await page.request.post('/api/v1/cart/items', { headers, data: { productId: Number(latte.id), size: 'R', quantity: 1 } })).ok()).toBe(true);
  expect((await page.request.put('/api/v1/cart/delivery', { headers, data: { deliveryMethod: 'pick-up', scheduledFor: `${tomorrow}T10:00` } })).ok()).toBe(true);
}
