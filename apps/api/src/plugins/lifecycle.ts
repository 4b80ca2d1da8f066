import net from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '@coffee/contract';
import { answeredOnPurpose } from '../lib/request-logger.js';
import { localeOf } from './error-handler.js';

/** A dependency the shop needs to answer (the database, Redis): resolves when reachable, throws otherwise. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface LifecycleOptions {
  checks: readonly ReadinessCheck[];
}

export interface DrainOptions {
  /**
   * How long connections kept alive by clients stay open after the signal. A request arriving on one in that time
   * gets a clean 503 with `Connection: close`; closing them at once would reset a request already on its way.
   */
  graceMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking work and waits for what is in flight (SIGTERM); `app.close()` still has to follow. */
    drain(options: DrainOptions): Promise<void>;
    /**
     * `end` runs when draining starts: answers that never finish on their own (live event streams) end there, so
     * they do not hold the drain for its whole grace time and their clients reconnect to another process.
     */
    onDrain(end: () => void): void;
  }
}

const RETRY_AFTER_SECONDS = 5;
const CLOSING = /*i18n*/ 'The shop is restarting. Please try again in a few seconds.';

/**
 * `/health/live` (the process answers) and `/health/ready` (it can serve: not draining, every dependency reachable)
 * for a load balancer, and the drain a deployment's SIGTERM starts. Registered before every route so a draining
 * server refuses new work before any other hook runs.
 */
export function registerLifecycle(app: FastifyInstance, options: LifecycleOptions): void {
  let draining = false;
  let inFlight = 0;
  const sockets = new Set<Socket>();
  const idleWaiters = new Set<() => void>();
  const drainListeners: (() => void)[] = [];

  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      notify();
    });
  });

  function notify() {
    for (const wake of idleWaiters) wake();
  }

  // The requests counted as in flight: a refused one never was, and onResponse also runs for aborted ones.
  const counted = new WeakSet<object>();
  app.addHook('onRequest', (request, reply, done) => {
    if (draining && request.url !== '/health/live') {
      // Expected during every deploy: one warning when the drain starts (below), these lines at info.
      answeredOnPurpose(request, 'info');
      void reply
        .code(503)
        .header('Connection', 'close')
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: app.translator.translate(CLOSING, localeOf(request)) } satisfies ErrorResponse);
      return;
    }
    counted.add(request.raw);
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (counted.delete(request.raw)) inFlight -= 1;
    notify();
    done();
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    // An answer finished while draining is the connection's last: the client opens a new one elsewhere.
    if (draining) void reply.header('Connection', 'close');
    done();
  });

  app.get('/health/live', { schema: { hide: true } }, (_request, reply) => reply.send({ data: { status: 'live' } }));
  app.get('/health/ready', { schema: { hide: true } }, async (request, reply) => {
    const failing: string[] = [];
    await Promise.all(
      options.checks.map(async ({ name, check }) => {
        try {
          await check();
        } catch {
          failing.push(name);
        }
      }),
    );
    if (failing.length > 0) {
      // The outage itself is logged where it is seen (lib/redis.ts); a load balancer asks every few seconds.
      answeredOnPurpose(request, 'warn');
      return reply.code(503).send({ message: `Not ready: ${failing.sort().join(', ')} unreachable.` });
    }
    return reply.send({ data: { status: 'ready' } });
  });

  app.decorate('onDrain', (end: () => void) => {
    drainListeners.push(end);
  });
  app.decorate('drain', async ({ graceMs }: DrainOptions) => {
    if (!draining) {
      app.log.warn({ graceMs }, 'draining: not ready, new requests answered 503 (Connection: close) until this process exits');
    }
    draining = true;
    for (const end of drainListeners) end();
    // Stop accepting new connections without Node's http close(), which would also cut the idle kept-alive ones.
    net.Server.prototype.close.call(app.server);
    const deadline = Date.now() + graceMs;
    // A request that hangs must not keep the process alive for ever: in flight work gets the grace time again.
    const lastChance = deadline + graceMs;
    await new Promise<void>((resolve) => {
      const check = () => {
        const now = Date.now();
        const settled = (inFlight === 0 && (sockets.size === 0 || now >= deadline)) || now >= lastChance;
        if (!settled) return;
        idleWaiters.delete(check);
        clearInterval(timer);
        resolve();
      };
      const timer = setInterval(check, 100);
      idleWaiters.add(check);
      check();
    });
    // Whatever is still open now is idle: nothing is lost by closing it.
    app.server.closeIdleConnections();
  });
}
