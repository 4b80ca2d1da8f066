/**
 * The orders section of `npm run bench`: ten signed-in customers, each adding a product to the cart and placing an
 * order, again and again for a few seconds, through HTTP against the built shop: once on SQLite (a fresh DATA_DIR),
 * once on PostgreSQL (a database of its own, dropped afterwards), and once on SQLite with every order for the same
 * pick-up time, so the slot fills and the rest are refused (409). Prints orders placed per second, the latency of
 * placing one, and the refusals of a full slot.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DURATION, Skipped, createPostgresDatabase, machine, printTable, startShop, type Figure } from './lib.js';

const CUSTOMERS = 10;
const SHOP_TIME_ZONE = 'Asia/Jakarta';

interface Customer {
  authorization: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** A new customer account and its bearer token (no cookie, so no browser-origin check is involved). */
async function signUp(url: string, n: number): Promise<Customer> {
  const email = `bench-orders-${n}-${randomBytes(4).toString('hex')}@example.test`;
  const password = `Tamarind-Lantern-Ferry-${n}`;
  const register = await postJson(`${url}/api/v1/auth/register`, { email, password, phone: '+62 812 0000 0009' });
  if (register.status !== 201) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const token = await postJson(`${url}/api/v1/auth/token`, { email, password });
  if (!token.ok) throw new Error(`token answered ${token.status}: ${await token.text()}`);
  return { authorization: `Bearer ${((await token.json()) as { data: { token: string } }).data.token}` };
}

/**
 * Pick up times that are always valid, whatever the hour the bench runs: tomorrow to six days ahead (orders are
 * taken at most seven days ahead), 09:00 to 17:55 on the shop's clock (pick up is open every day 09:00-18:00).
 * Asking for the current minute instead (as soon as possible) would be refused outside opening hours. Orders are
 * spread over the 648 times so that no slot fills up.
 */
