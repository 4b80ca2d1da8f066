import type { ErrorResponse, OrderStatus, StaffOrderListResponse, StaffOrderResponse, StoreResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, storeInput } from '../../test/factories.js';
import { insertTestUser } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { createOrderRepository } from './orders.repository.js';

const ctx = useTestApp();
let staff: SignedInUser;
let kemang: number;
let senopati: number;
/** Ids of the orders made below, by store and by whether they are still to make or hand over. */
const made = { kemangOpen: [] as number[], kemangFinished: [] as number[], senopatiOpen: [] as number[], blokM: [] as number[], blokStore: 0 };

async function createStore(name: string): Promise<number> {
  const body = storeInput(name);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: staff.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StoreResponse>().data.id;
}

const OPEN: readonly OrderStatus[] = ['pending', 'paid', 'preparing', 'ready', 'on-delivery'];

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  kemang = await createStore('Kopi Kemang');
  senopati = await createStore('Kopi Senopati');
  const customer = await insertTestUser(ctx.database.db);
  const latte = await createProduct(ctx.database, { name: 'Rush Latte', priceIdr: 25_000 });
  // Writes only: nothing is read back through it, so it needs none of the other modules' answers.
  const unread = () => Promise.reject(new Error('not read in this test'));
  const orders = createOrderRepository(ctx.database.db, { customersOf: unread, placesOf: unread, pictureAddresses: unread });
  // A rush: more open orders at one store than a page of the ordinary list holds, placed a minute apart.
  const start = Date.parse('2026-11-23T02:00:00Z');
  const insert = async (storeId: number, status: OrderStatus, minute: number, dueMinute = minute) => {
    const at = new Date(start + minute * 60_000).toISOString();
    const due = new Date(start + dueMinute * 60_000).toISOString();
    const id = await orders.insertOrder({
      userId: customer.id,
      status,
      paymentMethod: 'cash-on-delivery',
      paymentStatus: status === 'delivered' ? 'paid' : 'cash-on-delivery',
      paymentInstructions: null,
      deliveryMethod: 'pick-up',
      scheduledFor: '2026-11-23T09:00',
      scheduledAt: due,
      isAsap: true,
      address: null,
      subtotalIdr: 25_000,
      taxAndFeesIdr: 0,
      shippingIdr: 0,
      totalIdr: 25_000,
      taxRateBasisPoints: 0,
      itemCount: 1,
      placedAt: at,
      storeId,
    });
    await orders.insertLines(id, [
      { productId: latte.id, name: 'Rush Latte', sizeCode: null, sizeLabel: null, options: [], baristaNote: '', quantity: 1, unitPriceIdr: 25_000, lineTotalIdr: 25_000 },
    ]);
    return id;
  };
  for (let i = 0; i < 130; i += 1) made.kemangOpen.push(await insert(kemang, OPEN[i % OPEN.length]!, i));
  // Finished orders and another store's orders, newer than every open one: the ordinary list would show them first.
  for (let i = 0; i < 30; i += 1) made.kemangFinished.push(await insert(kemang, i % 2 ? 'delivered' : 'cancelled', 200 + i));
  for (let i = 0; i < 5; i += 1) made.senopatiOpen.push(await insert(senopati, 'pending', 300 + i));
  // Placed in the other order from when they are due: 09:00 first, then 08:00, then one for tomorrow.
  const blok = await createStore('Kopi Blok M');
  made.blokM = [await insert(blok, 'paid', 400, 120), await insert(blok, 'paid', 401, 60), await insert(blok, 'paid', 402, 60 * 25)];
  made.blokStore = blok;
});

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/staff/orders?${query}`, headers: staff.headers });
const idsOf = (page: StaffOrderListResponse) => page.data.map((order) => order.id);

describe('the open orders of a store (the kitchen display)', () => {
  it("lists every open order of the chosen store on one page, soonest due first, and nothing finished or from another store", async () => {
    const res = await list(`active=true&storeId=${kemang}&limit=200`);
    expect(res.statusCode).toBe(200);
    const page = res.json<StaffOrderListResponse>();
    expect(page.meta).toEqual({ page: 1, limit: 200, total: 130 });
    expect(idsOf(page)).toEqual(made.kemangOpen);
    expect(new Set(page.data.map((order) => order.status))).toEqual(new Set(OPEN));
  });

  it('counts them all when they take more than one page, so a client can ask for the rest', async () => {
    const first = (await list(`active=true&storeId=${kemang}&limit=100`)).json<StaffOrderListResponse>();
    const second = (await list(`active=true&storeId=${kemang}&limit=100&page=2`)).json<StaffOrderListResponse>();
    expect(first.meta.total).toBe(130);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(made.kemangOpen);
  });

  it('covers every store without storeId, and combines with a status', async () => {
    const every = (await list('active=true&limit=200')).json<StaffOrderListResponse>();
    expect(every.meta.total).toBe(138);
    // Soonest due first across stores: Senopati's orders, due after every Kemang one, end the list before tomorrow's.
    expect(idsOf(every).slice(-6, -1)).toEqual(made.senopatiOpen);
    const ready = (await list(`active=true&status=ready&storeId=${kemang}&limit=200`)).json<StaffOrderListResponse>();
    expect(ready.meta.total).toBe(26);
    expect(ready.data.every((order) => order.status === 'ready')).toBe(true);
    // A finished status and active=true: nothing can be both.
    expect((await list('active=true&status=delivered')).json<StaffOrderListResponse>().meta.total).toBe(0);
  });

  it('lists only the finished ones with active=false', async () => {
    const page = (await list(`active=false&storeId=${kemang}&limit=100`)).json<StaffOrderListResponse>();
    expect(idsOf(page)).toEqual([...made.kemangFinished].reverse());
  });

  it('keeps the ordinary list to pages of 100, allows 200 for open orders only, and refuses anything but true or false', async () => {
    const tooMany = await list(`storeId=${kemang}&limit=200`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ErrorResponse>()).toMatchObject({
      field: 'limit',
      message: 'The number of results per page must be at most 100 (200 for open orders only).',
    });
    expect((await list('active=false&limit=101')).statusCode).toBe(400);
    const overBound = await list('active=true&limit=201');
    expect(overBound.statusCode).toBe(400);
    expect(overBound.json<ErrorResponse>()).toMatchObject({ field: 'limit', message: 'The number of results per page must be at most 200.' });
    const notAFlag = await list('active=yes');
    expect(notAFlag.statusCode).toBe(400);
    expect(notAFlag.json<ErrorResponse>().field).toBe('active');
    // The default page of the ordinary list is unchanged.
    expect((await list('')).json<StaffOrderListResponse>().meta).toEqual({ page: 1, limit: 24, total: 168 });
  });

  it('puts the order due at 08:00 before the one due at 09:00 placed earlier, and tomorrow\'s last', async () => {
    const page = (await list(`active=true&storeId=${made.blokStore}`)).json<StaffOrderListResponse>();
    const [nine, eight, tomorrow] = made.blokM;
    expect(idsOf(page)).toEqual([eight, nine, tomorrow]);
  });

  it('keeps the kitchen\'s tick on a line for every screen, and refuses a line of another order', async () => {
    const [nine, eight] = made.blokM as [number, number];
    const order = (await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/orders/${nine}`, headers: staff.headers })).json<StaffOrderResponse>().data;
    expect(order.lines[0]!.done).toBe(false);
    const tick = (orderId: number, lineId: number, done: unknown) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/staff/orders/${orderId}/lines/${lineId}/done`, headers: staff.headers, payload: { done } });
    const ticked = await tick(nine, order.lines[0]!.id, true);
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json<StaffOrderResponse>().data.lines[0]!.done).toBe(true);
    const page = (await list(`active=true&storeId=${made.blokStore}`)).json<StaffOrderListResponse>();
    expect(page.data.find((o) => o.id === nine)!.lines[0]!.done).toBe(true);
    // The tick is not a step of the order: its status stays.
    expect(page.data.find((o) => o.id === nine)!.status).toBe('paid');
    expect((await tick(eight, order.lines[0]!.id, true)).statusCode).toBe(404);
    const notAFlag = await tick(nine, order.lines[0]!.id, 'yes');
    expect(notAFlag.statusCode).toBe(400);
    expect((await tick(nine, order.lines[0]!.id, false)).json<StaffOrderResponse>().data.lines[0]!.done).toBe(false);
  });

  it('stays for staff only', async () => {
    const customer = await signUpAndSignIn(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?active=true', headers: customer.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?active=true' })).statusCode).toBe(401);
  });

  it('is documented, with its larger page', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string; parameters?: { name: string; description?: string; schema?: { maximum?: number } }[] }>>;
    }>();
    const operation = doc.paths['/api/v1/staff/orders']?.get;
    expect(operation?.description).toContain('up to 200 orders');
    expect(operation?.parameters?.find((p) => p.name === 'active')?.description).toContain('pending, paid, preparing, ready, on-delivery');
    expect(operation?.parameters?.find((p) => p.name === 'limit')?.schema?.maximum).toBe(200);
  });
});
