import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderListResponse, OrderResponse } from '@coffee/contract';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { toShopLocal } from '../../lib/shop-time.js';
import { startPaymentSimulator } from '../../payments-simulator/simulator.js';
import { createProduct, allDayStoreInput } from '../../test/factories.js';
import { insertTestUser } from '../../test/orders.js';
import { createScratchDatabase, startServerProcess, stopServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createSessionService } from '../auth/sessions.service.js';
import { createStoreService } from '../stores/stores.service.js';
import { createUserService } from '../users/users.service.js';

/**
 * kill -9 of the shop in the middle of a payment, with real server processes (the "scale-out" project), on SQLite
 * always and on PostgreSQL with TEST_DATABASE_URL:
 * - between the gateway's notification and its answer: the server is killed while it asks the gateway for the status
 *   of a paid QRIS order (nothing written, nothing answered). The next process's start-up check marks it paid, and the
 *   gateway's retry of the notice then changes nothing: paid exactly once.
 * - between the gateway's charge and the shop's answer: the QR exists at the gateway only. After the restart the
 *   customer finds the order with that QR to scan.
 */
const SERVER_KEY = 'SB-Mid-server-restart';
const databaseUrl = process.env.TEST_DATABASE_URL;
const dialects = ['sqlite', ...(databaseUrl ? ['postgres'] : [])] as const;

