import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { AppError } from './errors.js';
import { DECODE_BUSY_MESSAGE } from './images.js';
import { batchedLines, formatLogLine, lazyChildLoggerFactory, LOG_BATCH_CHARACTERS, loggerOptions, RequestLogController } from './request-logger.js';

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
  app.get('/quiet', (request) => {
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

/** The server's logging (options from loggerOptions, one line per request), printing into an array. */
async function serverLogging(format: 'pretty' | 'json') {
  const printed: string[] = [];
  const out = { write: (text: string) => void printed.push(text), isTTY: false };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      printed.push(chunk.toString());
      callback();
    },
  });
  const options = loggerOptions({ level: 'info', format }, out);
  const app = Fastify({
    logger: format === 'json' && typeof options === 'object' ? { ...options, stream } : options,
    logController: new RequestLogController(),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  registerErrorHandler(app);
  app.get('/reset-password', () => ({ ok: true }));
  app.get('/broken', () => {
    throw new Error('database went away');
  });
  await app.ready();
  return { app, printed };
}

describe('server logs', () => {
  it('print one readable line per request, with secrets in the URL hidden', async () => {
    const { app, printed } = await serverLogging('pretty');
    await app.inject('/reset-password?token=secret-token-123');
    await app.inject('/nothing-here');
    await app.close();
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/reset-password\?token=\[redacted\] 200 \d+\.\d ms\n$/);
    expect(printed[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/nothing-here 404 \d+\.\d ms\n$/);
  });

  it('make a server error stand out: error level, with its stack', async () => {
    const { app, printed } = await serverLogging('pretty');
    await app.inject('/broken');
    await app.close();
    const text = printed.join('');
    expect(text).toMatch(/ERROR unhandled error\n {4}Error: database went away\n\s+at /);
    expect(text).toMatch(/ERROR GET \/broken 500 /);
  });

  it('write one JSON object per request for machines (LOG_FORMAT=json)', async () => {
    const { app, printed } = await serverLogging('json');
    await app.inject('/reset-password?token=secret-token-123');
    await app.close();
    const lines = printed.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/reset-password?token=[redacted]' },
      res: { statusCode: 200 },
    });
  });

  it('print any other line with its fields, and text that is not JSON as it came', () => {
    const line = JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1), msg: 'database migrated', applied: ['001'] });
    expect(formatLogLine(line)).toMatch(/^\d\d:\d\d:\d\d WARN {2}database migrated applied=\["001"\]$/);
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });
});

describe('the request line', () => {
  /** The server's JSON request lines as written, with pino's own path forced (`viaPino`) or not, and with `extra` options. */
  async function requestLines(extra: Record<string, unknown>) {
    const written: string[] = [];
    const stream = { write: (line: string) => void written.push(line) };
    const options = loggerOptions({ level: 'info', format: 'json' }, { write: () => true });
    const app = Fastify({
      logger: { ...(options as object), stream, ...extra },
      logController: new RequestLogController(),
      childLoggerFactory: lazyChildLoggerFactory,
    });
    registerErrorHandler(app);
    app.get('/menu', () => ({ ok: true }));
    app.get('/talkative', (request) => {
      request.log.info('looked at the menu');
      return { ok: true };
    });
    app.get('/broken', () => {
      throw new Error('database went away');
    });
    await app.ready();
    await app.inject('/menu?search=caf%C3%A9%20%22latte%22%E2%80%A8&token=secret');
    await app.inject({ url: '/menu', headers: { host: 'shop."example"\\' }, remoteAddress: '10.0.0.7' });
    await app.inject('/talkative');
    await app.inject('/nothing-here');
    await app.inject('/broken');
    await app.close();
    // The moment and the duration differ from run to run; everything else is compared byte for byte.
    return written.map((line) => line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[0-9.e-]+/, '"responseTime":0'));
  }

  it('is written byte for byte as pino writes it', async () => {
    // An identity streamWrite hook changes nothing in the lines but makes pino write each one itself.
    const viaPino = await requestLines({ hooks: { streamWrite: (line: string) => line } });
    const lines = await requestLines({});
    expect(lines).toEqual(viaPino);
    expect(lines.filter((line) => line.includes('"msg":"request completed"'))).toHaveLength(5);
    expect(lines[0]).toContain(String.raw`"url":"/menu?search=caf%C3%A9%20%22latte%22%E2%80%A8&token=[redacted]"`);
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ reqId: 'req-2', req: { host: 'shop."example"\\', remoteAddress: '10.0.0.7' }, res: { statusCode: 200 } });
  });

  it('carries what a logger adds to every line (a mixin)', async () => {
    const lines = await requestLines({ mixin: () => ({ region: 'jakarta' }) });
    expect(lines.filter((line) => line.includes('"msg":"request completed"') && line.includes('"region":"jakarta"'))).toHaveLength(5);
  });
});

describe('LOG_FORMAT', () => {
  it('is json in production and pretty elsewhere unless set, and refuses anything else', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'colour' })).toThrow(/^Invalid LOG_FORMAT="colour": expected pretty/);
  });
});

describe('the level of a 5xx line', () => {
  it('is warn for a 503 sent on purpose (busy decoding pictures), error for the unexpected', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLogController() });
    registerErrorHandler(app);
    app.get('/busy', () => {
      throw new AppError(503, DECODE_BUSY_MESSAGE, undefined, { 'Retry-After': '5' });
    });
    app.get('/broken', () => {
      throw new Error('database went away');
    });
    expect((await app.inject('/busy')).statusCode).toBe(503);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, 'request completed']]);
    lines.length = 0;
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[50, 'unhandled error'], [50, 'request completed']]);
    await app.close();
  });
});

describe('JSON log lines written in batches', () => {
  const line = (level: number, msg: string) => `${JSON.stringify({ level, msg })}\n`;

  it('hands the held lines over in order, at once when an error comes, and all of them when asked', () => {
    const written: string[] = [];
    const output = batchedLines({ write: (text: string) => void written.push(text) });
    output.write(line(30, 'request completed'));
    output.write(line(40, 'draining'));
    expect(written).toEqual([]);
    output.write(line(50, 'unhandled error'));
    expect(written).toEqual([line(30, 'request completed') + line(40, 'draining') + line(50, 'unhandled error')]);
    output.write(line(30, 'after'));
    output.flush();
    expect(written.slice(1)).toEqual([line(30, 'after')]);
  });

  it('writes when the held lines reach the batch size, never holding more', () => {
    const written: string[] = [];
    const output = batchedLines({ write: (text: string) => void written.push(text) });
    const one = line(30, 'x'.repeat(200));
    const count = Math.ceil(LOG_BATCH_CHARACTERS / one.length);
    for (let i = 0; i < count; i += 1) output.write(one);
    expect(written).toEqual([one.repeat(count)]);
    output.flush();
  });
});
