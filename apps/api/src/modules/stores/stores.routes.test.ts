import type {
  ErrorResponse,
  OrderResponse,
  PlaceOrderConflict,
  StoreInput,
  StoreListResponse,
  StoreResponse,
  StoreSlotsResponse,
} from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../auth/sessions.service.js';
import { createUserService } from '../users/users.service.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { SAME_ORIGIN, signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, storeInput } from '../../test/factories.js';
import { addToCart, insertTestUser, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Monday 2026-11-23, 09:02 in Jakarta.
const clock = testClock(new Date('2026-11-23T02:02:00Z'));
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let productId: number;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  productId = (await createProduct(ctx.database, { priceIdr: 20_000 })).id;
});

let stores = 0;

/** A store staff add through the API; 15-minute slots, 10 minutes lead time by default. */
async function createStore(overrides: Partial<StoreInput> = {}): Promise<number> {
  stores += 1;
  const body = storeInput(`Kopi Test ${stores}`, {
    address: `Jl. Kemang Raya No. ${stores}, Jakarta Selatan`,
    ...overrides,
  });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: staff.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json<StoreResponse>().data.id;
}

/** A signed-in customer with one item in the cart, made without the password hashing of a sign-up (50 of them are needed). */
async function customerWithCart(): Promise<SignedInUser> {
  const user = await insertTestUser(ctx.database.db);
  const sessions = createSessionService({ db: ctx.database.db, accounts: createUserService({ db: ctx.database.db, uploadsDir: ctx.config.uploadsDir, now: () => new Date() }), policy: ctx.config.sessions, now: () => new Date() });
  const { token } = await sessions.startSession(user.id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const customer: SignedInUser = { userId: user.id, email: user.email, password: '', cookie, headers: { cookie, origin: SAME_ORIGIN } };
  const added = await addToCart(ctx, customer, { productId, quantity: 1 });
  expect(added.statusCode, added.body).toBe(200);
  return customer;
}

/** A new customer's cash pick-up at store `storeId` for `scheduledFor`. */
const pickUpAt = async (storeId: number, scheduledFor: string) =>
  placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor, storeId });

const slotsOf = async (storeId: number, query = 'method=pick-up') =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/stores/${storeId}/slots?${query}` })).json<StoreSlotsResponse>().data;

const rush = (storeId: number, body: Record<string, unknown>, by: SignedInUser = staff) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/stores/${storeId}/rush`, headers: by.headers, payload: body });

describe('the list of stores', () => {
  it("shows every store, the default first, with today's hours and whether it is open now", async () => {
    const id = await createStore({ openingHours: [{ day: 1, from: '10:00', to: '16:00' }] });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/stores' });
    expect(res.statusCode).toBe(200);
    const list = res.json<StoreListResponse>().data;
    expect(list[0]).toMatchObject({ isDefault: true, today: { date: '2026-11-23', hours: { from: '09:00', to: '18:00' }, openNow: true } });
    expect(list.find((s) => s.id === id)).toMatchObject({ isDefault: false, today: { hours: { from: '10:00', to: '16:00' }, openNow: false }, notice: null });
  });

  it('is managed by staff only', async () => {
    const customer = await customerWithCart();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: customer.headers, payload: {} });
    expect(res.statusCode).toBe(403);
    expect((await rush(1, { paused: true, extraPrepMinutes: 0 }, customer)).statusCode).toBe(403);
  });
});

describe('slots', () => {
  it('cut the day into 15-minute slots; as soon as possible is now plus lead time, rounded up to a slot', async () => {
    const id = await createStore();
    const day = await slotsOf(id);
    // 09:02 + 10 minutes lead = 09:12: the 09:15 slot. The 09:00 slot has begun and is not offered.
    expect(day.asap).toMatchObject({ startsAt: '2026-11-23T09:15', time: '09:15', capacity: 5, taken: 0, orderable: true });
    expect(day.slots.slice(0, 2).map((s) => s.time)).toEqual(['09:15', '09:30']);
    expect(day.slots.at(-1)?.time).toBe('18:00');

    const customer = await customerWithCart();
    const res = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId: id });
    expect(res.statusCode).toBe(201);
    const order = res.json<OrderResponse>().data;
    expect(order).toMatchObject({ isAsap: true, scheduledFor: '2026-11-23T09:15', store: { id, name: expect.stringContaining('Kopi Test') as unknown } });
    expect((await slotsOf(id)).asap).toMatchObject({ time: '09:15', taken: 1 });
  });

  it('as soon as possible moves to the next slot with room when one is full', async () => {
    const id = await createStore({ capacityPerSlot: { 'pick-up': 1, 'dine-in': 1, 'door-delivery': 1 } });
    const first = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId: id });
    const second = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId: id });
    expect([first.json<OrderResponse>().data.scheduledFor, second.json<OrderResponse>().data.scheduledFor]).toEqual([
      '2026-11-23T09:15',
      '2026-11-23T09:30',
    ]);
    const day = await slotsOf(id);
    expect(day.slots.slice(0, 2)).toMatchObject([
      { time: '09:15', taken: 1, orderable: false },
      { time: '09:30', taken: 1, orderable: false },
    ]);
    expect(day.asap?.time).toBe('09:45');
  });

  it('a store that is closed on a date has no slots then, and refuses orders for it', async () => {
    const id = await createStore({ closedDates: ['2026-11-24'] });
    expect((await slotsOf(id, 'method=pick-up&date=2026-11-24')).slots).toEqual([]);
    const res = await pickUpAt(id, '2026-11-24T10:00');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('scheduledFor');
  });

  it('a method the store does not offer is refused, naming the store', async () => {
    const id = await createStore({ deliveryMethods: ['pick-up'] });
    const res = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'dine-in', storeId: id });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'deliveryMethod', message: expect.stringContaining('does not offer Dine in') as unknown });
  });

  it('an order naming no store goes to the default store', async () => {
    const res = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T11:00' });
    expect(res.statusCode).toBe(201);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/stores' })).json<StoreListResponse>().data;
    expect(res.json<OrderResponse>().data.store?.id).toBe(list[0]?.id);
  });
});

