import { PassThrough } from 'node:stream';
import {
  ErrorResponse,
  ORDER_STREAM_EVENT,
  ORDER_STREAM_READY_EVENT,
  OrderStreamHeaders,
  OrderStreamQuery,
  StaffDayStatsResponse,
  StaffStatsQuery,
} from '@coffee/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn, staffWith } from '../../lib/current-user.js';
import { refusedInFlood } from '../../lib/request-logger.js';
import { API_PREFIX } from '../../plugins/module-context.js';
import { localeOf } from '../../plugins/error-handler.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import type { EventsService, StreamViewer } from './events.service.js';
import type { RefusalPace } from './refusal-pace.js';
import type { StreamCaps, StreamRefusal } from './stream-caps.js';

export interface EventRoutesOptions {
  events: EventsService;
  /** How many streams may be open per user, per client address and in all (stream-caps.ts). */
  caps: StreamCaps;
  /** Answers a refused stream (429, Retry-After) and sums the refusals up in the log. */
  refuser: StreamRefuser;
  /** The sessions the streams were opened with: a stream ends with its session. */
  sessions: StreamSessions;
  /**
   * Between comment lines that keep proxies and browsers from closing a quiet stream; also how often the sessions of
   * the open streams are checked for ones ended by another process.
   */
  heartbeatMs?: number;
}

/** The auth module's sessions, as far as the streams need them (app.ts passes just these two functions). */
export interface StreamSessions {
  /**
   * Sessions ended in this process: one, or every one of an account but `except` (a password change). Their streams
   * end at once.
   */
  onEnded(listener: (ended: { sessionId: number } | { userId: number; except?: number | undefined }) => void): void;
  /** Which of these sessions are still live: one query for all of this process's open streams. */
  liveSessionIds(sessionIds: readonly number[]): Promise<ReadonlySet<number>>;
}

const RETRY_AFTER_SECONDS = 30;

const STREAM_ANSWER = z
  .string()
  .describe(
    'text/event-stream: first `event: ready` (its `id:` is where the stream starts), then one `event: order` per step with `id:` the step\'s ' +
      'number and `data:` an OrderStreamEvent as JSON; comment lines (`:`) every 15 seconds keep it open',
  );

const streamDescription = (whose: string) =>
  [
    `Live steps of ${whose} as Server-Sent Events (open it with EventSource).`,
    '- On reconnect the browser sends `Last-Event-ID` (or send `?since=`): every step after it is sent first, from the database, then the new ones as',
    '  they happen, so no step is lost between two connections. Without either, only new steps are sent.',
    '- The stream ends when the server restarts; EventSource reconnects by itself after a second and resumes.',
    '- The stream also ends when its session does (sign-out, a password change on another device); reconnecting then answers 401.',
    '- 429 with `Retry-After` when too many streams are open for this account, this client address or this server',
    '  (STREAM_LIMIT_PER_USER, STREAM_LIMIT_PER_ADDRESS, STREAM_LIMIT_TOTAL).',
  ].join('\n');

