import type { OrderResponse } from '@coffee/contract';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../test/auth.js';
import { createProduct } from '../test/factories.js';
import { httpRequest } from '../test/http-client.js';
import { addToCart, placeOrder, testClock } from '../test/orders.js';
import { openSse } from '../test/sse.js';
import { createTestApp, useTestApp } from '../test/test-app.js';
import { listenForMetrics } from './metrics.js';

const TOKEN = 'scrape-me-0123456789abcdef';
const clock = testClock();
const ctx = useTestApp({ METRICS_TOKEN: TOKEN }, { now: clock.now });
let base: string;

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

/** The scrape, parsed (the parser throws on a line that is not Prometheus text), and its text. */
const scrape = async (): Promise<{ families: Map<string, PrometheusFamily>; text: string }> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { families: new Map(parsePrometheusTextFormat(res.body).map((family) => [family.name, family])), text: res.body };
};
const valueOf = (families: Map<string, PrometheusFamily>, name: string, labels: Record<string, string> = {}): number => {
  const family = families.get(name);
  if (!family) throw new Error(`no ${name} in the scrape`);
  const sample = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (!sample) throw new Error(`no ${name} ${JSON.stringify(labels)}`);
  return Number(sample.value ?? sample.count);
};

describe('GET /metrics', () => {
  it('answers 401 without the token or with another one, and is not public', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('coffee_');
    const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('shows requests, orders, streams, cache, slots, event loop, database and Redis after a mixed load', async () => {
    const staff = await signUpAndSignIn(ctx, { role: 'staff' });
    const customer: SignedInUser = await signUpAndSignIn(ctx);
    const coffee = await createProduct(ctx.database, { priceIdr: 20_000 });
    for (let i = 0; i < 5; i += 1) expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${coffee.id}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/products/999999' })).statusCode).toBe(404);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await addToCart(ctx, customer, { productId: coffee.id, quantity: 1 });
      const placed = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T16:00' });
      expect(placed.statusCode).toBe(201);
      ids.push(placed.json<OrderResponse>().data.id);
    }
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${ids[0]}/cancel`, headers: customer.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${ids[1]}/mark-paid`, headers: staff.headers })).statusCode).toBe(200);
    const stream = await openSse(`${base}/api/v1/orders/events`, { cookie: customer.cookie });
    await stream.waitFor((m) => m.event === 'ready');
    // Through the real port too: the route and status labels of what a browser sent.
    expect((await httpRequest(`${base}/api/v1/products?cat=coffee`)).status).toBe(200);

    const { families: m, text } = await scrape();
    stream.close();
    expect(valueOf(m, 'coffee_http_requests_total', { method: 'GET', route: '/api/v1/products', status: '200' })).toBeGreaterThanOrEqual(6);
    expect(valueOf(m, 'coffee_http_requests_total', { route: '/api/v1/products/:id', status: '404' })).toBe(1);
    expect(valueOf(m, 'coffee_http_requests_total', { method: 'POST', route: '/api/v1/orders', status: '201' })).toBe(3);
    // Labelled by the route's template, never by the raw address (one series per product would grow for ever).
    expect(m.get('coffee_http_requests_total')!.metrics.some((s) => s.labels?.route?.split('/').includes(String(coffee.id)))).toBe(false);
    // The parser keeps a labelled histogram's buckets only, so its count and sum are read from the text itself.
    expect(m.get('coffee_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const series = (suffix: string) =>
      Number(new RegExp(`^coffee_http_request_duration_seconds_${suffix}\\{[^}]*route="/api/v1/products",status="200"[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(series('count')).toBeGreaterThanOrEqual(6);
    expect(series('sum')).toBeGreaterThan(0);
    expect(series('sum')).toBeLessThan(60);
    expect(valueOf(m, 'coffee_orders_placed_total')).toBe(3);
    expect(valueOf(m, 'coffee_orders_cancelled_total')).toBe(1);
    expect(valueOf(m, 'coffee_orders_paid_total')).toBe(1);
    expect(valueOf(m, 'coffee_live_streams_open')).toBe(1);
    expect(valueOf(m, 'coffee_live_streams_refusals_held')).toBe(0);
    expect(valueOf(m, 'coffee_answer_cache_lookups', { result: 'hit' })).toBeGreaterThanOrEqual(4);
    expect(valueOf(m, 'coffee_answer_cache_lookups', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    const fill = m.get('coffee_slot_fill_ratio')!.metrics;
    expect(fill.length).toBeGreaterThan(0);
    for (const sample of fill) {
      expect(Number(sample.value)).toBeGreaterThanOrEqual(0);
      expect(Number(sample.value)).toBeLessThanOrEqual(1);
    }
    // Two orders are still in today's pick-up slots (the cancelled one gave its place back).
    const pickUpTaken = m.get('coffee_slot_orders_taken')!.metrics.filter((s) => s.labels?.method === 'pick-up').reduce((sum, s) => sum + Number(s.value), 0);
    expect(pickUpTaken).toBe(2);
    expect(valueOf(m, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(m, 'nodejs_eventloop_lag_seconds')).toBeLessThan(5);
    expect(valueOf(m, 'coffee_database_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(m, 'coffee_redis_up')).toBe(-1);
  });

  it('on METRICS_PORT answers on a listener of its own, for the same token, and nothing else there', async () => {
    const server = await listenForMetrics(ctx.app.metrics!, { port: 0, host: '127.0.0.1', token: TOKEN }, ctx.app.log);
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // 401 without the token on both ports: the shop's and the metrics port.
      for (const url of [`${base}/metrics`, `http://127.0.0.1:${port}/metrics`]) {
        const refused = await httpRequest(url);
        expect(refused.status).toBe(401);
        expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(refused.body).not.toContain('coffee_');
        expect((await httpRequest(url, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } })).status).toBe(401);
      }
      const answer = await httpRequest(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(parsePrometheusTextFormat(answer.body).some((f) => f.name === 'coffee_http_requests_total')).toBe(true);
      expect((await httpRequest(`http://127.0.0.1:${port}/api/v1/products`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  it('has no /metrics at all', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('coffee_');
      expect(plain.app.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
