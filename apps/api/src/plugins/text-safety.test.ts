import fs from 'node:fs';
import type { ErrorResponse, Product, UserProfile } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../test/auth.js';
import { createProduct } from '../test/factories.js';
import { multipartBody, solidPicture } from '../test/images.js';
import { addToCart, countRows, placeOrder } from '../test/orders.js';
import { useTestApp } from '../test/test-app.js';
import { findControlCharacter } from './text-safety.js';

const ctx = useTestApp();
let staff: SignedInUser;
let customer: SignedInUser;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  customer = await signUpAndSignIn(ctx);
  product = await createProduct(ctx.database, { name: 'Plain Latte', description: 'Smooth', priceIdr: 25_000 });
});

const productNow = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json<{ data: Product }>().data;
const profileOf = async (user: SignedInUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers })).json<{ data: UserProfile }>().data;
const productCount = async () => (await ctx.database.db.selectFrom('products').select('id').execute()).length;

// NUL, the other C0 controls (here: bell, escape, unit separator) and DEL.
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u001f', '\u007f'];

describe('control characters in text input', () => {
  it.each(CONTROLS.map((c) => [JSON.stringify(c), c]))('%s in a JSON body: a 400 naming the field, nothing stored', async (_label, c) => {
    const before = await productCount();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: staff.headers,
      payload: { name: `Kopi${c}Susu`, price: 25, category: 'coffee' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json<ErrorResponse>()).toEqual({
      message: 'The name contains an invisible control character (such as a NUL byte) that cannot be saved: remove it and try again',
      field: 'name',
    });
    expect(await productCount()).toBe(before);

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: staff.headers,
      payload: { description: `Smooth${c} and sweet` },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json<ErrorResponse>().field).toBe('description');
    expect((await productNow()).description).toBe('Smooth');
  });

  it('names the field in words a person knows, and a nested field by its path', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: customer.headers,
      payload: { firstName: 'Ani', deliveryAddress: 'Jl. Sudirman\u0000 1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toEqual({
      message: 'The delivery address contains an invisible control character (such as a NUL byte) that cannot be saved: remove it and try again',
      field: 'deliveryAddress',
    });
    expect(await profileOf(customer)).toMatchObject({ firstName: '', deliveryAddress: '' });

    expect(findControlCharacter({ sizes: [{ code: 'R' }, { code: 'L', label: 'La\u0000rge' }] })).toBe('sizes.1.label');
    expect(findControlCharacter('plain\u0000')).toBe('body');
  });

  it('refuses a delivery address with a NUL when placing an order, and places nothing', async () => {
    const buyer = await signUpAndSignIn(ctx);
    await addToCart(ctx, buyer, { productId: product.id, quantity: 1 });
    const before = await countRows(ctx.database.db, 'orders');
    const res = await placeOrder(ctx, buyer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'door-delivery', address: 'Jl.\u0000 Thamrin 2' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('address');
    expect(await countRows(ctx.database.db, 'orders')).toBe(before);
    expect(await countRows(ctx.database.db, 'cart_items')).toBeGreaterThan(0);
  });

  it('refuses them in multipart text fields, keeping no picture', async () => {
    const files = fs.existsSync(ctx.config.uploadsDir) ? fs.readdirSync(ctx.config.uploadsDir, { recursive: true }) : [];
    const before = await productCount();
    const form = multipartBody(
      { name: 'Kopi\u0000Susu', price: '25', category: 'coffee' },
      { field: 'image', filename: 'p.png', contentType: 'image/png', content: await solidPicture('png') },
    );
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...staff.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('name');
    expect(await productCount()).toBe(before);
    expect(fs.existsSync(ctx.config.uploadsDir) ? fs.readdirSync(ctx.config.uploadsDir, { recursive: true }) : []).toEqual(files);
  });

  it('refuses them in query strings', async () => {
    const search = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?search=latte%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json<ErrorResponse>()).toMatchObject({ field: 'search' });
    const staffList = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?status=pending%1B', headers: staff.headers });
    expect(staffList.statusCode).toBe(400);
    expect(staffList.json<ErrorResponse>().field).toBe('status');
  });

  it('keeps tabs, line breaks and carriage returns, which people do type', async () => {
    const description = 'First line\r\nSecond line\tafter a tab\nThird line';
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/products/${product.id}`, headers: staff.headers, payload: { description } });
    expect(res.statusCode).toBe(200);
    expect((await productNow()).description).toBe(description);
    const search = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?search=caf%C3%A9%20latte' });
    expect(search.statusCode).toBe(200);
  });
});
