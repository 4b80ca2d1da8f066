import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { loadDemoAccounts } from './load-demo-accounts.js';
import { loadDemoData } from './load-demo-data.js';
import { loadDemoOrders } from './load-demo-orders.js';
import { loadDemoPromotions } from './load-demo-promotions.js';
import { loadDemoStores } from './load-demo-stores.js';

/**
 * Everything the demo adds at start, each step idempotent: the menu into an empty catalogue, then (DEMO_ACCOUNTS=1
 * only) the demo accounts and the demo customer's orders and cart. server.ts imports this module only
 * when DEMO_DATA is on, so the request path never loads the seed.
 */
export async function loadDemo(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Promise<void> {
  await oneAtATime(database, () => loadEachPart(database, config, log));
}

/** PostgreSQL advisory lock key of the demo load ("COFF" as a number): any other use of the key would wait on it. */
const DEMO_LOCK_KEY = 0x434f4646;

/**
 * Several server processes started at once on one empty PostgreSQL database (several `npm start`s behind a proxy)
 * would each find it empty and load the demo side by side: one of them then fails on the unique product names, or
 * worse, a step without a unique key is loaded twice. A session-level advisory lock, held on one connection for the
 * whole load, makes the others wait and then find it loaded. One SQLite file is one process's (its writes lock the
 * file), so there it just runs.
 */
async function oneAtATime(database: DatabaseHandle, load: () => Promise<void>): Promise<void> {
  if (database.dialect !== 'postgres') return load();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${DEMO_LOCK_KEY})`.execute(connection);
    try {
      await load();
    } finally {
      await sql`select pg_advisory_unlock(${DEMO_LOCK_KEY})`.execute(connection);
    }
  });
}

async function loadEachPart(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Promise<void> {
  const loaded = await loadDemoData(database, config);
  if (loaded) log.info(loaded, 'demo data loaded into the empty database');
  const stores = await loadDemoStores(database);
  if (stores > 0) log.info({ stores }, 'demo stores loaded');
  // After the menu: the Halloween coupon names the wings.
  const promotions = await loadDemoPromotions(database);
  if (promotions > 0) log.info({ promotions }, 'demo promotions loaded');
  await loadDemoAccounts(database, config, log);
  await loadDemoOrders(database, config, log);
}