describe('the cap holds', () => {
  it('50 customers at once for a slot of 5: exactly 5 are placed, 45 are refused with the next free slot', async () => {
    const id = await createStore();
    const customers = await Promise.all(Array.from({ length: 50 }, () => customerWithCart()));
    const answers = await Promise.all(
      customers.map((c) =>
        placeOrder(ctx, c, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T10:00', storeId: id }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      const body = refused.json<PlaceOrderConflict>();
      expect(body).toMatchObject({ field: 'scheduledFor', nextSlot: { startsAt: '2026-11-23T10:15', orderable: true } });
      expect(body.message).toContain('The 10:00 pickup slot');
      expect(body.message).toContain('The next free one is 10:15');
    }
    const tenOClock = (await slotsOf(id)).slots.find((s) => s.time === '10:00');
    expect(tenOClock).toMatchObject({ taken: 5, capacity: 5, orderable: false });
    const placed = await ctx.database.db.selectFrom('orders').where('store_id', '=', id).where('scheduled_for', '=', '2026-11-23T10:00').select('id').execute();
    expect(placed).toHaveLength(5);
  });

  it('a chosen time sooner than the lead time is refused with the earliest slot', async () => {
    const id = await createStore();
    const res = await pickUpAt(id, '2026-11-23T09:05');
    expect(res.statusCode).toBe(409);
    expect(res.json<PlaceOrderConflict>()).toMatchObject({ nextSlot: { time: '09:15' }, message: expect.stringContaining('The earliest pickup') as unknown });
  });
});

describe('rush control', () => {
  it('a pause until a time stops orders at once and says until when', async () => {
    const id = await createStore();
    const res = await rush(id, { paused: true, pausedUntil: '2026-11-23T10:30', extraPrepMinutes: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json<StoreResponse>().data).toMatchObject({ paused: true, pausedUntil: '2026-11-23T10:30', notice: 'This store is not taking online orders until 10:30.' });

    const day = await slotsOf(id);
    expect(day.notice).toBe('This store is not taking online orders until 10:30.');
    expect(day.asap).toBeNull();
    expect(day.slots.every((s) => !s.orderable)).toBe(true);
    const refused = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().message).toBe('This store is not taking online orders until 10:30.');

    // Once the time has come, ordering opens again by itself.
    clock.set('2026-11-23T03:30:00Z');
    try {
      const again = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId: id });
      expect(again.statusCode).toBe(201);
      expect(again.json<OrderResponse>().data.scheduledFor).toBe('2026-11-23T10:45');
    } finally {
      clock.set('2026-11-23T02:02:00Z');
    }
  });

  it('a pause with no end lasts until staff resume', async () => {
    const id = await createStore();
    await rush(id, { paused: true, pausedUntil: null, extraPrepMinutes: 0 });
    expect((await slotsOf(id)).notice).toBe('This store is not taking online orders right now. Please choose another store or try again later.');
    await rush(id, { paused: false, extraPrepMinutes: 0 });
    const day = await slotsOf(id);
    expect(day.notice).toBeNull();
    expect(day.asap?.time).toBe('09:15');
  });

  it('extra preparation minutes move as soon as possible later and say so', async () => {
    const id = await createStore();
    await rush(id, { paused: false, extraPrepMinutes: 20 });
    // 09:02 + 10 lead + 20 extra = 09:32: the 09:45 slot.
    const day = await slotsOf(id);
    expect(day.asap?.time).toBe('09:45');
    expect(day.notice).toBe('This store is very busy: the next pickup is 09:45.');
    const res = await placeOrder(ctx, await customerWithCart(), { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId: id });
    expect(res.json<OrderResponse>().data.scheduledFor).toBe('2026-11-23T09:45');
  });

  it('refuses a pause ending in the past', async () => {
    const id = await createStore();
    const res = await rush(id, { paused: true, pausedUntil: '2026-11-23T08:00', extraPrepMinutes: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'pausedUntil', message: expect.stringContaining('has already passed') as unknown });
  });
});

describe('a cancelled order', () => {
  it('gives its place in the slot back', async () => {
    const id = await createStore({ capacityPerSlot: { 'pick-up': 1, 'dine-in': 1, 'door-delivery': 1 } });
    const body = { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: '2026-11-23T11:00', storeId: id };
    const first = await customerWithCart();
    const placed = await placeOrder(ctx, first, body);
    expect(placed.statusCode).toBe(201);
    expect((await placeOrder(ctx, await customerWithCart(), body)).statusCode).toBe(409);

    const orderId = placed.json<OrderResponse>().data.id;
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: first.headers });
    expect(cancelled.statusCode).toBe(200);
    expect((await slotsOf(id)).slots.find((s) => s.time === '11:00')).toMatchObject({ taken: 0, orderable: true });
    expect((await placeOrder(ctx, await customerWithCart(), body)).statusCode).toBe(201);
  });
});
