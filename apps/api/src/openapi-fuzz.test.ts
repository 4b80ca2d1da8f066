import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signUpAndSignIn, type SignedInUser } from './test/auth.js';
import { createProduct } from './test/factories.js';
import { requestsFor, type FuzzFixtures, type FuzzRequest } from './test/fuzz-requests.js';
import { solidPicture } from './test/images.js';
import { fetchOpenApi, operationsOf, type OpenApiDocument } from './test/openapi.js';
import { addToCart, getCart, placeOrder, testClock } from './test/orders.js';
import { randomInt, seededRandom } from './test/random.js';
import { testDialect, useTestApp } from './test/test-app.js';

const SEED = 20_260_123;
/** Per database: enough to cover every operation's variants, few enough to run in seconds. */
const MAX_REQUESTS = 1_500;

/** What an answer must never show a client: a stack frame, SQL or the database's own words, a server path. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat .*\.(ts|js|mjs|cjs):\d+/],
  ['SQL', /\bselect\b[^"]*\bfrom\b|insert into|delete from|\bupdate \w+ set\b|syntax error|SQLSTATE|constraint failed|violates/i],
  ['the database name', /sqlite|postgres/i],
  ['a server path', /node_modules|\/tmp\/coffee-test-|ENOENT|EACCES/],
];

/** Live event streams never finish: their answer is read up to the headers, and a stream that opened is closed. */
const isEventStream = (request: FuzzRequest) => request.path.endsWith('/events');

async function settledAnswer(res: LightMyRequestResponse): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>> {
  const stream = res.stream();
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, body: '', json: <T>() => ({}) as T };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: res.statusCode, body, json: <T>() => JSON.parse(body) as T };
}

function problemsOf(res: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`a ${res.statusCode}`);
  for (const [what, pattern] of LEAKS) if (pattern.test(res.body)) problems.push(`${what} in the body`);
  if (res.statusCode >= 400) {
    let message: unknown;
    try {
      message = res.json<{ message?: unknown }>().message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || message.trim() === '') problems.push('an error without a `message` sentence');
  }
  return problems;
}