/** A shop process on the simulator, a store, a product at IDR 20.000 and a signed-in customer's calls. */
async function restartShop(dialect: (typeof dialects)[number], dataDir: string, cleanups: (() => Promise<void>)[]) {
  const sim = await startPaymentSimulator({ serverKey: SERVER_KEY });
  cleanups.push(() => sim.close());
  const scratch = dialect === 'postgres' && databaseUrl ? await createScratchDatabase(databaseUrl, 'pay_restart') : undefined;
  if (scratch) cleanups.push(() => scratch.drop());
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_FORMAT: 'json',
    MIDTRANS_SERVER_KEY: SERVER_KEY,
    MIDTRANS_CLIENT_KEY: 'SB-Mid-client-restart',
    MIDTRANS_API_URL: sim.url,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const servers: { current: ServerProcess | undefined } = { current: await startServerProcess('shop A', env) };
  cleanups.push(() => stopServerProcess(servers.current));
  const database: DatabaseHandle = scratch ? openDatabase({ databaseUrl: scratch.url, poolSize: 2 }) : openDatabase({ sqliteFile: path.join(dataDir, 'coffee-shop.sqlite') });
  cleanups.push(() => database.destroy());
  const db = database.db;

  // Through the stores module's door (its settings matter only to slots, which creating a store does not read).
  const storeId = (
    await createStoreService({ db, settings: loadConfig({ NODE_ENV: 'test' }).orders, now: () => new Date() }).createStore(allDayStoreInput('Kopi Restart', 'Jl. Mulai Lagi No. 9, Jakarta'))
  ).id;
  const product = await createProduct(database, { priceIdr: 20_000 });
  const config = loadConfig({ NODE_ENV: 'test' });
  const sessions = createSessionService({ db, accounts: createUserService({ db, uploadsDir: dataDir, now: () => new Date() }), policy: config.sessions, now: () => new Date() });
  const { token } = await sessions.startSession((await insertTestUser(db)).id);
  const call = (url: string, method: string, pathname: string, body?: unknown, extra: Record<string, string> = {}) =>
    fetch(`${url}/api/v1${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const tomorrow = toShopLocal(new Date(Date.now() + 24 * 60 * 60_000), config.orders.shopTimeZone).text.slice(0, 10);
  return {
    sim,
    env,
    servers,
    db,
    call,
    /** A QRIS order for Pick up tomorrow at noon, placed on `url`; the fetch's own promise (the answer may never come). */
    async placeQris(url: string) {
      expect((await call(url, 'POST', '/cart/items', { productId: product.id, quantity: 1 })).status).toBe(200);
      return call(url, 'POST', '/orders', { paymentMethod: 'qris', deliveryMethod: 'pick-up', scheduledFor: `${tomorrow}T12:00`, storeId }, { 'idempotency-key': crypto.randomUUID() });
    },
  };
}

/** Kills the process at once (SIGKILL) and waits until it is gone. */
async function killNow(server: ServerProcess): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

describe.each(dialects)('a payment cut short by kill -9 (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  const dataDirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-pay-restart-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a notice: marked paid exactly once by the next start, and the gateway\'s retry changes nothing', async () => {
    const { sim, env, servers, db, call, placeQris } = await restartShop(dialect, freshDir(), cleanups);
    const a = servers.current as ServerProcess;
    sim.setNotificationUrl(`${a.url}/api/v1/payments/midtrans/notification`);
    const placed = await placeQris(a.url);
    expect(placed.status).toBe(201);
    const order = ((await placed.json()) as OrderResponse).data;
    const reference = order.payment?.reference ?? '';
    expect(order.payment?.gatewayStatus).toBe('pending');

    // The customer pays; the shop gets the notice and, while it asks the gateway for the status, is killed.
    sim.beforeStatusAnswer(async () => {
      sim.beforeStatusAnswer(null);
      await killNow(a);
    });
    expect(await sim.pay(reference)).toBe(0);
    const paidRows = () => db.selectFrom('order_events').select('kind').where('order_id', '=', order.id).where('kind', '=', 'paid').execute();
    expect(await paidRows()).toHaveLength(0);
    expect((await db.selectFrom('orders').select('payment_status').where('id', '=', order.id).executeTakeFirstOrThrow()).payment_status).toBe('awaiting-payment');

    // The next start asks the gateway about the open charge and records the payment.
    servers.current = await startServerProcess('shop B', env);
    const b = servers.current;
    await expect
      .poll(async () => ((await (await call(b.url, 'GET', `/orders/${order.id}`)).json()) as OrderResponse).data.paymentStatus, { timeout: 20_000 })
      .toBe('paid');
    // The gateway's own retry of the notice, now answered: 200 and nothing more.
    sim.setNotificationUrl(`${b.url}/api/v1/payments/midtrans/notification`);
    expect(await sim.send(sim.noticeFor(reference))).toBe(200);
    const after = ((await (await call(b.url, 'GET', `/orders/${order.id}`)).json()) as OrderResponse).data;
    expect(after).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(after.history.map((e) => e.kind)).toEqual(['placed', 'paid']);
    expect(await paidRows()).toHaveLength(1);
  }, 240_000);

  it('a charge: after the restart the customer has the QR the gateway made to scan', async () => {
    const { sim, env, servers, call, placeQris } = await restartShop(dialect, freshDir(), cleanups);
    const a = servers.current as ServerProcess;
    let made = '';
    // The gateway made the QR; the shop dies before it reads the answer.
    sim.afterChargeMade(async (reference) => {
      sim.afterChargeMade(null);
      made = reference;
      await killNow(a);
    });
    await expect(placeQris(a.url)).rejects.toThrow();
    expect(sim.transactions.get(made)?.status).toBe('pending');

    servers.current = await startServerProcess('shop B', env);
    const b = servers.current;
    sim.setNotificationUrl(`${b.url}/api/v1/payments/midtrans/notification`);
    const [order] = ((await (await call(b.url, 'GET', '/orders')).json()) as OrderListResponse).data;
    expect(order?.payment?.reference).toBe(made);
    // The charge still 'creating' is asked about (at start-up, else by the sweep): the QR shows again.
    await expect
      .poll(async () => ((await (await call(b.url, 'GET', `/orders/${order?.id}`)).json()) as OrderResponse).data.payment?.qrString ?? null, { timeout: 60_000 })
      .toBe(sim.transactions.get(made)?.qrString);
    // And it is paid like any QR.
    expect(await sim.pay(made)).toBe(200);
    expect(((await (await call(b.url, 'GET', `/orders/${order?.id}`)).json()) as OrderResponse).data.paymentStatus).toBe('paid');
  }, 240_000);
});
