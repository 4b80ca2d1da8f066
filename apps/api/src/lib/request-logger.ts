import { tracingChannel } from 'node:diagnostics_channel';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { serializeRequestForLog } from './log-redaction.js';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Pino loggers answer isLevelEnabled; Fastify's own type does not promise it. */
interface LevelAwareLogger extends FastifyBaseLogger {
  isLevelEnabled?(level: string): boolean;
}

/**
 * `request.log` that creates its pino child (the one that carries `reqId`) the first time something is
 * logged at an enabled level. Fastify makes that child for every request, and at LOG_LEVEL=warn (or with
 * request logging off) most requests never log a line: building it measured about 1.5 µs of the ~60 µs a
 * cached catalogue answer costs. Whatever is logged comes out exactly as from the eager child.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  readonly #parent: LevelAwareLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: LevelAwareLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: Level, args: unknown[]): void {
    // The child inherits the parent's level (the factory below never makes a lazy child with its own level).
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(level) === false) return;
    const real = this.#real();
    Reflect.apply(real[level], real, args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  /**
   * Writes the request's "request completed" line (`fields` in this order: req, res, responseTime) without making
   * the pino child, when the line can be built exactly as the child would write it; false when it cannot (pino must).
   */
  writeCompleted(level: Level, fields: CompletedFields): boolean {
    if (this.#child !== undefined || !plainPino(this.#parent)) return false;
    if (this.#parent.isLevelEnabled?.(level) !== true) return true;
    const parent = this.#parent as unknown as PinoLogger;
    const serializers = pinoField<Serializers>(parent, serializersSym);
    let bindings = '';
    for (const key in this.#bindings) {
      const value = (this.#bindings as Record<string, unknown>)[key];
      if (value === undefined || !Object.hasOwn(this.#bindings, key)) continue;
      // pino reads these as child options, not as fields of the line (asChindings): left to pino.
      if (key === 'level' || key === 'serializers' || key === 'formatters' || key === 'customLevels' || serializers[key]) return false;
      const json = jsonOf(value);
      if (json === undefined) return false;
      bindings += `,"${key}":${json}`;
    }
    const prefix = pinoField<Record<number, string | undefined>>(parent, lsCacheSym)[parent.levels.values[level] ?? -1];
    if (prefix === undefined) return false;
    let line = prefix + pinoField<() => string>(parent, timeSym)() + pinoField<string>(parent, chindingsSym) + bindings;
    const req = serializers.req ? serializers.req(fields.req) : fields.req;
    const res = serializers.res ? serializers.res(fields.res) : fields.res;
    // Objects (what the serializers return) are written as JSON.stringify writes them; anything else as pino does.
    if (typeof req !== 'object' || req === null || typeof res !== 'object' || res === null) return false;
    const reqJson = jsonOf(req);
    const resJson = jsonOf(res);
    if (reqJson === undefined || resJson === undefined) return false;
    line += `,"req":${reqJson},"res":${resJson}`;
    if (fields.responseTime !== undefined) line += `,"responseTime":${Number.isFinite(fields.responseTime) ? fields.responseTime : null}`;
    line += `,"${pinoField<string>(parent, messageKeySym)}":${quoted(REQUEST_COMPLETED)}${pinoField<string>(parent, endSym)}`;
    pinoField<{ write(line: string): void }>(parent, streamSym).write(line);
    return true;
  }
}

/** Characters JSON.stringify escapes in a string (lone surrogates included): a string without them is written as it is. */
// eslint-disable-next-line no-control-regex
const ESCAPED_IN_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text), without its cost for the usual text that needs no escaping. */
function quoted(text: string): string {
  return ESCAPED_IN_JSON.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * JSON.stringify(value) for what a request line holds: a string, or an object of strings and numbers (the request and
 * answer as serialized) written key by key; anything else through JSON.stringify itself. Undefined where
 * JSON.stringify would throw (a cycle, a BigInt): pino has its own way with those.
 */
function jsonOf(value: unknown): string | undefined {
  if (typeof value === 'string') return quoted(value);
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      return JSON.stringify(value);
    }
    let json = '';
    for (const key of Object.keys(value)) {
      const field = (value as Record<string, unknown>)[key];
      let text: string | undefined;
      if (typeof field === 'string') text = quoted(field);
      else if (typeof field === 'number') text = Number.isFinite(field) ? String(field) : 'null';
      else text = JSON.stringify(field);
      if (text !== undefined) json += `${json === '' ? '' : ','}${quoted(key)}:${text}`;
    }
    return `{${json}}`;
  } catch {
    return undefined;
  }
}

interface CompletedFields {
  req: FastifyRequest;
  res: FastifyReply;
  responseTime: number;
}

type Serializers = Record<string, ((value: unknown) => unknown) | undefined>;
type PinoLogger = { levels: { values: Record<string, number | undefined> } };

const symbols = pino.symbols as typeof pino.symbols & { msgPrefixSym?: symbol };
const {
  chindingsSym,
  endSym,
  formattersSym,
  hooksSym,
  lsCacheSym,
  messageKeySym,
  mixinSym,
  needsMetadataGsym,
  nestedKeySym,
  serializersSym,
  streamSym,
  stringifiersSym,
  timeSym,
} = symbols;

/** What pino keeps on a logger under one of its symbols (pino/lib/proto.js reads the same to write a line). */
const pinoField = <T>(logger: object, symbol: symbol | undefined): T => (symbol ? (logger as Record<symbol, unknown>)[symbol] : undefined) as T;

/** Who watches pino build its lines (diagnostics_channel): while anyone does, pino builds them. */
const pinoLineTracing = tracingChannel('pino_asJson');
const plainLoggers = new WeakMap<object, boolean>();

/**
 * A pino logger that writes a line as level, time, its bindings, the fields as JSON and the message, and nothing
 * else: no mixin, hooks, formatters, redaction, nested key or message prefix, a plain destination. Such a logger's
 * "request completed" line is built here in a few concatenations, the same bytes: pino's own path (a child per
 * request, a generic walk over the fields, JSON.stringify of each) measured as about 3% more CPU per cached catalogue
 * answer. Any other logger (or one of another pino, whose symbols these are not) is left to pino.
 */
function plainPino(logger: object): boolean {
  if (pinoLineTracing.hasSubscribers) return false;
  let plain = plainLoggers.get(logger);
  if (plain === undefined) {
    const probe = {};
    const field = <T>(symbol: symbol | undefined) => pinoField<T | undefined>(logger, symbol);
    const stream = field<{ write?: unknown } & Record<symbol, unknown>>(streamSym);
    const hooks = field<{ logMethod?: unknown; streamWrite?: unknown }>(hooksSym);
    const formatters = field<{ log?: unknown; bindings?: (bindings: object) => object }>(formattersSym);
    const serializers = field<Serializers>(serializersSym);
    const messageKey = field<string>(messageKeySym);
    plain =
      typeof field(chindingsSym) === 'string' &&
      typeof field(timeSym) === 'function' &&
      typeof field(endSym) === 'string' &&
      typeof messageKey === 'string' &&
      typeof field(lsCacheSym) === 'object' &&
      typeof (logger as Partial<PinoLogger>).levels?.values === 'object' &&
      typeof stream?.write === 'function' &&
      stream[needsMetadataGsym] !== true &&
      Reflect.ownKeys(field<object>(stringifiersSym) ?? {}).length === 0 &&
      !field(mixinSym) &&
      !field(nestedKeySym) &&
      typeof field(symbols.msgPrefixSym) !== 'string' &&
      !hooks?.logMethod &&
      !hooks?.streamWrite &&
      !formatters?.log &&
      (formatters?.bindings === undefined || formatters.bindings(probe) === probe) &&
      serializers !== undefined &&
      serializers[messageKey] === undefined &&
      serializers.responseTime === undefined;
    plainLoggers.set(logger, plain);
  }
  return plain;
}

/**
 * Fastify's childLoggerFactory: lazy children for plain requests; an eager child as Fastify would make when a
 * route sets its own log level or serializers, or when the logger cannot say which levels are on.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) => {
  const parent = logger as LevelAwareLogger;
  if (options.level !== undefined || options.serializers !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(parent, bindings, options);
};

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
    const fields: CompletedFields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const onPurpose = deliberate.get(request.raw);
    const level = !error && onPurpose ? onPurpose : error || reply.statusCode >= 500 ? 'error' : 'info';
    const log = request.log;
    if (log instanceof LazyRequestLogger && log.writeCompleted(level, fields)) return;
    log[level](fields, REQUEST_COMPLETED);
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
 * Fastify's logger options for the server: JSON lines for machines (written in batches, `batchedLines`), or one
 * readable line per event for people, printed at once.
 */
export function loggerOptions(settings: LogSettings, out: PrettyOutput = process.stdout): FastifyServerOptions['logger'] {
  return {
    level: settings.level,
    serializers: { req: serializeRequestForLog },
    stream: settings.format === 'pretty' ? prettyLogStream(out) : batchedLines(out),
  };
}

/** Lines held at most this long before they are written (a quiet shop's lines still show within a moment). */
export const LOG_BATCH_DELAY_MS = 100;
/** ...or until this many characters are held. */
export const LOG_BATCH_CHARACTERS = 32 * 1024;

/** The flushes of the batched outputs holding lines now: one exit listener writes them all. */
const heldOutputs = new Set<() => void>();
let flushingAtExit = false;

/**
 * A pino destination that hands the lines to `out` together: at most LOG_BATCH_DELAY_MS after the first, when
 * LOG_BATCH_CHARACTERS are held, at once for an error or fatal line (the lines before it with it), and when the
 * process exits (process.exit, a crash). A write per line, as pino's default destination makes (a system call
 * each), measured as about a third of the CPU a cached catalogue answer costs with a line per request; in batches
 * it is a few system calls a second. The order of the lines is kept; what a SIGKILL interrupts loses at most the
 * last 100 ms of lines.
 */
export function batchedLines(out: PrettyOutput): { write(line: string): void; flush(): void } {
  if (!flushingAtExit) {
    flushingAtExit = true;
    process.once('exit', () => {
      for (const flush of heldOutputs) flush();
    });
  }
  let held = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (held === '') return;
    const text = held;
    held = '';
    heldOutputs.delete(flush);
    out.write(text);
  };
  return {
    write(line) {
      held += line;
      heldOutputs.add(flush);
      // pino's lines begin with their level: 50 error, 60 fatal.
      if (held.length >= LOG_BATCH_CHARACTERS || line.startsWith('{"level":5') || line.startsWith('{"level":6')) flush();
      else timer ??= setTimeout(flush, LOG_BATCH_DELAY_MS).unref();
    },
    flush,
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