const preview = (value: string | Buffer | undefined, max = 120): string => {
  if (value === undefined) return '(no body)';
  const text = typeof value === 'string' ? value : value.toString('latin1');
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}...(${text.length} chars)` : text);
};

/**
 * Session-ending and destructive requests go last, so the rest still run as a signed-in customer and staff
 * member against rows that exist.
 */
const stage = (r: FuzzRequest): number =>
  r.path.endsWith('/auth/logout')
    ? 3
    : r.path.endsWith('/auth/reset-password') || r.path.endsWith('/auth/password')
      ? 2
      : r.method === 'DELETE'
        ? 1
        : 0;

type Role = 'visitor' | 'customer' | 'staff';
const ROLES: Role[] = ['visitor', 'customer', 'staff'];
const operationKey = (r: FuzzRequest) => `${r.method} ${r.path}`;

/**
 * A seeded shuffle, then the cap: which variants run is fixed by SEED. Valid requests always run, by every role.
 */
function sample(requests: FuzzRequest[], random: () => number): FuzzRequest[] {
  const always = requests.filter((r) => r.everyRole);
  const others = requests.filter((r) => !r.everyRole);
  for (let i = others.length - 1; i > 0; i -= 1) {
    const j = randomInt(random, 0, i);
    [others[i], others[j]] = [others[j] as FuzzRequest, others[i] as FuzzRequest];
  }
  // Room is kept for the variants also sent by a refused role (below).
  const room = Math.max(0, Math.floor((MAX_REQUESTS - always.length * ROLES.length) * 0.9));
  return [...always, ...others.slice(0, room)];
}

describe(`every operation of the OpenAPI document, fuzzed (${testDialect})`, () => {
  const ctx = useTestApp({}, { now: testClock().now });
  let doc: OpenApiDocument;
  let customer: SignedInUser;
  let staff: SignedInUser;
  let fixtures: FuzzFixtures;
  let productId: number;

  beforeAll(async () => {
    doc = await fetchOpenApi(ctx.app);
    [customer, staff] = await Promise.all([signUpAndSignIn(ctx), signUpAndSignIn(ctx, { role: 'staff' })]);
    const plain = await createProduct(ctx.database, { name: 'Fuzz Espresso' });
    // Cart and order inputs name a product by its number.
    productId = Number(plain.id);
    // The menu writes (PATCH, DELETE /products/{id}) change this one, so the plain product stays orderable.
    const changed = await createProduct(ctx.database, {
      name: 'Fuzz Latte',
      sizes: [
        { code: 'R', priceIdr: 20_000 },
        { code: 'L', priceIdr: 25_000 },
      ],
    });
    expect((await addToCart(ctx, customer, { productId, quantity: 1 })).statusCode).toBe(200);
    const order = await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' });
    expect(order.statusCode, order.body).toBe(201);
    expect((await addToCart(ctx, customer, { productId, quantity: 2 })).statusCode).toBe(200);
    const line = getCart(ctx, customer).then((res) => res.json<{ data: { lines: { id: number }[] } }>().data.lines[0]?.id);
    const orderId = String(order.json<{ data: { id: number } }>().data.id);
    fixtures = {
      pathIds: {
        id: { '/api/v1/products': String(changed.id), '/api/v1/orders': orderId, '/api/v1/staff/orders': orderId },
        lineId: { '/api/v1/cart': String(await line) },
      },
      // An existing product, kept on sale; as soon as possible (any fixed time would fall outside the hours or
      // the days ahead); no agreed total, so that the order is placed at today's prices.
      fieldValues: { productId, scheduledFor: null, expectedTotalIdr: undefined, isSoldOut: false },
      picture: await solidPicture('png', 8, 8),
    };
  });

  it('answers valid, boundary and malformed requests without a 5xx, a leak, or an error lacking a message', async () => {
    const operations = operationsOf(doc);
    const requests = operations.flatMap((operation) => requestsFor(doc, operation, fixtures));
    const random = seededRandom(SEED);
    const chosen = sample(requests, random);

    const headersOf: Record<Role, Record<string, string>> = {
      visitor: { origin: SAME_ORIGIN },
      customer: customer.headers,
      staff: staff.headers,
    };
    const failures: string[] = [];
    const tried = new Set<string>();
    let sent = 0;
    // Roles whose valid request was let in (not 401/403): the variants mostly go to them, so they reach the
    // validation and the handlers instead of stopping at the door.
    const admitted = new Map<string, Role[]>();
    const send = async (request: FuzzRequest, role: Role) => {
      // An order is placed from the cart, so the cart gets a line again before each attempt.
      if (role !== 'visitor' && request.method === 'POST' && request.path === '/api/v1/orders') {
        const user = role === 'staff' ? staff : customer;
        const cart = (await getCart(ctx, user)).json<{ data: { lines: unknown[] } }>();
        if (cart.data.lines.length === 0) await addToCart(ctx, user, { productId, quantity: 1 });
      }
      const answer = await ctx.app.inject({
        payloadAsStream: isEventStream(request),
        method: request.method as 'GET',
        url: request.url,
        headers: { ...headersOf[role], ...request.headers },
        payload: request.payload,
        // A made-up address per request, so the per-address sign-in limits do not hide what lies behind them.
        remoteAddress: `10.${randomInt(random, 0, 255)}.${randomInt(random, 0, 255)}.${randomInt(random, 1, 254)}`,
      });
      const res = isEventStream(request) ? await settledAnswer(answer) : answer;
      sent += 1;
      tried.add(`${role} ${operationKey(request)}`);
      const problems = problemsOf(res);
      if (problems.length > 0) {
        failures.push(
          `${problems.join(', ')} for ${role} ${request.name}\n` +
            `    ${request.method} ${request.url.slice(0, 200)} content-type=${request.headers['content-type'] ?? '-'} body=${preview(request.payload)}\n` +
            `    -> ${res.statusCode} ${preview(res.body, 300)}`,
        );
      }
      return res.statusCode;
    };

    for (const current of [0, 1, 2, 3]) {
      const inStage = chosen.filter((r) => stage(r) === current);
      for (const request of inStage.filter((r) => r.everyRole)) {
        for (const role of ROLES) {
          const status = await send(request, role);
          if (status !== 401 && status !== 403) admitted.set(operationKey(request), [...(admitted.get(operationKey(request)) ?? []), role]);
        }
      }
      for (const request of inStage.filter((r) => !r.everyRole)) {
        const allowed = admitted.get(operationKey(request)) ?? [];
        const pool = allowed.length > 0 ? allowed : ROLES;
        await send(request, pool[randomInt(random, 0, pool.length - 1)] ?? 'visitor');
        // Now and then the same variant from a role that is turned away: the refusal must come first and whole.
        const refused = ROLES.filter((role) => !pool.includes(role));
        if (refused.length > 0 && random() < 0.1 && sent < MAX_REQUESTS) {
          await send(request, refused[randomInt(random, 0, refused.length - 1)] ?? 'visitor');
        }
      }
    }

    // Every operation was tried by every role, within the budget.
    for (const { method, path } of operations) {
      for (const role of ROLES) expect(tried).toContain(`${role} ${method.toUpperCase()} ${path}`);
    }
    expect(sent).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(failures, `${failures.length} of ${sent} requests failed:\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);
});
