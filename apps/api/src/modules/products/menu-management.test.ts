import fs from 'node:fs';
import path from 'node:path';
import type { ErrorResponse, Product, ProductListResponse } from '@coffee/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { SVG_WITH_SCRIPT, multipartBody, pngBomb, solidPicture } from '../../test/images.js';
import { useTestApp } from '../../test/test-app.js';
import { createMenuManagementService } from './menu-management.service.js';
import { createProductRepository } from './products.repository.js';
import { createProductService } from './products.service.js';

const ctx = useTestApp();
let staff: SignedInUser;
let customer: SignedInUser;
beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  customer = await signUpAndSignIn(ctx);
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
/** A picture file already in the uploads folder, as an earlier upload left it. */
const storedPicture = async (name: string) => {
  fs.writeFileSync(path.join(ctx.config.uploadsDir, name), await solidPicture('webp'));
  return name;
};
const fileExists = (name: string | undefined) => name !== undefined && fs.existsSync(path.join(ctx.config.uploadsDir, name));

describe('who may change the menu', () => {
  it.each(['POST', 'PATCH', 'DELETE'] as const)('%s: 401 for a visitor, 403 for a customer, nothing changes', async (method) => {
    const product = await createProduct(ctx.database, { name: `Guarded Latte ${method}` });
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
      `Guarded Latte ${method}`,
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
      description: 'Espresso, pandan syrup and milk.',
      isFavorite: true,
    });
    expect(product.sizes.map((s) => [s.code, s.priceIdr])).toEqual([
      ['R', 28_000],
      ['L', 33_000],
    ]);
    expect((await list('?featured=true')).map((p) => p.id)).toContain(product.id);
  });

  it("shows a product added without a picture with its category's default picture, writing no file", async () => {
    const before = storedFiles();
    const res = await send('POST', '/api/v1/products', staff, { name: 'Iced Matcha Latte', price: 30, category: 'non-coffee' });
    expect(res.statusCode).toBe(201);
    const product = productOf(res);

    expect(product.images.map((image) => image.filename)).toEqual(['default-non-coffee.webp']);
    expect(product.imageUrl).toBe('/uploads/images/default-non-coffee.webp');
    const served = await ctx.app.inject({ method: 'GET', url: product.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // A real drawing, not a flat placeholder.
    const stats = await sharp(served.rawPayload).stats();
    expect(stats.entropy).toBeGreaterThan(3);

    const food = productOf(await send('POST', '/api/v1/products', staff, { name: 'Pisang Goreng', price: 18, category: 'foods' }));
    expect(food.images[0]?.filename).toBe('default-foods.webp');
    expect(storedFiles()).toEqual(before);
  });

  it('adds many products without pictures and writes no picture file at all', async () => {
    const before = storedFiles();
    const added = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send('POST', '/api/v1/products', staff, { name: `Plain Product ${i}`, price: 10 + i, category: i % 2 ? 'coffee' : 'add-on' }),
      ),
    );
    expect(added.map((res) => res.statusCode)).toEqual(added.map(() => 201));
    expect(storedFiles()).toEqual(before);
    // Removing one keeps the shared default (every other product still shows it).
    const first = added[0] as (typeof added)[number];
    expect((await send('DELETE', `/api/v1/products/${productOf(first).id}`, staff)).statusCode).toBe(204);
    expect(fileExists('default-add-on.webp')).toBe(true);
  });

  it('reads a price sent as text, as a web form does', async () => {
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
    expect(product.images[0]?.filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(product.imageUrl).toBe(`/uploads/images/${product.images[0]?.filename}`);
    const meta = await sharp(path.join(ctx.config.uploadsDir, product.images[0]?.filename ?? '')).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1200, 800, undefined]);
    expect((await ctx.app.inject({ method: 'GET', url: product.imageUrl ?? '' })).statusCode).toBe(200);
  });

  it('takes a picture already on the server by file name (the JSON form), and nothing outside it', async () => {
    const uploaded = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Source', price: '10', category: 'foods' }, { content: await solidPicture('png') }),
    );
    const reuse = await send('POST', '/api/v1/products', staff, { name: 'Reuse', price: 10, category: 'foods', image: uploaded.images[0]?.filename });
    expect(reuse.statusCode).toBe(201);
    expect(productOf(reuse).images.map((image) => image.filename)).toEqual(uploaded.images.map((image) => image.filename));

    // Nor a customer's profile photo (kept in uploads/images/profiles/), nor the folder itself.
    for (const image of ['missing.webp', '../coffee-shop.sqlite', '/etc/passwd', 'profiles/photo.webp', 'profiles']) {
      const res = await send('POST', '/api/v1/products', staff, { name: 'Bad', price: 10, category: 'foods', image });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().field).toBe('image');
    }
  });

  it.each([
    [{ price: 25, category: 'coffee' }, 'name', 'Name is required.'],
    [{ name: '   ', price: 25, category: 'coffee' }, 'name', 'Name is required.'],
    [{ name: 'x'.repeat(121), price: 25, category: 'coffee' }, 'name', 'Name must be at most 120 characters.'],
    [{ name: 'Latte', category: 'coffee' }, 'price', 'Price is required.'],
    [{ name: 'Latte', price: 0, category: 'coffee' }, 'price', 'Price must be at least 1 (IDR 1.000).'],
    [{ name: 'Latte', price: 10_001, category: 'coffee' }, 'price', 'Price must be at most 10000 (IDR 10.000.000).'],
    [{ name: 'Latte', price: 12.5, category: 'coffee' }, 'price', 'Price must be a whole number of thousands of rupiah (34 means IDR 34.000).'],
    [{ name: 'Latte', price: 'free', category: 'coffee' }, 'price', 'Price must be a number (thousands of rupiah: 34 means IDR 34.000).'],
    [{ name: 'Latte', price: 25, category: 'tea' }, 'category', 'Category must be one of: coffee, non-coffee, foods, add-on.'],
    [{ name: 'Latte', price: 25, category: 'coffee', isSoldOut: 'maybe' }, 'isSoldOut', 'Sold out must be true or false.'],
    [{ name: 'Latte', price: 25, category: 'coffee', description: 'x'.repeat(1001) }, 'description', 'Description must be at most 1000 characters.'],
    [{ name: 'Latte', price: 25, category: 'coffee', sizes: [{ code: 'R', price: 25 }, { code: 'R', price: 26 }] }, 'sizes', 'Sizes must not repeat a size.'],
    [{ name: 'Latte', price: 25, category: 'coffee', sizes: [{ code: 'XXL', price: 25 }] }, 'sizes.0.code', 'Each size must be one of: R, L, XL.'],
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
    ['a text file named .png', () => Buffer.from('definitely not a picture'), 'menu.png', 'image/png', 415, 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.'],
    ['an SVG with a script', () => SVG_WITH_SCRIPT, 'menu.svg', 'image/svg+xml', 415, 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.'],
    ['a file over 5 MB', async () => Buffer.concat([await solidPicture('jpeg'), Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg', 'image/jpeg', 413, 'This picture is too large: a picture may be at most 5 MB. Please choose a smaller one.'],
    ['a 20000x20000 pixel bomb', () => pngBomb(), 'bomb.png', 'image/png', 413, 'This picture is 20000x20000 pixels (400 megapixels); we take at most 24 megapixels. Send a smaller copy, e.g. a photo as your phone takes it or a screenshot.'],
  ] as const;

  it.each(cases)('refuses %s on create and on update, leaving no file and no row', async (_, make, filename, contentType, status, message) => {
    const content = await make();
    const before = storedFiles();
    const created = await sendForm('POST', '/api/v1/products', staff, { name: 'Refused Picture', price: '20', category: 'foods' }, { content, filename, contentType });
    expect(created.statusCode).toBe(status);
    expect(created.json<ErrorResponse>()).toEqual({ message, field: 'image' });
    expect((await list('?search=refused picture')).length).toBe(0);

    // Each case has its own product: two live products may not share a name.
    const product = await createProduct(ctx.database, { name: `Keeps Its Picture (${filename})` });
    const updated = await sendForm('PATCH', `/api/v1/products/${product.id}`, staff, { name: 'Renamed' }, { content, filename, contentType });
    expect(updated.statusCode).toBe(status);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json<{ data: Product }>().data;
    expect(after.name).toBe(`Keeps Its Picture (${filename})`);
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
    expect((await list()).find((p) => p.id === String(product.id))).toMatchObject({ priceIdr: 22_000, isSoldOut: true });
  });

  it('replaces the picture and deletes the old file after the change is saved', async () => {
    const created = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Picture Swap', price: '20', category: 'foods' }, { content: await solidPicture('png') }),
    );
    const oldFile = created.images[0]?.filename;
    expect(fileExists(oldFile)).toBe(true);

    const res = await sendForm('PATCH', `/api/v1/products/${created.id}`, staff, { price: '21' }, {
      content: await solidPicture('webp', 64, 64, '#FFBA33'),
      filename: 'new.webp',
      contentType: 'image/webp',
    });
    expect(res.statusCode).toBe(200);
    const updated = productOf(res);
    expect(updated.images).toHaveLength(1);
    expect(updated.images[0]?.filename).not.toBe(oldFile);
    expect(updated.priceIdr).toBe(21_000);
    expect(fileExists(updated.images[0]?.filename)).toBe(true);
    expect(fileExists(oldFile)).toBe(false);

    // image: null removes the picture (and its file); the product then shows its category's default.
    const cleared = productOf(await send('PATCH', `/api/v1/products/${created.id}`, staff, { image: null }));
    expect(cleared.images.map((image) => image.filename)).toEqual(['default-foods.webp']);
    expect(fileExists(updated.images[0]?.filename)).toBe(false);
  });

  it('keeps the picture when an edit sends an empty or no image, as an edit form with no new file does', async () => {
    const picture = await storedPicture('kept-picture.webp');
    const created = await createProduct(ctx.database, { name: 'Kept Picture', category: 'foods', images: [picture] });

    const form = await sendForm('PATCH', `/api/v1/products/${created.id}`, staff, { name: 'Kept Picture 2', price: '21', category: 'foods', image: '' });
    expect(form.statusCode).toBe(200);
    expect(productOf(form)).toMatchObject({ name: 'Kept Picture 2', imageUrl: `/uploads/images/${picture}` });
    const json = await send('PATCH', `/api/v1/products/${created.id}`, staff, { name: 'Kept Picture 3', image: '' });
    expect(productOf(json).images[0]?.filename).toBe(picture);
    const absent = await send('PATCH', `/api/v1/products/${created.id}`, staff, { price: 22 });
    expect(productOf(absent).images[0]?.filename).toBe(picture);
    expect(fileExists(picture)).toBe(true);
  });

  it("removes the picture only when asked (removeImage), showing its category's default in its place", async () => {
    const picture = await storedPicture('iced-matcha.webp');
    const created = await createProduct(ctx.database, { name: 'Iced Matcha', category: 'non-coffee', images: [picture] });

    const others = storedFiles().filter((name) => !name.startsWith('iced-matcha'));
    const res = await sendForm('PATCH', `/api/v1/products/${created.id}`, staff, { removeImage: 'true', image: '' });
    expect(res.statusCode).toBe(200);
    expect(productOf(res).images.map((image) => image.filename)).toEqual(['default-non-coffee.webp']);
    expect(fileExists(picture)).toBe(false);
    expect(storedFiles()).toEqual(others);

    // Removing and sending a new picture at once is a contradiction, refused before anything is written.
    const before = storedFiles();
    const both = await sendForm('PATCH', `/api/v1/products/${created.id}`, staff, { removeImage: 'true' }, { content: await solidPicture('png') });
    expect(both.statusCode).toBe(400);
    expect(both.json<ErrorResponse>()).toMatchObject({ field: 'image' });
    expect(storedFiles()).toEqual(before);
  });

  it('keeps a replaced picture that another product still shows', async () => {
    const first = productOf(
      await sendForm('POST', '/api/v1/products', staff, { name: 'Shared A', price: '20', category: 'foods' }, { content: await solidPicture('png') }),
    );
    const shared = first.images[0]?.filename;
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
    expect(fileExists(created.images[0]?.filename)).toBe(true);
  });
});

describe('menu management service', () => {
  it('deletes the stored picture when saving the product fails', async () => {
    const productRepository = createProductRepository(ctx.database.db);
    const products = createProductService({ productRepository });
    const failing = {
      ...products,
      createProduct: () => Promise.reject(new Error('the database went away')),
    };
    const menu = createMenuManagementService({ products: failing, productRepository, uploadsDir: ctx.config.uploadsDir });
    const before = storedFiles();
    await expect(
      menu.addProduct({ name: 'Doomed', price: 10, category: 'foods' }, await solidPicture('png')),
    ).rejects.toThrow('the database went away');
    expect(storedFiles()).toEqual(before);
  });
});

describe('product names', () => {
  it('refuses a second product with the same name, ignoring case and spacing, on create and on rename', async () => {
    expect((await send('POST', '/api/v1/products', staff, { name: 'Es Kopi Susu', price: 30, category: 'coffee' })).statusCode).toBe(201);
    const again = await send('POST', '/api/v1/products', staff, { name: '  es  kopi   SUSU ', price: 31, category: 'coffee' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>()).toEqual({
      message: 'There is already a product called "es  kopi   SUSU" on the menu. Please choose another name.',
      field: 'name',
    });
    expect((await list('?search=es kopi susu')).map((p) => p.name)).toEqual(['Es Kopi Susu']);

    const other = productOf(await send('POST', '/api/v1/products', staff, { name: 'Lemongrass Tea', price: 25, category: 'non-coffee' }));
    const renamed = await send('PATCH', `/api/v1/products/${other.id}`, staff, { name: 'ES KOPI SUSU', price: 26 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<ErrorResponse>().field).toBe('name');
    const kept = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${other.id}` })).json<{ data: Product }>().data;
    expect(kept).toMatchObject({ name: 'Lemongrass Tea', price: 25 });
    // Renaming a product to its own name in other letters is no clash.
    expect((await send('PATCH', `/api/v1/products/${other.id}`, staff, { name: 'lemongrass tea' })).statusCode).toBe(200);
  });

  it('holds when two staff add the same name at the same moment', async () => {
    const answers = await Promise.all(
      ['Klepon Cake', 'klepon cake', 'KLEPON  CAKE'].map((name) => send('POST', '/api/v1/products', staff, { name, price: 20, category: 'foods' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list('?search=klepon')).length).toBe(1);
  });

  it('frees the name of a removed product', async () => {
    const gone = productOf(await send('POST', '/api/v1/products', staff, { name: 'Seasonal Soda', price: 20, category: 'non-coffee' }));
    expect((await send('DELETE', `/api/v1/products/${gone.id}`, staff)).statusCode).toBe(204);
    expect((await send('POST', '/api/v1/products', staff, { name: 'Seasonal Soda', price: 22, category: 'non-coffee' })).statusCode).toBe(201);
  });
});

describe('drink sizes', () => {
  it('refuses a drink whose size prices were all left empty, instead of making it one-size', async () => {
    const res = await send('POST', '/api/v1/products', staff, { name: 'Sizeless Mocha', price: 30, category: 'coffee', sizes: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toEqual({
      message: 'A drink needs the price of at least one size (Regular, Large or Extra Large).',
      field: 'sizes',
    });
    expect((await list('?search=sizeless mocha')).length).toBe(0);

    const drink = productOf(
      await send('POST', '/api/v1/products', staff, { name: 'Sized Mocha', price: 30, category: 'coffee', sizes: [{ code: 'R', price: 30 }] }),
    );
    expect((await send('PATCH', `/api/v1/products/${drink.id}`, staff, { sizes: [] })).statusCode).toBe(400);
    // A food has no sizes: an empty list is what it should send.
    expect((await send('POST', '/api/v1/products', staff, { name: 'Sizeless Toast', price: 20, category: 'foods', sizes: [] })).statusCode).toBe(201);
  });

  it('refuses a size sent without its price', async () => {
    const res = await send('POST', '/api/v1/products', staff, { name: 'Half Priced Latte', price: 30, category: 'coffee', sizes: [{ code: 'R' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field: 'sizes.0.price', message: 'Each size price is required.' });
  });
});
