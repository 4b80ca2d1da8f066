import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, randomIp, sessionCookieNamed, signUpAndSignIn } from '../test/auth.js';
import { multipartBody, solidPicture } from '../test/images.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { CROSS_ORIGIN_SESSION_MINUTES, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../plugins/session.js';

/**
 * The calls a client written for the original shop makes, replayed exactly: its login record is the answer's
 * `data`, it lists the whole menu without paging, it builds every picture address as
 * `/uploads/images/${product.images[0].filename}`, it finds a product's picture by calling `GET /products/` and
 * comparing `item.id === id` with the route parameter (a string), its edit form always sends `image` (empty when no
 * new file was chosen), and it signs out by forgetting its login record, never telling the server.
 * Hosted on our origin, and on another origin listed in CORS_ORIGINS.
 */

/** What the original client reads from a product. */
interface OriginalProduct {
  id: unknown;
  name: string;
  price: number;
  category: string;
  images: Array<{ id_image: unknown; id_product: unknown; name: string; filename: string }>;
}

const LISTED_ORIGIN = 'https://menu.example.com';
const UNLISTED_ORIGIN = 'https://elsewhere.example.net';

/** The original client in a browser on `origin`: it sends the Origin header and keeps the session cookie. */
class OriginalClient {
  /** `name=value`, as the browser sends it back (the name is `__Host-coffee_session` when the cookie is Secure). */
  cookie: string | undefined;
  loginRecord: unknown;
  readonly ip = randomIp();

  constructor(
    private readonly ctx: TestContext,
    readonly origin: string,
  ) {}

  async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: { json?: object; form?: ReturnType<typeof multipartBody> }) {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookie) headers.cookie = this.cookie;
    const res = await this.ctx.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...headers, ...(body?.form?.headers ?? {}) },
      ...(body?.json ? { payload: body.json } : body?.form ? { payload: body.form.payload } : {}),
    });
    const cookie = sessionCookieNamed(res.headers['set-cookie']);
    if (cookie) this.cookie = `${cookie.name}=${cookie.value}`;
    return res;
  }

  async login(email: string, password: string) {
    const res = await this.call('POST', '/api/v1/auth/login', { json: { email, password } });
    this.loginRecord = res.json<{ data: unknown }>().data;
    return res;
  }

  /** Logout: the record goes, the server is never told. */
  logout() {
    this.loginRecord = undefined;
  }

  async list(query = '') {
    return (await this.call('GET', `/api/v1/products${query}`)).json<{ data: OriginalProduct[] }>().data;
  }

  /** The detail and edit pages' picture: the list at `/products/`, the product found by `item.id === id`. */
  async pictureAddressOf(id: string) {
    const { data } = (await this.call('GET', '/api/v1/products/')).json<{ data: OriginalProduct[] }>();
    const item = data.find((candidate) => candidate.id === id);
    // Undefined here is the blank page: the original client reads `item.images[0].filename` unguarded.
    return item && `/uploads/images/${item.images[0]?.filename}`;
  }

  /** The edit form: the four fields, and `image` a file or, with no new file chosen, an empty string. */
  form(fields: { name: string; price: string; category: string }, picture?: Buffer) {
    return picture
      ? multipartBody(fields, { field: 'image', filename: 'photo.png', contentType: 'image/png', content: picture })
      : multipartBody({ ...fields, image: '' });
  }
}

const setCookieOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${SECURE_SESSION_COOKIE}=`));

describe.each<{ hosting: string; origin: string; env: Record<string, string> }>([
  { hosting: 'on our origin', origin: SAME_ORIGIN, env: {} },
  { hosting: 'on another origin listed in CORS_ORIGINS', origin: LISTED_ORIGIN, env: { CORS_ORIGINS: `${LISTED_ORIGIN},http://localhost:5173` } },
])('the original client hosted $hosting', ({ origin, env }) => {
  let ctx: TestContext;
  let client: OriginalClient;
  let staffEmail: string;
  let staffPassword: string;
  const crossOrigin = origin !== SAME_ORIGIN;

  beforeAll(async () => {
    ctx = await createTestApp(env);
    const staff = await signUpAndSignIn(ctx, { role: 'staff' });
    staffEmail = staff.email;
    staffPassword = staff.password;
    client = new OriginalClient(ctx, origin);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('signs up, then signs in and keeps `data` as its login record', async () => {
    const register = await client.call('POST', '/api/v1/auth/register', {
      json: { email: 'new.customer@example.test', password: 'Kopi-Susu-Gula-Aren-7', phone: '081234567890' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.json<{ data: { email: string } }>().data.email).toBe('new.customer@example.test');

    const login = await client.login(staffEmail, staffPassword);
    expect(login.statusCode).toBe(200);
    expect(client.loginRecord).toMatchObject({ email: staffEmail, role: 'staff' });
    expect(client.cookie).toBeTruthy();
    if (crossOrigin) {
      expect(login.headers['access-control-allow-origin']).toBe(origin);
      expect(login.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('adds products with a picture file, with an empty picture field, and as JSON', async () => {
    const withFile = await client.call('POST', '/api/v1/products', {
      form: client.form({ name: 'Hazelnut Latte', price: '34', category: 'coffee' }, await solidPicture('png')),
    });
    expect(withFile.statusCode, withFile.body).toBe(201);
    const noFile = await client.call('POST', '/api/v1/products', { form: client.form({ name: 'Fried Rice', price: '30', category: 'foods' }) });
    expect(noFile.statusCode, noFile.body).toBe(201);
    const json = await client.call('POST', '/api/v1/products', { json: { name: 'Iced Tea', price: 15, image: '', category: 'non-coffee' } });
    expect(json.statusCode, json.body).toBe(201);
  });

  it('lists the whole menu in one call, every product with a picture it can load', async () => {
    const menu = await client.list();
    expect(menu.map((p) => p.name).sort()).toEqual(['Fried Rice', 'Hazelnut Latte', 'Iced Tea']);
    for (const product of menu) {
      expect(product.images[0]).toMatchObject({ id_product: product.id, name: expect.any(String) as unknown, id_image: expect.any(String) as unknown });
      const picture = await client.call('GET', `/uploads/images/${product.images[0]?.filename}`);
      expect(picture.statusCode, product.name).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect(picture.headers['cross-origin-resource-policy']).toBe(crossOrigin ? 'cross-origin' : 'same-origin');
    }
  });

  it('lists one category per tab', async () => {
    expect((await client.list('?cat=foods')).map((p) => p.name)).toEqual(['Fried Rice']);
    expect((await client.list('?cat=add-on'))).toEqual([]);
  });

  it('shows a product by the id in its address, and finds its picture through the list at /products/', async () => {
    const latte = (await client.list()).find((p) => p.name === 'Hazelnut Latte');
    const id = String(latte?.id);

    const detail = await client.call('GET', `/api/v1/products/${id}`);
    expect(detail.json<{ data: OriginalProduct }>().data).toMatchObject({ name: 'Hazelnut Latte', price: 34, category: 'coffee' });
    const address = await client.pictureAddressOf(id);
    expect(address).toBe(`/uploads/images/${latte?.images[0]?.filename}`);
    expect((await client.call('GET', address ?? '')).statusCode).toBe(200);
  });

  it('edits with the form: no new file keeps the picture, a new file replaces it', async () => {
    const latte = (await client.list()).find((p) => p.name === 'Hazelnut Latte');
    const id = String(latte?.id);
    const before = await client.pictureAddressOf(id);

    const kept = await client.call('PATCH', `/api/v1/products/${id}`, { form: client.form({ name: 'Hazelnut Latte', price: '35', category: 'coffee' }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await client.pictureAddressOf(id)).toBe(before);

    const replaced = await client.call('PATCH', `/api/v1/products/${id}`, {
      form: client.form({ name: 'Hazelnut Latte', price: '35', category: 'coffee' }, await solidPicture('png', 64, 64, '#FFBA33')),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await client.pictureAddressOf(id);
    expect(after).not.toBe(before);
    expect((await client.call('GET', after ?? '')).statusCode).toBe(200);
  });

  it('edits as JSON with the four fields, keeping the picture, and deletes', async () => {
    const tea = (await client.list()).find((p) => p.name === 'Iced Tea');
    const id = String(tea?.id);
    const edited = await client.call('PATCH', `/api/v1/products/${id}`, { json: { name: 'Iced Lemon Tea', price: 16, image: '', category: 'non-coffee' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await client.pictureAddressOf(id)).toBe(`/uploads/images/${tea?.images[0]?.filename}`);

    expect((await client.call('DELETE', `/api/v1/products/${id}`)).statusCode).toBe(204);
    expect((await client.list()).map((p) => p.name)).not.toContain('Iced Lemon Tea');
  });

  // Cross-origin only: the same-origin client sends no Origin and needs neither (declared, not skipped, per case).
  if (crossOrigin) {
    it('gets its preflight answered for exactly its origin', async () => {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/products/1',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    });

    it('holds a short cross-site session that ends on its own after the client signs out', async () => {
      const login = await client.login(staffEmail, staffPassword);
      const cookie = setCookieOf(login) ?? '';
      expect(cookie).toMatch(/; SameSite=None/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toContain(`Max-Age=${CROSS_ORIGIN_SESSION_MINUTES * 60}`);

      // A change keeps it alive; browsing the menu (all it does after its Logout) does not.
      const change = await client.call('POST', '/api/v1/products', { json: { name: 'Affogato', price: 30, category: 'coffee' } });
      expect(setCookieOf(change)).toContain(`Max-Age=${CROSS_ORIGIN_SESSION_MINUTES * 60}`);
      client.logout();
      const browsing = await client.call('GET', '/api/v1/products');
      expect(setCookieOf(browsing)).toBeUndefined();
    });
  }
});

describe('an origin that is not listed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CORS_ORIGINS: LISTED_ORIGIN });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('gets no CORS header, and its writes are refused', async () => {
    const staff = await signUpAndSignIn(ctx, { role: 'staff' });
    const client = new OriginalClient(ctx, UNLISTED_ORIGIN);

    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: UNLISTED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const list = await client.call('GET', '/api/v1/products');
    expect(list.headers['access-control-allow-origin']).toBeUndefined();

    expect((await client.login(staff.email, staff.password)).statusCode).toBe(403);
    client.cookie = staff.cookie;
    const write = await client.call('POST', '/api/v1/products', { json: { name: 'Forged', price: 1, category: 'coffee' } });
    expect(write.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/products?search=forged' })).json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('without CORS_ORIGINS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers no preflight and keeps pictures same-origin, as before', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: LISTED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const picture = await ctx.app.inject({ method: 'GET', url: '/uploads/images/default-coffee.webp' });
    expect(picture.headers['cross-origin-resource-policy']).toBe('same-origin');
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: LISTED_ORIGIN },
      payload: { email: 'someone@example.test', password: 'whatever-it-is' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('behind a reverse proxy', () => {
  const PROXY = '127.0.0.1';
  /** Sign-ins with a wrong password from one visitor, through the proxy, each for a different account. */
  const failedSignIn = (ctx: TestContext, visitor: string, n: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: PROXY,
      headers: { origin: SAME_ORIGIN, 'x-forwarded-for': visitor },
      payload: { email: `nobody-${visitor}-${n}@example.test`, password: 'not-the-password' },
    });

  it.each([
    { trustProxy: PROXY, otherVisitor: 401 },
    { trustProxy: '', otherVisitor: 429 },
  ])('TRUST_PROXY=$trustProxy: another visitor after one is locked out gets $otherVisitor', async ({ trustProxy, otherVisitor }) => {
    const ctx = await createTestApp({ TRUST_PROXY: trustProxy, LOGIN_LIMIT_PER_IP: '3' });
    try {
      for (let n = 0; n < 3; n++) expect((await failedSignIn(ctx, '203.0.113.7', n)).statusCode).toBe(401);
      expect((await failedSignIn(ctx, '203.0.113.7', 3)).statusCode).toBe(429);

      expect((await failedSignIn(ctx, '198.51.100.23', 0)).statusCode).toBe(otherVisitor);
    } finally {
      await ctx.close();
    }
  });
});
