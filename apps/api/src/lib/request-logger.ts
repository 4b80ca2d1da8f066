import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { serializeRequestForLog } from './log-redaction.js';

const REQUEST_COMPLETED = 'request completed';

/**
 * Fastify's request log lines, one per request instead of two ("incoming request" and "request completed"):
 * the completed line carries the request too. A 5xx is at error level (the error handler adds a line with the
 * stack) unless it was sent on purpose (`answeredOnPurpose`: warn or info); a 4xx is the client's business, so it
 * is one ordinary line.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const onPurpose = deliberate.get(request.raw);
    const level = !error && onPurpose ? onPurpose : error || reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, REQUEST_COMPLETED);
  }
}

/** Requests answered with a 5xx on purpose, or refused in a flood, and the level their line is logged at. */
const deliberate = new WeakMap<object, 'debug' | 'info' | 'warn'>();

/**
 * This 5xx is sent on purpose (draining for a deploy, busy decoding pictures, limits paused while Redis is away):
 * its line is logged at `level`, not `error`, which is for the unexpected (a person is paged for those).
 */
export function answeredOnPurpose(request: FastifyRequest, level: 'info' | 'warn'): void {
  deliberate.set(request.raw, level);
}

/**
 * This request is one of a flood its route refuses and reports in a summary line of its own (live-stream attempts
 * over the caps): its line is logged at `debug`, so thousands of refusals do not cost thousands of lines.
 */
export function refusedInFlood(request: FastifyRequest): void {
  deliberate.set(request.raw, 'debug');
}

export interface LogSettings {
  level: string;
  format: 'pretty' | 'json';
}

/**
 * Fastify's logger options for the server: JSON lines for machines through pino's asynchronous destination (it
 * writes what gathered while the previous write was under way, and pino flushes it when the process exits), or one
 * readable line per event for people. `out` replaces standard output (tests).
 */
export function loggerOptions(settings: LogSettings, out?: PrettyOutput): FastifyServerOptions['logger'] {
  return {
    level: settings.level,
    serializers: { req: serializeRequestForLog },
    stream:
      settings.format === 'pretty'
        ? prettyLogStream(out ?? process.stdout)
        : (out ?? pino.destination({ dest: 1, sync: false })),
  };
}

export interface PrettyOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * A pino destination that prints each JSON line as `12:04:05 INFO  GET /api/v1/products 200 3.1 ms`. Written
 * here rather than taken from pino-pretty: our lines have few fields, and the one-line request format needs
 * the request, its status and its time together, which pino-pretty would print as a block of properties.
 */
export function prettyLogStream(out: PrettyOutput): { write(line: string): void } {
  const color = out.isTTY === true && !process.env.NO_COLOR;
  return {
    write(line) {
      out.write(`${formatLogLine(line, color)}\n`);
    },
  };
}

const LEVELS: Record<number, [name: string, color: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
};
/** Fields every line has, or that the request format already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'req', 'res', 'responseTime', 'err']);

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** One pino JSON line as one human line (plus the stack of an error). Not JSON: printed as it came. */
export function formatLogLine(line: string, color = false): string {
  let entry: PinoLine;
  try {
    entry = JSON.parse(line) as PinoLine;
  } catch {
    return line.trimEnd();
  }
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[39m` : text);
  const [levelName, levelColor] = LEVELS[entry.level ?? 30] ?? ['INFO ', 32];
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);

  let message = entry.msg ?? '';
  if (message === REQUEST_COMPLETED && entry.req && entry.res) {
    const status = entry.res.statusCode ?? 0;
    const statusText = status >= 500 ? paint(31, String(status)) : status >= 400 ? paint(33, String(status)) : String(status);
    message = `${entry.req.method} ${entry.req.url} ${statusText} ${(entry.responseTime ?? 0).toFixed(1)} ms`;
  }
  const extras = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const head = [paint(90, time), paint(levelColor, levelName), message, ...extras].filter(Boolean).join(' ');
  if (!entry.err) return head;
  const stack = entry.err.stack ?? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`;
  return `${head}\n${stack.replace(/^/gm, '    ')}`;
}
