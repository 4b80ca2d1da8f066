import fs from 'node:fs';
import path from 'node:path';
import type { ErrorResponse, Product, ProductListResponse } from '@coffee/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { SVG_WITH_SCRIPT, multipartBody, pngBomb, solidPicture } from '../../test/images.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createMenuManagementService } from './menu-management.service.js';
import { createProductRepository } from './products.repository.js';
import { createProductService } from './products.service.js';

let ctx: TestContext;
let staff: SignedInUser;
let customer: SignedInUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  customer = await signUpAndSignIn(ctx);
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, user: SignedInUser | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const sendForm = (
  method: Method,
  url: string,
  user: SignedInUser | undefined,
  fields: Record<string, string>,
  file?: { content: Buffer; filename?: string; contentType?: string },
) => {
  const form = multipartBody(
    fields,
    file && { field: 'image', filename: file.filename ?? 'picture.png', contentType: file.contentType ?? 'image/png', content: file.content },
  );
  return ctx.app.inject({ method, url, headers: { ...(user?.headers ?? {}), ...form.headers }, payload: form.payload });
};
const productOf = (res: { json: <T>() => T }) => res.json<{ data: Product }>().data;
const list = async (query = '') =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/products${query}` })).json<ProductListResponse>().data;
const storedFiles = () => (fs.existsSync(ctx.config.uploadsDir) ? fs.readdirSync(ctx.config.uploadsDir).sort() : []);
const fileExists = (name: string | undefined) => name !== undefined && fs.existsSync(path.join(ctx.config.uploadsDir, name));

describe('who may change the menu', () => {
  it.each(['POST', 'PATCH', 'DELETE'] as const)('%s: 401 for a visitor, 403 for a customer, nothing changes', async (method) => {
    const product = await createProduct(ctx.database, { name: 'Guarded Latte' });
    const url = method === 'POST' ? '/api/v1/products' : `/api/v1/products/${product.id}`;
    const payload = { name: 'Free Coffee', price: 1, category: 'coffee' };

    const visitor = await send(method, url, undefined, payload);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Please sign in as staff to change the menu' });

    const asCustomer = await send(method, url, customer, payload);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Only shop staff can do this' });

    expect((await list('?search=free coffee')).length).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json<{ data: Product }>().data.name).toBe(
      'Guarded Latte',
    );
  });

  it("refuses a customer's upload before reading it, and leaves no file", async () => {
    const before = storedFiles();
    const res = await sendForm('POST', '/api/v1/products', customer, { name: 'X', price: '1', category: 'coffee' }, {
      content: await solidPicture('png'),
    });
    expect(res.statusCode).toBe(403);
    expect(storedFiles()).toEqual(before);
  });
});

describe('adding products', () => {
  it('takes JSON { name, price, category } plus the optional fields, and lists it at once', async () => {
    await list(); // warm the catalogue cache: the write must invalidate it
    const res = await send('POST', '/api/v1/products', staff, {
      name: '  Pandan Latte ',
      price: 28,
      category: 'coffee',
      description: 'Espresso, pandan syrup and milk.',
      sizes: [
        { code: 'R', price: 28 },
        { code: 'L', price: 33 },
      ],
      isFavorite: true,
      isPromo: false,
      isSoldOut: false,
    });
    expect(res.statusCode).toBe(201);
    const product = productOf(res);
    expect(product).toMatchObject({
      name: 'Pandan Latte',
      price: 28,
      priceIdr: 28_000,
      category: 'coffee',
      images: [],
      imageUrl: null,
      description: 'Espresso, pandan syrup and milk.',
      isFavorite: true,
    });
    expect(product.sizes.map((s) => [s.code, s.priceIdr])).toEqual([
      ['R', 28_000],
      ['L', 33_000],
    ]);
    expect((await list('?featured=true')).map((p) => p.id)).toContain(product.id);
  });

  it('reads a price sent as text, as the spec web form does', async () => {
    const res = await send('POST', '/api/v1/products', staff, { name: 'Kopi Tubruk', price: '15', category: 'coffee' });
    expect(res.statusCode).toBe(201);
    expect(productOf(res).priceIdr).toBe(15_000);
  });

  it('takes multipart with the picture file, re-encoded to WebP under a random name', async () => {
    const res = await sendForm(
      'POST',
      '/api/v1/products',
      staff,
      { name: 'Matcha Latte', price: '30', category: 'non-coffee', isPromo: 'true', sizes: '[{"code":"R","price":30}]' },
      { content: await solidPicture('jpeg', 2400, 1600), filename: 'matcha.jpg', contentType: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(201);
    const product = productOf(res);
    expect(product).toMatchObject({ name: 'Matcha Latte', priceIdr: 30_000, category: 'non-coffee', isPromo: true });
    expect(product.images).toHaveLength(1);
    expect(product.images[0]).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(product.imageUrl).toBe(`/uploads/images/${product.images[0]}`);
    const meta = await sharp(path.join(ctx.config.uploadsDir, product.images[0] ?? '')).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1200, 800, undefined]);
    expect((await ctx.app.inject({ method: 'GET', url: product.imageUrl ?? '' })).statusCode).toBe(200);
  });

  it('takes a picture already on the server by file name (the JSON form), and nothing outside it', async () => {
    const uploaded = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Source', price: '10', category: 'foods' }, { content: await solidPicture('png') }),
    );
    const reuse = await send('POST', '/api/v1/products', staff, { name: 'Reuse', price: 10, category: 'foods', image: uploaded.images[0] });
    expect(reuse.statusCode).toBe(201);
    expect(productOf(reuse).images).toEqual(uploaded.images);

    // Nor a customer's profile photo (kept in uploads/images/profiles/), nor the folder itself.
    for (const image of ['missing.webp', '../coffee-shop.sqlite', '/etc/passwd', 'profiles/photo.webp', 'profiles']) {
      const res = await send('POST', '/api/v1/products', staff, { name: 'Bad', price: 10, category: 'foods', image });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().field).toBe('image');
    }
  });

  it.each([
    [{ price: 25, category: 'coffee' }, 'name', 'name is required'],
    [{ name: '   ', price: 25, category: 'coffee' }, 'name', 'name is required'],
    [{ name: 'x'.repeat(121), price: 25, category: 'coffee' }, 'name', 'name must be at most 120 characters'],
    [{ name: 'Latte', category: 'coffee' }, 'price', 'price is required'],
    [{ name: 'Latte', price: 0, category: 'coffee' }, 'price', 'price must be at least 1 (IDR 1.000)'],
    [{ name: 'Latte', price: 10_001, category: 'coffee' }, 'price', 'price must be at most 10000 (IDR 10.000.000)'],
    [{ name: 'Latte', price: 12.5, category: 'coffee' }, 'price', 'price must be a whole number of thousands of rupiah (34 means IDR 34.000)'],
    [{ name: 'Latte', price: 'free', category: 'coffee' }, 'price', 'price must be a number (thousands of rupiah: 34 means IDR 34.000)'],
    [{ name: 'Latte', price: 25, category: 'tea' }, 'category', 'category must be one of: coffee, non-coffee, foods, add-on'],
    [{ name: 'Latte', price: 25, category: 'coffee', isSoldOut: 'maybe' }, 'isSoldOut', 'isSoldOut must be true or false'],
    [{ name: 'Latte', price: 25, category: 'coffee', description: 'x'.repeat(1001) }, 'description', 'description must be at most 1000 characters'],
    [{ name: 'Latte', price: 25, category: 'coffee', sizes: [{ code: 'R', price: 25 }, { code: 'R', price: 26 }] }, 'sizes', 'sizes must not repeat a size'],
    [{ name: 'Latte', price: 25, category: 'coffee', sizes: [{ code: 'XXL', price: 25 }] }, 'sizes.0.code', 'sizes.0.code must be one of: R, L, XL'],
  ])('refuses %j, naming %s', async (payload, field, message) => {
    const res = await send('POST', '/api/v1/products', staff, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field, message });
  });

  it('leaves no file when a valid picture comes with an invalid field', async () => {
    const before = storedFiles();
    const res = await sendForm('POST', '/api/v1/products', staff, { name: 'Latte', price: 'abc', category: 'coffee' }, {
      content: await solidPicture('png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('price');
    expect(storedFiles()).toEqual(before);
    expect((await list('?search=latte')).filter((p) => p.name === 'Latte')).toEqual([]);
  });
});

describe('pictures that are refused', () => {
  const cases = [
    ['a text file named .png', async () => Buffer.from('definitely not a picture'), 'menu.png', 'image/png', 415, 'image must be a JPEG, PNG, WebP or GIF picture'],
    ['an SVG with a script', async () => SVG_WITH_SCRIPT, 'menu.svg', 'image/svg+xml', 415, 'image must be a JPEG, PNG, WebP or GIF picture'],
    ['a file over 5 MB', async () => Buffer.concat([await solidPicture('jpeg'), Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg', 'image/jpeg', 413, 'image is too large: a picture may be at most 5 MB'],
    ['a 20000x20000 pixel bomb', async () => pngBomb(), 'bomb.png', 'image/png', 413, 'image is 20000x20000 pixels; a picture may have at most 40 megapixels'],
  ] as const;

  it.each(cases)('refuses %s on create and on update, leaving no file and no row', async (_, make, filename, contentType, status, message) => {
    const content = await make();
    const before = storedFiles();
    const created = await sendForm('POST', '/api/v1/products', staff, { name: 'Refused Picture', price: '20', category: 'foods' }, { content, filename, contentType });
    expect(created.statusCode).toBe(status);
    expect(created.json<ErrorResponse>()).toEqual({ message, field: 'image' });
    expect((await list('?search=refused picture')).length).toBe(0);

    const product = await createProduct(ctx.database, { name: 'Keeps Its Picture' });
    const updated = await sendForm('PATCH', `/api/v1/products/${product.id}`, staff, { name: 'Renamed' }, { content, filename, contentType });
    expect(updated.statusCode).toBe(status);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json<{ data: Product }>().data;
    expect(after.name).toBe('Keeps Its Picture');
    expect(storedFiles()).toEqual(before);
  });
});

describe('changing and removing products', () => {
  it('changes only the fields sent, and the list shows it at once', async () => {
    const product = await createProduct(ctx.database, { name: 'Old Name', priceIdr: 20_000, category: 'coffee' });
    await list();
    const res = await send('PATCH', `/api/v1/products/${product.id}`, staff, { price: 22, isSoldOut: true });
    expect(res.statusCode).toBe(200);
    expect(productOf(res)).toMatchObject({ name: 'Old Name', priceIdr: 22_000, isSoldOut: true, category: 'coffee' });
    expect((await list()).find((p) => p.id === product.id)).toMatchObject({ priceIdr: 22_000, isSoldOut: true });
  });

  it('replaces the picture and deletes the old file after the change is saved', async () => {
    const created = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Picture Swap', price: '20', category: 'foods' }, { content: await solidPicture('png') }),
    );
    const oldFile = created.images[0];
    expect(fileExists(oldFile)).toBe(true);

    const res = await sendForm('PATCH', `/api/v1/products/${created.id}`, staff, { price: '21' }, {
      content: await solidPicture('webp', 64, 64, '#FFBA33'),
      filename: 'new.webp',
      contentType: 'image/webp',
    });
    expect(res.statusCode).toBe(200);
    const updated = productOf(res);
    expect(updated.images).toHaveLength(1);
    expect(updated.images[0]).not.toBe(oldFile);
    expect(updated.priceIdr).toBe(21_000);
    expect(fileExists(updated.images[0])).toBe(true);
    expect(fileExists(oldFile)).toBe(false);

    // image: null removes the picture (and its file).
    const cleared = await send('PATCH', `/api/v1/products/${created.id}`, staff, { image: null });
    expect(productOf(cleared)).toMatchObject({ images: [], imageUrl: null });
    expect(fileExists(updated.images[0])).toBe(false);
  });

  it('keeps a replaced picture that another product still shows', async () => {
    const first = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Shared A', price: '20', category: 'foods' }, { content: await solidPicture('png') }),
    );
    const shared = first.images[0];
    await send('POST', '/api/v1/products', staff, { name: 'Shared B', price: 20, category: 'foods', image: shared });
    await sendForm('PATCH', `/api/v1/products/${first.id}`, staff, {}, { content: await solidPicture('gif'), filename: 'a.gif', contentType: 'image/gif' });
    expect(fileExists(shared)).toBe(true);
  });

  it('answers 404 for an unknown or malformed id without writing a file', async () => {
    const before = storedFiles();
    for (const id of ['999999', 'abc']) {
      const res = await sendForm('PATCH', `/api/v1/products/${id}`, staff, { name: 'Ghost' }, { content: await solidPicture('png') });
      expect(res.statusCode).toBe(404);
      expect((await send('DELETE', `/api/v1/products/${id}`, staff)).statusCode).toBe(404);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('removes the new file when the product went away while the picture was being processed', async () => {
    const product = await createProduct(ctx.database, { name: 'Deleted Meanwhile' });
    // The catalogue cache still holds the product (as it would if another request deleted it a moment ago)...
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).statusCode).toBe(200);
    await ctx.database.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', product.id).execute();
    const before = storedFiles();
    // ...so the picture is stored, then the update finds no live row and fails.
    const res = await sendForm('PATCH', `/api/v1/products/${product.id}`, staff, { name: 'Too Late' }, { content: await solidPicture('png') });
    expect(res.statusCode).toBe(404);
    expect(storedFiles()).toEqual(before);
  });

  it('deletes from the menu at once (204), keeping the row and picture for past orders', async () => {
    const created = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Seasonal Special', price: '20', category: 'coffee' }, { content: await solidPicture('png') }),
    );
    await list();
    const res = await send('DELETE', `/api/v1/products/${created.id}`, staff);
    expect(res.statusCode).toBe(204);
    expect((await list()).map((p) => p.id)).not.toContain(created.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${created.id}` })).statusCode).toBe(404);
    expect(fileExists(created.images[0])).toBe(true);
  });
});

describe('menu management service', () => {
  it('deletes the stored picture when saving the product fails', async () => {
    const repo = createProductRepository(ctx.database.db);
    const products = createProductService(repo, { uploadsDir: ctx.config.uploadsDir });
    const failing = {
      ...products,
      createProduct: () => Promise.reject(new Error('the database went away')),
    };
    const menu = createMenuManagementService({ products: failing, repo, uploadsDir: ctx.config.uploadsDir });
    const before = storedFiles();
    await expect(
      menu.addProduct({ name: 'Doomed', price: 10, category: 'foods' }, await solidPicture('png')),
    ).rejects.toThrow('the database went away');
    expect(storedFiles()).toEqual(before);
  });
});
