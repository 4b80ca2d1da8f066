import { randomUUID } from 'node:crypto';
import type { CartChangeResponse, CartResponse, ErrorResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createLatteAndCroissant } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { CART_KEY_HOURS } from './cart.service.js';

const ctx = useTestApp({}, { now: () => new Date(clockMs) });
let latte: { id: number };
let croissant: { id: number };
let clockMs = Date.parse('2026-03-02T03:00:00Z');

beforeAll(async () => {
  ({ latte, croissant } = await createLatteAndCroissant(ctx.database));
});

const add = (user: SignedInUser, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/cart/items',
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const merge = (user: SignedInUser, lines: object[], key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/cart/merge',
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { lines },
  });
const cartOf = (res: { json: () => unknown }) => (res.json() as CartResponse).data;
const quantities = (res: { json: () => unknown }) => cartOf(res).lines.map((l) => [l.name, l.sizeCode, l.quantity]);

describe('adding to the cart with an Idempotency-Key', () => {
  it('adds once when a click is retried with the same key, and answers the same cart', async () => {
    const customer = await signUpAndSignIn(ctx);
    const key = randomUUID();
    const body = { productId: latte.id, size: 'L', quantity: 2 };
    const first = await add(customer, body, key);
    const retry = await add(customer, body, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(quantities(retry)).toEqual([['Hazelnut Latte', 'L', 2]]);

    // A new click is a new key: it adds.
    expect(quantities(await add(customer, body, randomUUID()))).toEqual([['Hazelnut Latte', 'L', 4]]);
    // Without a key every request adds, as before.
    expect(quantities(await add(customer, body))).toEqual([['Hazelnut Latte', 'L', 6]]);
  });

  it('adds once when two copies of one request arrive together', async () => {
    const customer = await signUpAndSignIn(ctx);
    const key = randomUUID();
    const body = { productId: croissant.id, size: null, quantity: 1 };
    const answers = await Promise.all([add(customer, body, key), add(customer, body, key), add(customer, body, key)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers });
    expect(quantities(cart)).toEqual([['Butter Croissant', null, 1]]);
  });

  it('refuses the same key with a different body (409), adding nothing', async () => {
    const customer = await signUpAndSignIn(ctx);
    const key = randomUUID();
    await add(customer, { productId: latte.id, size: 'R', quantity: 1 }, key);
    const other = await add(customer, { productId: latte.id, size: 'R', quantity: 3 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json<ErrorResponse>()).toEqual({
      field: 'idempotency-key',
      message: 'This Idempotency-Key was already used for a different cart change: send a new key with each new change',
    });
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers });
    expect(quantities(cart)).toEqual([['Hazelnut Latte', 'R', 1]]);
  });

  it("keeps each customer's keys apart", async () => {
    const [ann, ben] = await Promise.all([signUpAndSignIn(ctx), signUpAndSignIn(ctx)]);
    const key = randomUUID();
    const body = { productId: croissant.id, size: null, quantity: 2 };
    expect(quantities(await add(ann, body, key))).toEqual([['Butter Croissant', null, 2]]);
    expect(quantities(await add(ben, { ...body, quantity: 5 }, key))).toEqual([['Butter Croissant', null, 5]]);
  });

  it('does not remember a refused add, so the corrected retry with the same key works', async () => {
    const customer = await signUpAndSignIn(ctx);
    const key = randomUUID();
    expect((await add(customer, { productId: latte.id, size: null, quantity: 1 }, key)).statusCode).toBe(400);
    expect((await add(customer, { productId: latte.id, size: 'R', quantity: 1 }, key)).statusCode).toBe(200);
  });

  it('refuses a key that is not a UUID', async () => {
    const customer = await signUpAndSignIn(ctx);
    const res = await add(customer, { productId: latte.id, size: 'R', quantity: 1 }, 'click-1');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('idempotency-key');
  });

  it(`forgets a key after ${CART_KEY_HOURS} hours`, async () => {
    const customer = await signUpAndSignIn(ctx);
    const key = randomUUID();
    const body = { productId: croissant.id, size: null, quantity: 1 };
    await add(customer, body, key);
    clockMs += (CART_KEY_HOURS + 1) * 3_600_000;
    // Any keyed change clears the old keys; the old key then adds again.
    await add(customer, { ...body, quantity: 2 }, randomUUID());
    expect(quantities(await add(customer, body, key))).toEqual([['Butter Croissant', null, 4]]);
  });
});

describe('merging a browser cart with an Idempotency-Key', () => {
  it('merges once when retried, answering the same notes', async () => {
    const customer = await signUpAndSignIn(ctx);
    const key = randomUUID();
    const lines = [
      { productId: latte.id, size: 'R', quantity: 1 },
      { productId: 999_999, size: null, quantity: 1 },
    ];
    const first = await merge(customer, lines, key);
    const retry = await merge(customer, lines, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(retry.json<CartChangeResponse>().notes).toEqual(['There is no product with id 999999 on the menu']);
    expect(quantities(retry)).toEqual([['Hazelnut Latte', 'R', 1]]);
    // The same key for an add is another request.
    expect((await add(customer, lines[0] as object, key)).statusCode).toBe(409);
  });
});
