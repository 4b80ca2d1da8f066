import { randomUUID } from 'node:crypto';
import type { AddCartLineInputBody } from '@coffee/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SignedInUser } from './auth.js';
import type { TestContext } from './test-app.js';

/** Monday 2026-11-23, 13:30 in Jakarta (06:30 UTC): inside every delivery window. */
export const MONDAY_AFTERNOON = new Date('2026-11-23T06:30:00Z');

/** A clock a test can move: pass `clock.now` to createTestApp({ now }) and `clock.set(...)` in a test. */
export function testClock(start: Date = MONDAY_AFTERNOON) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
  };
}

let users = 0;

/** A users row straight in the database, for service tests that need an owner but no session. */
export async function insertTestUser(
  db: Kysely<Database>,
  overrides: { email?: string; role?: 'customer' | 'staff'; deliveryAddress?: string } = {},
): Promise<{ id: number; email: string }> {
  users += 1;
  const email = overrides.email ?? `orders-${users}-${randomUUID().slice(0, 8)}@example.test`;
  const at = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      role: overrides.role ?? 'customer',
      phone: '',
      display_name: '',
      first_name: '',
      last_name: '',
      birth_date: null,
      gender: null,
      delivery_address: overrides.deliveryAddress ?? '',
      photo: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

export function addToCart(ctx: TestContext, user: SignedInUser, body: AddCartLineInputBody | Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: user.headers, payload: body });
}

export function getCart(ctx: TestContext, user: SignedInUser) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/cart', headers: user.headers });
}

export function placeOrder(ctx: TestContext, user: SignedInUser, body: Record<string, unknown>, key: string = randomUUID()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

export async function countRows(db: Kysely<Database>, table: 'orders' | 'order_lines' | 'order_idempotency_keys' | 'cart_items') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
