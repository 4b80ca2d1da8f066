import fs from 'node:fs';
import type { ErrorResponse, Product, UserProfile } from '@coffee/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DECODE_BUSY_MESSAGE, imageDecodeStats } from '../lib/images.js';
import { signUpAndSignIn, type SignedInUser } from '../test/auth.js';
import { createProduct } from '../test/factories.js';
import { multipartBody, solidPicture } from '../test/images.js';
import { encodePng } from '../test/png.js';
import { useTestApp } from '../test/test-app.js';

const ctx = useTestApp();
let staff: SignedInUser;
let product: Awaited<ReturnType<typeof createProduct>>;
type Form = { payload: Buffer; headers: Record<string, string> };
/** Well-formed forms the cases below break, by the field that carries the picture. */
const forms: Record<'image' | 'photo', Form> = {} as Record<'image' | 'photo', Form>;

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  product = await createProduct(ctx.database, { name: 'Untouched Latte', priceIdr: 25_000 });
  for (const field of ['image', 'photo'] as const) {
    forms[field] = multipartBody(
      { name: 'Broken Upload', price: '25', category: 'coffee' },
      { field, filename: 'p.png', contentType: 'image/png', content: await solidPicture('png') },
    );
  }
});

const boundaryOf = (headers: Record<string, string>) => /boundary=(.*)$/.exec(headers['content-type'] ?? '')?.[1] ?? '';
const storedFiles = () => (fs.existsSync(ctx.config.uploadsDir) ? fs.readdirSync(ctx.config.uploadsDir, { recursive: true }).sort() : []);

const NO_BOUNDARY =
  'The form could not be read: its Content-Type has no valid multipart boundary. Send it as multipart/form-data and let your browser or HTTP library set the boundary';
const INCOMPLETE =
  'The form ended before it was complete, or its parts do not use the boundary its Content-Type names: please send it again';

const malformed = (form: Form) => [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: form.payload, message: NO_BOUNDARY },
  // RFC 2046 allows at most 70 characters; the parser cannot search for a longer one.
  { name: 'an over-long boundary', contentType: `multipart/form-data; boundary=${'x'.repeat(300)}`, payload: form.payload, message: NO_BOUNDARY },
  { name: 'a body cut short inside the picture', contentType: form.headers['content-type'], payload: form.payload.subarray(0, form.payload.length - 120), message: INCOMPLETE },
  { name: 'a body cut short inside the part headers', contentType: form.headers['content-type'], payload: form.payload.subarray(0, boundaryOf(form.headers).length + 30), message: INCOMPLETE },
  { name: 'a boundary the body never uses', contentType: 'multipart/form-data; boundary=not-the-one-used', payload: form.payload, message: INCOMPLETE },
];

const routes = () => [
  { method: 'POST' as const, url: '/api/v1/products', form: forms.image },
  { method: 'PATCH' as const, url: `/api/v1/products/${product.id}`, form: forms.image },
  { method: 'PUT' as const, url: '/api/v1/users/me/photo', form: forms.photo },
];

describe('a malformed multipart body', () => {
  it.each(['POST /api/v1/products', 'PATCH /api/v1/products/:id', 'PUT /api/v1/users/me/photo'])(
    '%s: a 400 saying what to fix, no file kept and nothing changed',
    async (label) => {
      const route = routes().find((r) => label.startsWith(r.method))!;
      const filesBefore = storedFiles();
      const productsBefore = await ctx.database.db.selectFrom('products').select('id').execute();
      for (const c of malformed(route.form)) {
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers: { ...staff.headers, 'content-type': c.contentType },
          payload: c.payload,
        });
        expect({ case: c.name, status: res.statusCode, body: res.json<ErrorResponse>() }).toEqual({
          case: c.name,
          status: 400,
          body: { message: c.message },
        });
      }
      expect(storedFiles()).toEqual(filesBefore);
      expect(await ctx.database.db.selectFrom('products').select('id').execute()).toEqual(productsBefore);
      const after = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
      expect(after.json<{ data: Product }>().data).toMatchObject({ name: 'Untouched Latte', priceIdr: 25_000, imageUrl: '/uploads/images/default-coffee.webp' });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: staff.headers });
      expect(me.json<{ data: UserProfile }>().data.photoUrl).toBeNull();
    },
  );

  it('does not stop the same route from taking a well-formed form next', async () => {
    const { headers, payload } = forms.image;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...staff.headers, ...headers }, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Product }>().data.name).toBe('Broken Upload');
  });
});

describe('a flood of uploads while pictures are being decoded', () => {
  it('refuses what the waiting line cannot hold with 503 and Retry-After, keeps nothing of it, and then takes uploads again', async () => {
    const flooder = await signUpAndSignIn(ctx, { role: 'staff' });
    // 24 megapixels, tiny on disk: each decode takes long enough that the whole flood arrives while the first runs.
    const picture = encodePng({ width: 6000, height: 4000, bitDepth: 8, colourType: 'rgb', rows: Buffer.alloc((1 + 6000 * 3) * 4000) }, { level: 9 });
    const { limit, maxWaiting } = imageDecodeStats();
    // More than the decodes and the waiting line hold, with room for a few decodes to end while the flood arrives.
    const flood = limit + maxWaiting + 10;
    const send = (name: string) => {
      const form = multipartBody(
        { name, price: '25', category: 'coffee' },
        { field: 'image', filename: 'big.png', contentType: 'image/png', content: picture },
      );
      return ctx.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...flooder.headers, ...form.headers }, payload: form.payload });
    };
    const filesBefore = new Set(storedFiles().map(String));
    const productsBefore = await ctx.database.db.selectFrom('products').select('id').execute();

    const answers = await Promise.all(Array.from({ length: flood }, (_, i) => send(`Flood Latte ${i}`)));
    const taken = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(taken.length + refused.length).toBe(flood);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.json<ErrorResponse>()).toEqual({ message: DECODE_BUSY_MESSAGE });
      expect(res.headers['retry-after']).toBe('5');
    }
    // A picture (with its two narrower copies) and a product for each upload taken, none for a refused one (and no
    // half-written file).
    const newFiles = storedFiles().map(String).filter((f) => !filesBefore.has(f));
    expect(newFiles).toHaveLength(taken.length * 3);
    expect(newFiles.every((f) => f.endsWith('.webp'))).toBe(true);
    const products = await ctx.database.db.selectFrom('products').select('id').execute();
    expect(products.length - productsBefore.length).toBe(taken.length);

    // The line has drained, and the same upload is taken when sent again.
    expect(imageDecodeStats()).toMatchObject({ running: 0, waiting: 0 });
    const again = await send('Flood Latte again');
    expect(again.statusCode).toBe(201);
    expect(again.json<{ data: Product }>().data.name).toBe('Flood Latte again');
  }, 60_000);
});
