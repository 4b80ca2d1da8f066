import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

export interface WorkerSettings {
  /** WEB_CONCURRENCY: how many server processes share the port. */
  count: number;
  /** The server module each worker runs (server.ts itself, whichever way it was started). */
  exec: string;
  /** How long a worker may take to drain after SIGTERM before it is killed. */
  shutdownGraceMs: number;
  log: FastifyBaseLogger;
}

/** A worker that dies this soon after starting is failing to start: give up instead of restarting it for ever. */
const EARLY_EXIT_MS = 10_000;

/**
 * The primary of WEB_CONCURRENCY > 1: it opens no database and serves nothing, it only keeps `count` workers
 * running (node:cluster shares the listening port between them). The first worker starts alone, so migrations and
 * the demo data run once before the others open the same database. A worker that crashes is replaced; SIGTERM and
 * SIGINT are passed to every worker, and the primary exits when they have drained.
 */
export function runWorkers({ count, exec, shutdownGraceMs, log }: WorkerSettings): void {
  cluster.setupPrimary({ exec });
  let stopping = false;
  let exitCode = 0;
  const startedAt = new WeakMap<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info(`every worker stopped; Coffee Shop closed (exit ${exitCode})`);
        process.exit(exitCode);
      }
      return;
    }
    const early = Date.now() - (startedAt.get(worker) ?? 0) < EARLY_EXIT_MS;
    log.error({ pid: worker.process.pid, code, signal }, early ? 'worker failed to start' : 'worker died; starting another');
    if (early) {
      stop('worker failure', 1);
      return;
    }
    fork();
  });

  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason }, 'stopping every worker');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A worker stuck past its own grace time must not keep the port taken.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownGraceMs * 2 + 10_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  log.info({ workers: count }, 'starting server processes');
  fork().once('listening', () => {
    for (let i = 1; i < count && !stopping; i += 1) fork();
  });
}
