import type { CartResponse, ErrorResponse, StoreResponse, StoreSoldOutResponse } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct, storeInput } from '../../test/factories.js';
import { addToCart, getCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

// Monday 2026-11-23, 13:30 in Jakarta: both stores are open.
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let owner: SignedInUser;
let manager: SignedInUser;
let barista: SignedInUser;
let kemang: number;
let senopati: number;
let latte: number;

async function createStore(name: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: owner.headers, payload: storeInput(name) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StoreResponse>().data.id;
}

beforeAll(async () => {
  owner = await signUpAndSignIn(ctx, { role: 'staff' });
  manager = await signUpAndSignIn(ctx, { role: 'staff', staffRole: 'manager' });
  barista = await signUpAndSignIn(ctx, { role: 'staff', staffRole: 'barista' });
  kemang = await createStore('Kopi Kemang');
  senopati = await createStore('Kopi Senopati');
  latte = (await createProduct(ctx.database, { name: 'Gula Aren Latte', priceIdr: 28_000 })).id;
});

const soldOut = (storeId: number, productId: number, by: SignedInUser, method: 'PUT' | 'DELETE' = 'PUT') =>
  ctx.app.inject({ method, url: `/api/v1/stores/${storeId}/sold-out/${productId}`, headers: by.headers });
const listOf = async (storeId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/stores/${storeId}/sold-out` })).json<StoreSoldOutResponse>().data.productIds;

async function customerAt(storeId: number | null): Promise<SignedInUser> {
  const customer = await signUpAndSignIn(ctx);
  if (storeId !== null) {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/cart/delivery', headers: customer.headers, payload: { deliveryMethod: 'pick-up', scheduledFor: null, storeId } });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await addToCart(ctx, customer, { productId: latte, quantity: 1 })).statusCode).toBe(200);
  return customer;
}

const order = (customer: SignedInUser, storeId: number) =>
  placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', storeId });

describe('sold out per store', () => {
  it('is refused to a barista, who has no stock right, and changes nothing', async () => {
    const res = await soldOut(kemang, latte, barista);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().message).toBe('Only a manager or the owner can change what is sold out');
    expect(await listOf(kemang)).toEqual([]);
  });

  it('at one store still lets customers order the product at another', async () => {
    const atKemang = await customerAt(kemang);
    const atSenopati = await customerAt(senopati);
    const marked = await soldOut(kemang, latte, manager);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<StoreSoldOutResponse>().data).toEqual({ storeId: kemang, productIds: [latte] });
    // The next read sees it at once: the write moved the catalogue version on, dropping the cached list.
    expect(await listOf(kemang)).toEqual([latte]);
    expect(await listOf(senopati)).toEqual([]);
    // The product itself is still on sale (sold out everywhere is its own flag).
    const product = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${latte}` });
    expect(product.json<{ data: { isSoldOut: boolean } }>().data.isSoldOut).toBe(false);

    const kemangCart = (await getCart(ctx, atKemang)).json<CartResponse>().data;
    expect(kemangCart.lines[0]).toMatchObject({ isAvailable: false, note: 'Gula Aren Latte is sold out' });
    expect((await getCart(ctx, atSenopati)).json<CartResponse>().data.lines[0]).toMatchObject({ isAvailable: true, note: null });

    const placed = await order(atSenopati, senopati);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it("refuses checkout with the product named when it sold out at the order's store after it went in the cart", async () => {
    // The cart names no store, so its lines look orderable; the order goes to Kemang, which has run out.
    const customer = await customerAt(null);
    expect((await getCart(ctx, customer)).json<CartResponse>().data.lines[0]).toMatchObject({ isAvailable: true });
    const refused = await order(customer, kemang);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Gula Aren Latte is sold out at Kopi Kemang: remove it from your cart or choose another store',
      field: 'cart',
      productIds: [latte],
    });
    // The cart is kept as it was, and Senopati still takes it.
    expect((await getCart(ctx, customer)).json<CartResponse>().data.lines).toHaveLength(1);
    expect((await order(customer, senopati)).statusCode).toBe(201);
  });

  it('comes back when staff clear it, and refuses unknown stores and products', async () => {
    expect((await soldOut(kemang, latte, owner, 'DELETE')).json<StoreSoldOutResponse>().data.productIds).toEqual([]);
    expect(await listOf(kemang)).toEqual([]);
    const customer = await customerAt(kemang);
    expect((await order(customer, kemang)).statusCode).toBe(201);
    expect((await soldOut(9999, latte, owner)).statusCode).toBe(404);
    expect((await soldOut(kemang, 9999, owner)).statusCode).toBe(404);
  });

  it('takes no body, and a deeply nested one sent anyway changes nothing of the answer or the audit record', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/stores/${senopati}/sold-out/${latte}`,
      headers: { ...manager.headers, 'content-type': 'application/json' },
      payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoreSoldOutResponse>().data.productIds).toEqual([latte]);
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/audit', headers: owner.headers });
    const latest = audit.json<{ data: { by: string; kind: string; action: string }[] }>().data[0]!;
    expect(latest).toMatchObject({ by: manager.email, kind: 'stock' });
    expect(latest.action).not.toContain('[');
    expect((await soldOut(senopati, latte, owner, 'DELETE')).statusCode).toBe(200);
  });
});
