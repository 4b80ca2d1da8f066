import type { OrderResponse, OrderStreamEvent } from '@coffee/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, placeOrder, testClock } from '../../test/orders.js';
import { openSse, type SseMessage } from '../../test/sse.js';
import { createTestApp, useTestApp } from '../../test/test-app.js';

const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let base: string;
let staff: SignedInUser;
let product: { id: number };

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  product = await createProduct(ctx.database, { priceIdr: 20_000 });
});

async function placedOrder(customer?: SignedInUser) {
  const who = customer ?? (await signUpAndSignIn(ctx));
  await addToCart(ctx, who, { productId: product.id, quantity: 1 });
  const res = await placeOrder(ctx, who, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' });
  expect(res.statusCode).toBe(201);
  return { customer: who, order: res.json<OrderResponse>().data };
}

const staffMove = async (app: FastifyInstance, orderId: number, status: string) => {
  const res = await app.inject({ method: 'PATCH', url: `/api/v1/staff/orders/${orderId}/status`, headers: staff.headers, payload: { status } });
  expect(res.statusCode).toBe(200);
};

const orderEvents = (messages: SseMessage[]) =>
  messages.filter((m) => m.event === 'order').map((m) => ({ id: Number(m.id), ...(JSON.parse(m.data) as OrderStreamEvent) }));
const isStep = (orderId: number, kind: string) => (m: SseMessage) =>
  m.event === 'order' && (JSON.parse(m.data) as OrderStreamEvent).orderId === orderId && (JSON.parse(m.data) as OrderStreamEvent).kind === kind;

describe('live order steps (GET /orders/events, /staff/orders/events)', () => {
  it('replays my steps after Last-Event-ID, and never another customer\'s', async () => {
    const mine = await placedOrder();
    const theirs = await placedOrder();
    await staffMove(ctx.app, mine.order.id, 'preparing');
    await staffMove(ctx.app, theirs.order.id, 'preparing');

    const stream = await openSse(`${base}/api/v1/orders/events`, { cookie: mine.customer.cookie, 'last-event-id': '0' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.waitFor(isStep(mine.order.id, 'preparing'));
    stream.close();

    const events = orderEvents(stream.messages);
    expect(events.map((e) => [e.orderId, e.kind, e.status])).toEqual([
      [mine.order.id, 'placed', 'preparing'],
      [mine.order.id, 'preparing', 'preparing'],
    ]);
    // The SSE id is the step's number, increasing.
    expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    expect(events.every((e) => e.id === e.eventId)).toBe(true);

    // Resuming from the first step sends only what came after it.
    const resumed = await openSse(`${base}/api/v1/orders/events?since=${events[0]!.id}`, { cookie: mine.customer.cookie });
    await resumed.waitFor(isStep(mine.order.id, 'preparing'));
    resumed.close();
    expect(orderEvents(resumed.messages).map((e) => e.kind)).toEqual(['preparing']);
  });

  it('delivers a staff move live to the customer, and a step missed while away on reconnect', async () => {
    const { customer, order } = await placedOrder();
    const other = await placedOrder();
    const stream = await openSse(`${base}/api/v1/orders/events`, { cookie: customer.cookie });
    const ready = await stream.waitFor((m) => m.event === 'ready');

    const movedAt = Date.now();
    await staffMove(ctx.app, other.order.id, 'preparing');
    await staffMove(ctx.app, order.id, 'preparing');
    const live = await stream.waitFor(isStep(order.id, 'preparing'));
    expect(Date.now() - movedAt).toBeLessThan(2_000);
    expect(JSON.parse(live.data)).toMatchObject({ orderId: order.id, kind: 'preparing', status: 'preparing' });
    expect(Number(live.id)).toBeGreaterThan(Number(ready.id));
    stream.close();
    expect(orderEvents(stream.messages).map((e) => e.orderId)).toEqual([order.id]);

    // Away (no connection) while the order became ready: the browser reconnects with the last id it saw.
    await staffMove(ctx.app, order.id, 'ready');
    const back = await openSse(`${base}/api/v1/orders/events`, { cookie: customer.cookie, 'last-event-id': String(live.id) });
    await back.waitFor(isStep(order.id, 'ready'));
    back.close();
    expect(orderEvents(back.messages).map((e) => e.kind)).toEqual(['ready']);
  });

  it('shows staff a new order from any customer, and a move made by another process on the same database', async () => {
    const stream = await openSse(`${base}/api/v1/staff/orders/events`, { cookie: staff.cookie });
    await stream.waitFor((m) => m.event === 'ready');
    const { order } = await placedOrder();
    await stream.waitFor(isStep(order.id, 'placed'));

    // A second app (its own feed, no in-process link to the first) writes the step; the first one's stream tells it.
    const other = await buildApp({ config: ctx.config, database: ctx.database, now: clock.now });
    try {
      await other.ready();
      await staffMove(other, order.id, 'preparing');
      await stream.waitFor(isStep(order.id, 'preparing'), 2_500);
    } finally {
      stream.close();
      await other.close();
    }
  });

  it('keeps customers and visitors off the staff stream', async () => {
    const customer = await signUpAndSignIn(ctx);
    const asCustomer = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders/events', headers: customer.headers });
    expect(asCustomer.statusCode).toBe(403);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders/events' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: expect.any(String) as unknown });
  });

  it('is never compressed, so each step reaches the page at once', async () => {
    const { customer } = await placedOrder();
    const stream = await openSse(`${base}/api/v1/orders/events?since=0`, { cookie: customer.cookie, 'accept-encoding': 'br, gzip' });
    await stream.waitFor((m) => m.event === 'order');
    stream.close();
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toContain('no-store');
  });
});

describe('a stream while the server drains', () => {
  it('ends at once, and does not hold the drain as a request in flight would', async () => {
    const own = await createTestApp({}, { now: clock.now });
    try {
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const customer = await signUpAndSignIn(own);
      const stream = await openSse(`${url}/api/v1/orders/events`, { cookie: customer.cookie });
      await stream.waitFor((m) => m.event === 'ready');

      const started = Date.now();
      const drained = own.app.drain({ graceMs: 1_000 });
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(500);
      await drained;
      // A request still in flight would keep the drain going for twice the grace time.
      expect(Date.now() - started).toBeLessThan(1_800);
    } finally {
      await own.close();
    }
  });
});
