import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { loadDemoAccounts } from './load-demo-accounts.js';
import { loadDemoData } from './load-demo-data.js';
import { loadDemoOrders } from './load-demo-orders.js';
import { loadDemoPromotions } from './load-demo-promotions.js';
import { loadDemoStores } from './load-demo-stores.js';

/**
 * Everything the demo adds at start, each step idempotent: the menu into an empty catalogue, then (outside
 * production) the demo accounts and the demo customer's orders and cart. server.ts imports this module only
 * when DEMO_DATA is on, so the request path never loads the seed.
 */
export async function loadDemo(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Promise<void> {
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
