import path from 'node:path';
import { buildApp, DEFAULT_WEB_DIST } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { loadDemoAccounts } from './db/demo-data/load-demo-accounts.js';
import { loadDemoData } from './db/demo-data/load-demo-data.js';
import { loadDemoOrders } from './db/demo-data/load-demo-orders.js';
import { migrateToLatest } from './db/migrate.js';
import { serializeRequestForLog } from './lib/log-redaction.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'coffee-shop.sqlite'),
  });
  const app = await buildApp({
    config,
    database,
    webDistDir: DEFAULT_WEB_DIST,
    logger: { level: config.logLevel, serializers: { req: serializeRequestForLog } },
  });

  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  if (config.demoData) {
    const loaded = await loadDemoData(database, config);
    if (loaded) app.log.info(loaded, 'demo data loaded into the empty database');
    await loadDemoAccounts(database, config, app.log);
    await loadDemoOrders(database, config, app.log);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await database.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Coffee Shop is open at http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port} (database: ${database.dialect} ${database.location})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
