import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { AppError } from './errors.js';
import { loadTranslator } from './i18n.js';
import { DECODE_BUSY_MESSAGE } from './images.js';
import { formatLogLine, loggerOptions, RequestLogController } from './request-logger.js';

/** The server's logging (options from loggerOptions, one line per request), printing into an array. */
async function serverLogging(format: 'pretty' | 'json') {
  const printed: string[] = [];
  const out = { write: (text: string) => void printed.push(text), isTTY: false };
  const app = Fastify({ logger: loggerOptions({ level: 'info', format }, out), logController: new RequestLogController() });
  registerErrorHandler(app, await loadTranslator());
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
    registerErrorHandler(app, await loadTranslator());
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
