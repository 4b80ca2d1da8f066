import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './request-logger.js';

/** A Fastify app logging JSON lines into an array, with or without the lazy request logger. */
async function appLogging(level: string, lazy: boolean) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = JSON.parse(chunk.toString()) as Record<string, unknown>;
      delete line.responseTime; // a duration, different on every run
      lines.push(line);
      callback();
    },
  });
  const app = Fastify({
    logger: { level, stream, base: null, timestamp: false },
    ...(lazy ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
  });
  app.get('/quiet', async (request) => {
    request.log.debug('not shown at info');
    return { ok: true };
  });
  app.get('/loud', async (request, reply) => {
    request.log.warn({ detail: 42 }, 'something odd');
    reply.log.error('and worse');
    request.log.child({ step: 'inner' }).error('from a grandchild');
    return { level: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('lazyChildLoggerFactory', () => {
  it('logs exactly what the per-request child Fastify makes would log', async () => {
    const run = async (lazy: boolean) => {
      const { app, lines } = await appLogging('info', lazy);
      const quiet = await app.inject('/quiet');
      const loud = await app.inject('/loud');
      await app.close();
      return { lines, bodies: [quiet.json(), loud.json()] };
    };
    const eager = await run(false);
    const lazy = await run(true);
    expect(lazy).toEqual(eager);
    expect(lazy.lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'something odd',
      'and worse',
      'from a grandchild',
      'request completed',
    ]);
    expect(lazy.lines.find((line) => line.msg === 'from a grandchild')).toMatchObject({ reqId: 'req-2', step: 'inner' });
    expect(lazy.bodies[1]).toEqual({ level: 'info' });
  });

  it('does not make a child for a request that logs nothing at an enabled level', async () => {
    const { app, lines } = await appLogging('warn', true);
    let requestChildren = 0;
    const child = app.log.child; // called with its own `this` below
    app.log.child = function (this: typeof app.log, ...args: Parameters<typeof child>) {
      if ('reqId' in args[0]) requestChildren++;
      return child.apply(this, args);
    };
    await app.inject('/quiet');
    expect(requestChildren).toBe(0);
    await app.inject('/loud');
    expect(requestChildren).toBe(1);
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['something odd', 'req-2'],
      ['and worse', 'req-2'],
      ['from a grandchild', 'req-2'],
    ]);
    await app.close();
  });
});
