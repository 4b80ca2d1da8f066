import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { DeliveryMethod } from '@coffee/contract';
import type { FastifyInstance } from 'fastify';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';

/** What the metrics read at each scrape, from the services that own it (app.ts wires them). */
export interface MetricSources {
  /** Live order streams open in this process, refusals by cap so far, and refusals held for their turn now. */
  streams: () => { open: number; refusals: Record<string, number>; held: number };
  /** The catalogue's answer caches: hits and misses so far. */
  answerCache: () => { hits: number; misses: number };
  /** Today's slots per store and method: orders taken and places in all. */
  slotFill: () => Promise<{ store: string; method: DeliveryMethod; taken: number; capacity: number }[]>;
  /** Database connections: in use, idle, waiting requests, the most there may be. */
  databasePool: () => { total: number; idle: number; waiting: number; max: number };
  /** Null without REDIS_URL; else whether its connection is ready now. */
  redis: (() => boolean) | null;
}

export interface MetricsSettings {
  /** METRICS_TOKEN: /metrics on the shop's port, for `Authorization: Bearer <token>` only. */
  token: string | null;
  /** METRICS_PORT: /metrics on a listener of its own (server.ts), for the same Bearer token. */
  port: number | null;
}

export interface ShopMetrics {
  registry: Registry;
  /** Counts committed order steps: placed, paid, cancelled. */
  countOrderSteps(steps: readonly { kind: string }[]): void;
  observeRequest(labels: { method: string; route: string; status: string }, seconds: number): void;
  render(): Promise<{ contentType: string; body: string }>;
}

/** Request durations in seconds: most answers take a few milliseconds, a slow one seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics (prom-client): one registry per app, so tests that build several apps never share series.
 * HTTP counts and durations are labelled by route template (never the raw URL: ids and queries would make a series
 * per product) and status.
 */
export function createShopMetrics(sources: MetricSources): ShopMetrics {
  // Required here, not imported at the top: a shop without METRICS_TOKEN or METRICS_PORT never loads prom-client.
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = createRequire(import.meta.url)('prom-client') as typeof PromClient;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'coffee_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'coffee_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const orderSteps = {
    placed: new Counter({ name: 'coffee_orders_placed_total', help: 'Orders placed', registers: [registry] }),
    paid: new Counter({ name: 'coffee_orders_paid_total', help: 'Orders marked paid', registers: [registry] }),
    cancelled: new Counter({ name: 'coffee_orders_cancelled_total', help: 'Orders cancelled (by the customer, the staff or expiry)', registers: [registry] }),
  };
  new Gauge({
    name: 'coffee_live_streams_open',
    help: 'Live order streams (Server-Sent Events) open in this process',
    registers: [registry],
    collect() {
      this.set(sources.streams().open);
    },
  });
  new Gauge({
    name: 'coffee_live_streams_refused',
    help: 'Live order streams refused so far (429), by the cap that refused them',
    labelNames: ['cap'] as const,
    registers: [registry],
    collect() {
      for (const [cap, n] of Object.entries(sources.streams().refusals)) this.set({ cap }, n);
    },
  });
  new Gauge({
    name: 'coffee_live_streams_refusals_held',
    help: 'Refused live-stream attempts held until their address\'s turn (STREAM_REFUSALS_PER_SECOND): a client flooding the streams',
    registers: [registry],
    collect() {
      this.set(sources.streams().held);
    },
  });
  new Gauge({
    name: 'coffee_answer_cache_lookups',
    help: 'Catalogue answer cache lookups so far, by result (hit or miss); the hit rate is hit / (hit + miss)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const { hits, misses } = sources.answerCache();
      this.set({ result: 'hit' }, hits);
      this.set({ result: 'miss' }, misses);
    },
  });
  const slotLabels = ['store', 'method'] as const;
  // The three slot gauges are collected together by one scrape: they share one read of the slots.
  let slotRead: ReturnType<MetricSources['slotFill']> | undefined;
  const readSlots = () =>
    (slotRead ??= sources.slotFill().finally(() => {
      slotRead = undefined;
    }));
  const slotGauge = (name: string, help: string, value: (fill: { taken: number; capacity: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: slotLabels,
      registers: [registry],
      async collect() {
        const fills = await readSlots();
        this.reset();
        for (const fill of fills) this.set({ store: fill.store, method: fill.method }, value(fill));
      },
    });
  slotGauge('coffee_slot_fill_ratio', "Share of today's remaining slot places taken (0 to 1), by store and method", (f) =>
    f.capacity > 0 ? f.taken / f.capacity : 0,
  );
  slotGauge('coffee_slot_orders_taken', "Orders in today's remaining slots, by store and method", (f) => f.taken);
  slotGauge('coffee_slot_capacity', "Places in today's remaining slots, by store and method", (f) => f.capacity);
  new Gauge({
    name: 'coffee_database_connections',
    help: 'Database connections by state (in-use, idle), requests waiting for one (waiting) and the most allowed (max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.databasePool();
      this.set({ state: 'in-use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });
  new Gauge({
    name: 'coffee_redis_up',
    help: 'Redis (REDIS_URL) reachable: 1, unreachable: 0; -1 when the shop runs without Redis',
    registers: [registry],
    collect() {
      this.set(sources.redis === null ? -1 : sources.redis() ? 1 : 0);
    },
  });

  return {
    registry,
    countOrderSteps(steps) {
      for (const step of steps) {
        if (step.kind === 'placed' || step.kind === 'paid' || step.kind === 'cancelled') orderSteps[step.kind].inc();
      }
    },
    observeRequest(labels, seconds) {
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** Every answered request into the HTTP series; /metrics itself is left out. */
export function registerRequestMetrics(app: FastifyInstance, metrics: ShopMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') metrics.observeRequest({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

function bearerMatches(header: string | undefined = '', token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const UNAUTHORISED = { challenge: 'Bearer realm="metrics"', message: 'Metrics need the METRICS_TOKEN as a Bearer token' };

/** GET /metrics on the shop's own port, only with METRICS_TOKEN set and sent as a Bearer token. */
export function registerMetricsRoute(app: FastifyInstance, metrics: ShopMetrics, token: string): void {
  app.get('/metrics', { schema: { hide: true }, compress: false }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', UNAUTHORISED.challenge).send({ message: UNAUTHORISED.message });
    }
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * METRICS_PORT: a listener that answers GET /metrics and nothing else, for the same token as the shop's port: a
 * firewall rule forgotten, or a HOST every network reaches, must not hand the shop's figures to anyone.
 */
export async function listenForMetrics(
  metrics: ShopMetrics,
  listen: { port: number; host: string; token: string },
  log: { error(obj: object, msg: string): void },
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Only GET /metrics here' }));
      return;
    }
    if (!bearerMatches(request.headers.authorization, listen.token)) {
      response
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': UNAUTHORISED.challenge })
        .end(JSON.stringify({ message: UNAUTHORISED.message }));
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, resolve);
  });
  return server;
}
