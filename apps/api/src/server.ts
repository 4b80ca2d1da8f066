import cluster from 'node:cluster';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { buildApp, DEFAULT_WEB_DIST, ZOD_COMPILERS } from './app.js';
import { ConfigError, isLoopbackHost, loadConfig, pidFileOf, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loggerOptions } from './lib/request-logger.js';
import { SETUP_PATH } from './modules/users/first-owner.routes.js';
import { SETUP_LINK_HOURS } from './modules/users/first-owner.service.js';
import { listenForMetrics } from './plugins/metrics.js';
import { runWorkers } from './workers.js';

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

  if (config.webConcurrency > 1 && cluster.isPrimary) {
    // A logger only: the primary serves nothing (workers.ts). Its compilers named so it does not load ajv either.
    const { log } = Fastify({ logger: loggerOptions({ level: config.logLevel, format: config.logFormat }), schemaController: ZOD_COMPILERS });
    runWorkers({
      count: config.webConcurrency,
      exec: fileURLToPath(import.meta.url),
      shutdownGraceMs: config.shutdownGraceMs,
      log,
    });
    return;
  }

  // Before the database: a REDIS_URL that cannot be reached stops start-up with one line, like a bad variable.
  // Imported only when asked for: ioredis is several MB of a process that never uses it.
  const redis = config.redis ? await (await import('./lib/redis.js')).connectRedis(config.redis) : undefined;
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'coffee-shop.sqlite'),
  });
  const app = await buildApp({
    config,
    database,
    webDistDir: DEFAULT_WEB_DIST,
    logger: loggerOptions({ level: config.logLevel, format: config.logFormat }),
    redis,
  });
  redis?.logTo(app.log);

  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  if (config.demoData) {
    // Imported here, not at the top: with DEMO_DATA=false the seed is never even loaded.
    const { loadDemo } = await import('./seed/load-demo.js');
    await loadDemo(database, config, app.log);
  }

  let metricsServer: http.Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: refusing new work, finishing in-flight requests');
    try {
      await app.drain({ graceMs: config.shutdownGraceMs });
      metricsServer?.closeAllConnections();
      metricsServer?.close();
      await app.close();
      await database.destroy();
      await redis?.close();
      fs.rmSync(pidFileOf(config.dataDir), { force: true });
      app.log.info('Coffee Shop closed cleanly (exit 0)');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Who serves this DATA_DIR: `npm run restore` refuses to replace the database under a running shop.
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(pidFileOf(config.dataDir), `${process.pid}\n`);
  // The port actually bound (PORT=0 picks a free one), so scripts and tests can read where the shop is.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (app.metrics && config.metrics.port !== null && config.metrics.token) {
    metricsServer = await listenForMetrics(app.metrics, { port: config.metrics.port, host: config.host, token: config.metrics.token }, app.log);
    app.log.info(`metrics at http://${config.host}:${config.metrics.port}/metrics (METRICS_PORT, with METRICS_TOKEN)`);
  }
  // Behind a proxy, a port every network can reach lets anyone skip the proxy and forge X-Forwarded-For.
  if (config.trustProxy !== false && (config.host === '0.0.0.0' || config.host === '::')) {
    app.log.warn(
      { host: config.host, trustProxy: config.trustProxy },
      'TRUST_PROXY is set and HOST listens on every network: bind HOST to the address the proxy reaches (or firewall the port), or clients can forge X-Forwarded-For',
    );
  }
  warnOfDevelopmentOnAPublicAddress(config, app.log);
  app.log.info(`Coffee Shop is open at http://${host}:${port} (database: ${database.dialect} ${database.location}${redis ? ', shared through Redis' : ''}, pid ${process.pid})`);
  await printSetupLink(app, config.port === 0 ? `http://${host}:${port}` : config.publicUrl);
}

/** Development answers with more detail and takes test stand-ins: said loudly when any network can reach it. */
function warnOfDevelopmentOnAPublicAddress(config: Config, log: FastifyBaseLogger): void {
  if (config.env === 'production' || isLoopbackHost(config.host)) return;
  log.warn(
    { env: config.env, host: config.host },
    `!!! NODE_ENV=${config.env} on HOST=${config.host}: this is not a production shop and other machines can reach it. Leave NODE_ENV unset (production) for a real shop, or bind HOST=127.0.0.1 !!!`,
  );
}

/**
 * While the shop has no staff account, a one-time link to the page that creates it (modules/users/first-owner.*):
 * logged at warn so it shows at LOG_LEVEL=warn too. Every start prints a new one while none has been used.
 */
async function printSetupLink(app: FastifyInstance, base: string): Promise<void> {
  const token = await app.firstOwnerSetup.issueLink();
  if (token === null) return;
  app.log.warn(
    { setupLink: `${base}${SETUP_PATH}/${token}`, validHours: SETUP_LINK_HOURS },
    `No staff account yet: open ${base}${SETUP_PATH}/${token} to create it (works once, for ${SETUP_LINK_HOURS} hours)`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