function pickUpTimes(now: Date): string[] {
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(now.getTime() + offset * 86_400_000),
    );
  const times: string[] = [];
  for (let offset = 1; offset <= 6; offset += 1) {
    for (let minute = 9 * 60; minute < 18 * 60; minute += 5) {
      times.push(`${day(offset)}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
    }
  }
  return times;
}

/** The first product of the menu a customer can put in the cart as it is (one size, not sold out, no required choice). */
async function orderableProduct(url: string, customer: Customer): Promise<number> {
  const list = (await (await fetch(`${url}/api/v1/products?page=1&limit=100`)).json()) as {
    data: { id: number | string; isSoldOut: boolean }[];
  };
  for (const listed of list.data.filter((p) => !p.isSoldOut)) {
    // A list carries what a list shows: the sizes are on the product's own answer.
    const product = ((await (await fetch(`${url}/api/v1/products/${listed.id}`)).json()) as { data: { sizes: unknown[] } }).data;
    if (product.sizes.length > 0) continue;
    const id = Number(listed.id);
    const res = await postJson(`${url}/api/v1/cart/items`, { productId: id, quantity: 1 }, { authorization: customer.authorization });
    if (res.ok) return id;
  }
  throw new Error('no product of the demo menu can be added to a cart as it is');
}

interface OrdersRun {
  database: string;
  placed: number;
  perSecond: number;
  p50: number;
  p99: number;
  refused: string;
  /** The full-slot case: answers to orders refused because their slot was full (409), per second, and their p99. */
  full?: { refusals: number; perSecond: number; p99: number };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * `oneSlot`: every order asks for the same pick-up time, so the slot fills after its capacity and every later order is
 * refused (409, with the next free slot): what a rush costs, the refusals included.
 */
async function placeOrders(database: string, env: Record<string, string>, oneSlot = false): Promise<OrdersRun> {
  const shop = await startShop({ env: { ...env, REGISTER_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_IP: '1000' } });
  try {
    const customers: Customer[] = [];
    for (let n = 0; n < CUSTOMERS; n += 1) customers.push(await signUp(shop.url, n));
    const productId = await orderableProduct(shop.url, customers[0] as Customer);
    const times = oneSlot ? pickUpTimes(new Date()).slice(24, 25) : pickUpTimes(new Date());
    let next = 0;
    const latencies: number[] = [];
    const fullLatencies: number[] = [];
    const refusals = new Map<string, number>();
    const refuse = (what: string) => refusals.set(what, (refusals.get(what) ?? 0) + 1);

    const startedAt = performance.now();
    const end = startedAt + DURATION * 1000;
    await Promise.all(
      customers.map(async (customer, n) => {
        const headers = { authorization: customer.authorization };
        // A placed order empties the cart; a refused one leaves it as it was. So the product is added only to an
        // empty cart, and a customer whose slot was full asks again with the same cart (adding one more each time
        // would only grow the cart to its quantity cap, whose 400s are not what this measures). The first
        // customer's cart already holds the product orderableProduct tried.
        let filled = n === 0;
        while (performance.now() < end) {
          if (!filled) {
            const added = await postJson(`${shop.url}/api/v1/cart/items`, { productId, quantity: 1 }, headers);
            await added.arrayBuffer();
            if (!added.ok) {
              refuse(`cart ${added.status}`);
              continue;
            }
            filled = true;
          }
          const at = performance.now();
          const placed = await postJson(
            `${shop.url}/api/v1/orders`,
            { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', scheduledFor: times[next++ % times.length] },
            { ...headers, 'idempotency-key': randomUUID() },
          );
          const body = await placed.text();
          const message = (JSON.parse(body) as { message?: string }).message ?? '';
          if (placed.status === 201) {
            latencies.push(performance.now() - at);
            filled = false;
          }
          else if (oneSlot && placed.status === 409 && message.includes('is full')) fullLatencies.push(performance.now() - at);
          else refuse(`order ${placed.status}: ${message}`.slice(0, 90));
        }
      }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    latencies.sort((a, b) => a - b);
    fullLatencies.sort((a, b) => a - b);
    return {
      ...(oneSlot
        ? { full: { refusals: fullLatencies.length, perSecond: Math.round(fullLatencies.length / seconds), p99: Math.round(percentile(fullLatencies, 99)) } }
        : {}),
      database: oneSlot ? `${database}, one slot` : database,
      placed: latencies.length,
      perSecond: Math.round(latencies.length / seconds),
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      refused: [...refusals].map(([what, n]) => `${n}x ${what}`).join('; ') || 'none',
    };
  } finally {
    await shop.stop();
  }
}

export async function benchOrdersSection(): Promise<Figure[]> {
  console.log(`\n== Orders: ${CUSTOMERS} signed-in customers, each adding to the cart and placing an order in a loop for ${DURATION} s; ${machine()}`);
  const runs: OrdersRun[] = [await placeOrders('SQLite', {}), await placeOrders('SQLite', {}, true)];
  let skipped: string | undefined;
  try {
    const database = await createPostgresDatabase('orders');
    try {
      runs.push(await placeOrders('PostgreSQL', { DATABASE_URL: database.url }));
    } finally {
      await database.drop();
    }
  } catch (err) {
    if (!(err instanceof Skipped)) throw err;
    skipped = err.message;
  }
  printTable(
    'Orders',
    runs.map((r) => ({
      database: r.database,
      'orders placed': r.placed,
      'orders/s': r.perSecond,
      'place p50 ms': r.p50,
      'place p99 ms': r.p99,
      'slot full (409)': r.full ? `${r.full.refusals} (${r.full.perSecond}/s, p99 ${r.full.p99} ms)` : '–',
      refused: r.refused,
    })),
  );
  if (skipped) console.log(`  PostgreSQL skipped: ${skipped}`);
  return [
    ...runs.map((r) => ({
      section: 'orders',
      figure: r.full ? `orders and full-slot refusals, ${CUSTOMERS} customers, ${r.database}` : `orders/s, ${CUSTOMERS} customers, ${r.database}`,
      value: r.full
        ? `${r.placed} placed until the slot was full, then ${r.full.refusals} refused (${r.full.perSecond}/s, p99 ${r.full.p99} ms)`
        : `${r.perSecond} (p99 ${r.p99} ms)`,
      target: '',
      // Shown without a target; a refused order is a failure of the bench itself.
      met: r.refused === 'none' ? undefined : false,
    })),
    ...(skipped ? [{ section: 'orders', figure: `orders/s, ${CUSTOMERS} customers, PostgreSQL`, value: `skipped: ${skipped}`, target: '' }] : []),
  ];
}