/** `Last-Event-ID` as a number; anything else is ignored (the header is the browser's, not typed by anyone). */
function lastEventId(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** A refused stream's 429, in the customer's words: which cap and what to do. */
const REFUSALS: Record<StreamRefusal, string> = {
  user: /*i18n*/ 'You have too many live order pages open: close a few tabs or windows of the shop, then reload this page',
  address: /*i18n*/ 'Too many live order pages are open from your network: close a few, then reload this page',
  total: /*i18n*/ 'Live order updates are busy right now: reload this page in a minute',
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const SESSION_IN_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;\\s]+)`);

/** The session token a stream attempt came with (Bearer header, else the session cookie), read from the headers. */
function streamCredential(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return BEARER.exec(authorization)?.[1];
  const cookie = request.headers.cookie;
  return cookie === undefined ? undefined : SESSION_IN_COOKIE.exec(cookie)?.[1];
}

/** How often at most the refusals are summed up in the log (the first one after a quiet spell at once). */
const REFUSAL_LOG_EVERY_MS = 60_000;

/** Refuses streams over the caps, from the early hook and from the route alike. */
export interface StreamRefuser {
  /**
   * The 429 of a refused stream, `Connection: close` so that the attempt then holds no socket: sent at once, or held
   * until its address's turn when that address keeps coming back (refusal-pace.ts). Settles once sent.
   */
  refuse(request: FastifyRequest, reply: FastifyReply, refusedBy: StreamRefusal): Promise<FastifyReply>;
  /** Refusals held for their turn now. */
  held(): number;
  /** Sends every held refusal at once and holds none from then on (the server draining or closing). */
  flush(): void;
}

/**
 * A flood is thousands of refusals: each one's request line is logged at `debug`, and one `warn` line sums them up,
 * at most once a minute (the metrics count every one, `coffee_live_streams_refused`).
 */
export function createStreamRefuser(
  log: { warn(obj: object, msg: string): void },
  pace: RefusalPace,
  retryAfterSeconds = RETRY_AFTER_SECONDS,
): StreamRefuser {
  const unreported: Record<StreamRefusal, number> = { user: 0, address: 0, total: 0 };
  let lastReport = -Infinity;
  const send = (reply: FastifyReply, refusedBy: StreamRefusal) =>
    reply
      .code(429)
      .header('retry-after', String(retryAfterSeconds))
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send({ message: reply.request.server.translator.translate(REFUSALS[refusedBy], localeOf(reply.request)) });
  return {
    held: () => pace.pending(),
    flush: () => pace.flush(),
    refuse(request, reply, refusedBy) {
      unreported[refusedBy] += 1;
      const now = performance.now();
      if (now - lastReport >= REFUSAL_LOG_EVERY_MS) {
        lastReport = now;
        log.warn({ refusedStreams: { ...unreported }, address: request.ip }, 'live order streams refused over their caps (429)');
        unreported.user = unreported.address = unreported.total = 0;
      }
      refusedInFlood(request);
      return new Promise((resolve) =>
        pace.schedule(
          request.ip,
          () => resolve(send(reply, refusedBy)),
          () => request.raw.socket.destroyed,
        ),
      );
    },
  };
}

/**
 * Turns stream attempts away before their session is looked up (registered before the session plugin), when this
 * process already counts their address, their credential's account or its total at a cap: a flood of attempts then
 * costs no database read each. What it cannot tell from memory (a first attempt, another process's streams) goes on
 * to the route and `caps.take`.
 */
export function refuseStreamsEarly(app: FastifyInstance, caps: StreamCaps, refuser: StreamRefuser): void {
  const streamRoutes = new Set([`${API_PREFIX}/orders/events`, `${API_PREFIX}/staff/orders/events`]);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !streamRoutes.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    const refusedBy = caps.refusesEarly(request.ip, streamCredential(request));
    // Answered by the refuser, now or at the address's turn: the request goes no further.
    if (refusedBy) void refuser.refuse(request, reply, refusedBy);
    else done();
  });
}

/**
 * Ends the streams whose session has ended, so a signed-out browser stops receiving order steps and the cap places
 * they held come free (the early hook then no longer knows their credential, and a new attempt with it is answered
 * 401 by the session lookup, not 429). Sessions ended in this process end their streams at once; those ended by
 * another process (several share one database) within `checkMs`, by one query for all of this process's open streams.
 */
function endStreamsWithTheirSessions(
  open: ReadonlyMap<() => void, { userId: number; sessionId: number }>,
  sessions: StreamSessions,
  checkMs: number,
  log: { warn(obj: object, msg: string): void },
): { stop(): void } {
  sessions.onEnded((ended) => {
    for (const [end, owner] of [...open]) {
      const gone = 'sessionId' in ended ? owner.sessionId === ended.sessionId : owner.userId === ended.userId && owner.sessionId !== ended.except;
      if (gone) end();
    }
  });
  let checking = false;
  const timer = setInterval(() => {
    if (open.size === 0 || checking) return;
    checking = true;
    // Only the sessions asked about: a stream opened while the query runs has a session not in its answer.
    const asked = new Set([...open.values()].map((owner) => owner.sessionId));
    sessions
      .liveSessionIds([...asked])
      .then((live) => {
        for (const [end, owner] of [...open]) if (asked.has(owner.sessionId) && !live.has(owner.sessionId)) end();
      })
      .catch((err: unknown) => log.warn({ err }, 'the sessions of the live order streams could not be checked'))
      .finally(() => (checking = false));
  }, checkMs);
  // The check never keeps the process alive on its own.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const message = (event: string, id: number, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Live order steps as Server-Sent Events for a customer (their own orders) and staff (all), and the day at a glance. */
export const eventRoutes: FastifyPluginCallbackZod<EventRoutesOptions> = (app, options, done) => {
  const { events, caps, refuser, sessions, heartbeatMs = 15_000 } = options;
  /** Each open stream's `end`, and the session it was opened with. */
  const open = new Map<() => void, { userId: number; sessionId: number }>();
  // A stream never finishes on its own: ended when the server drains, its client reconnects to a process that stays.
  app.onDrain(() => {
    for (const end of [...open.keys()]) end();
  });
  const endSessionStreams = endStreamsWithTheirSessions(open, sessions, heartbeatMs, app.log);
  app.addHook('onClose', (_app, next) => {
    endSessionStreams.stop();
    for (const end of [...open.keys()]) end();
    next();
  });

  async function stream(request: FastifyRequest, reply: FastifyReply, viewer: StreamViewer, since: number | undefined) {
    // Counted before anything is read or held: a refused stream costs one short answer, and closing its connection
    // gives the descriptor back at once (a client opening thousands must not hold thousands of idle sockets).
    const place = await caps.take(requireUser(request).id, request.ip, streamCredential(request));
    if (!place.ok) return refuser.refuse(request, reply, place.refusedBy);
    try {
      return await openedStream(request, reply, viewer, since, place.release);
    } catch (err) {
      place.release();
      throw err;
    }
  }

  async function openedStream(request: FastifyRequest, reply: FastifyReply, viewer: StreamViewer, since: number | undefined, release: () => void) {
    const after = lastEventId(request.headers['last-event-id'] as string | undefined) ?? since;
    const out = new PassThrough();
    const write = (chunk: string) => {
      if (!out.writableEnded && !out.destroyed) out.write(chunk);
    };
    // Reconnect after a second when the stream ends (a restart), not the browser's default of about three.
    write('retry: 1000\n\n');
    let ready = false;
    const pending: string[] = [];
    const opened = await events.openStream(viewer, after, (event) => {
      const text = message(ORDER_STREAM_EVENT, event.eventId, event);
      if (ready) write(text);
      else pending.push(text);
    });
    write(message(ORDER_STREAM_READY_EVENT, after ?? opened.startId, {}));
    for (const text of pending) write(text);
    ready = true;

    const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      opened.close();
      release();
      out.end();
    };
    const { id: userId, sessionId } = requireUser(request);
    open.set(end, { userId, sessionId });
    reply.raw.once('close', end);
    out.once('close', end);
    // The client may have gone while the steps were read: nobody would call `end` then.
    if (request.raw.socket.destroyed) end();

    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      // no-transform: a proxy must neither compress nor hold back a stream.
      .header('cache-control', 'no-store, no-transform')
      // nginx would otherwise buffer the stream.
      .header('x-accel-buffering', 'no')
      .send(out);
  }

  app.get(
    '/orders/events',
    {
      onRequest: signedIn,
      // Compressed, each message would wait in the compressor's buffer instead of reaching the page.
      compress: false,
      schema: {
        tags: ['Orders'],
        summary: 'Live steps of my orders (Server-Sent Events)',
        description: streamDescription('the signed-in customer\'s own orders (never another customer\'s)'),
        querystring: OrderStreamQuery,
        headers: OrderStreamHeaders,
        response: { 200: STREAM_ANSWER, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => stream(request, reply, { userId: requireUser(request).id }, request.query.since),
  );

  app.get(
    '/staff/orders/events',
    {
      onRequest: staffWith('orders'),
      compress: false,
      schema: {
        tags: ['Orders (staff)'],
        summary: 'Live steps of every order (Server-Sent Events)',
        description: streamDescription('every order: a new order shows as its `placed` step'),
        querystring: OrderStreamQuery,
        headers: OrderStreamHeaders,
        response: { 200: STREAM_ANSWER, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => stream(request, reply, 'staff', request.query.since),
  );

  app.get(
    '/staff/stats',
    {
      onRequest: staffWith('orders'),
      schema: {
        tags: ['Orders (staff)'],
        summary: 'A shop day at a glance',
        description:
          'Orders the customers get on the day (by the time they asked for, shop time), their sales, orders per hour and the busiest hours, in all and per store. Cancelled orders are counted apart.',
        querystring: StaffStatsQuery,
        response: { 200: StaffDayStatsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ data: await events.dayStats(request.query.date) }),
  );

  done();
};
