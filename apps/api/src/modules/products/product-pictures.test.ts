import fs from 'node:fs';
import path from 'node:path';
import type { Product } from '@coffee/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { pictureCopyName, storeImage } from '../../lib/images.js';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { multipartBody, solidPicture } from '../../test/images.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
let staff: SignedInUser;
beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
});

const getProduct = async (id: string | number, app = ctx.app) =>
  (await app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json<{ data: Product }>().data;

/** Adds a product with this picture file through the staff form, as the menu screen does. */
async function addWithPicture(name: string, picture: Buffer): Promise<Product> {
  const form = multipartBody(
    { name, price: '30', category: 'coffee' },
    { field: 'image', filename: 'photo.png', contentType: 'image/png', content: picture },
  );
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...staff.headers, ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: Product }>().data;
}

/** Each choice of a srcset, fetched as a browser would: its status, type and the width the file really has. */
async function fetchChoices(srcset: string, app = ctx.app) {
  return Promise.all(
    srcset.split(', ').map(async (choice) => {
      const [url = '', descriptor = ''] = choice.split(' ');
      const res = await app.inject({ method: 'GET', url });
      const width = res.statusCode === 200 ? (await sharp(res.rawPayload).metadata()).width : undefined;
      return { url, stated: descriptor, status: res.statusCode, type: res.headers['content-type'], width: `${width}w` };
    }),
  );
}

describe('product pictures in several widths (srcset)', () => {
  it('offers an uploaded picture at 320, 640 and its own width, each file really served at the width stated', async () => {
    const product = await addWithPicture('Wide Latte', await solidPicture('png', 1600, 1000));
    const [image] = (await getProduct(product.id)).images;
    const name = image?.filename ?? '';

    expect(image).toMatchObject({ url: `/uploads/images/${name}`, width: 1200, height: 750 });
    expect(image?.srcset).toBe(
      `/uploads/images/${pictureCopyName(name, 320)} 320w, /uploads/images/${pictureCopyName(name, 640)} 640w, /uploads/images/${name} 1200w`,
    );
    for (const choice of await fetchChoices(image?.srcset ?? '')) {
      expect(choice, choice.url).toMatchObject({ status: 200, type: 'image/webp', width: choice.stated });
    }
  });

  it('names a narrower picture at its real width, and offers no copy as wide as the picture', async () => {
    const product = await addWithPicture('Small Latte', await solidPicture('png', 500, 500));
    const [image] = product.images;
    const name = image?.filename ?? '';

    expect(image).toMatchObject({ width: 500, height: 500 });
    expect(image?.srcset).toBe(`/uploads/images/${pictureCopyName(name, 320)} 320w, /uploads/images/${name} 500w`);
    for (const choice of await fetchChoices(image?.srcset ?? '')) {
      expect(choice, choice.url).toMatchObject({ status: 200, type: 'image/webp', width: choice.stated });
    }
  });

  it("gives a product without a picture of its own its category's drawing in several widths", async () => {
    const stored = await createProduct(ctx.database, { name: 'Plain Cake', category: 'foods' });
    const [image] = (await getProduct(stored.id)).images;

    expect(image?.srcset).toBe('/uploads/images/default-foods.w320.webp 320w, /uploads/images/default-foods.webp 640w');
    for (const choice of await fetchChoices(image?.srcset ?? '')) {
      expect(choice, choice.url).toMatchObject({ status: 200, type: 'image/webp', width: choice.stated });
    }
  });

  it('offers just the address, with no size, for a picture missing from the server', async () => {
    const stored = await createProduct(ctx.database, { name: 'Lost Picture Latte', images: ['gone.webp'] });
    const [image] = (await getProduct(stored.id)).images;

    expect(image).toMatchObject({ url: '/uploads/images/gone.webp', srcset: '/uploads/images/gone.webp', width: null, height: null });
  });

  it('refuses to make a narrower copy the picture of a product', async () => {
    const product = await addWithPicture('Copied Latte', await solidPicture('png', 900, 900));
    const copy = pictureCopyName(product.images[0]?.filename ?? '', 320);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/products/${product.id}`, headers: staff.headers, payload: { image: copy } });

    expect(res.statusCode).toBe(400);
    expect((await getProduct(product.id)).images[0]?.filename).toBe(product.images[0]?.filename);
  });

  it('removes the copies with a replaced picture', async () => {
    const product = await addWithPicture('Replaced Latte', await solidPicture('png', 900, 900));
    const old = product.images[0]?.filename ?? '';
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/products/${product.id}`, headers: staff.headers, payload: { image: null } });
    expect(res.statusCode).toBe(200);

    for (const file of [old, pictureCopyName(old, 320), pictureCopyName(old, 640)]) {
      expect(fs.existsSync(path.join(ctx.config.uploadsDir, file)), file).toBe(false);
    }
  });
});

describe('pictures stored before they had copies', () => {
  it('get their copies when the shop starts, once; later starts leave them as they are', async () => {
    // An upload from before: the main file only, listed by a product.
    const older = await storeImage(await solidPicture('png', 1000, 800), ctx.config.uploadsDir);
    const stored = await createProduct(ctx.database, { name: 'Old Upload Latte', images: [older.fileName] });
    expect((await getProduct(stored.id)).images[0]?.srcset).toBe(`/uploads/images/${older.fileName} 1000w`);
    const copy320 = path.join(ctx.config.uploadsDir, pictureCopyName(older.fileName, 320));
    expect(fs.existsSync(copy320)).toBe(false);

    const restarted = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await restarted.ready();
      const [image] = (await getProduct(stored.id, restarted)).images;
      expect(image?.srcset).toBe(
        `/uploads/images/${pictureCopyName(older.fileName, 320)} 320w, /uploads/images/${pictureCopyName(older.fileName, 640)} 640w, /uploads/images/${older.fileName} 1000w`,
      );
      for (const choice of await fetchChoices(image?.srcset ?? '', restarted)) {
        expect(choice, choice.url).toMatchObject({ status: 200, type: 'image/webp', width: choice.stated });
      }
    } finally {
      await restarted.close();
    }

    const written = fs.statSync(copy320).mtimeMs;
    const again = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await again.ready();
      expect(fs.statSync(copy320).mtimeMs).toBe(written);
    } finally {
      await again.close();
    }
  });
});
