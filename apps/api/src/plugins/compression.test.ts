import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories.js';
import { useTestApp } from '../test/test-app.js';
import accepts from '@fastify/accepts';
import cookie from '@fastify/cookie';
import { preferredEncoding, registerCompression } from './compression.js';
import { registerWebApp } from './web-app.js';

describe('preferredEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('the catalogue list, compressed', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    for (let i = 0; i < 12; i += 1) {
      await createProduct(ctx.database, { name: `Hazelnut Latte ${i}`, description: 'Hazelnut syrup, vanilla whipped cream and espresso.' });
    }
  });

  const list = (acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/products', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers brotli or gzip as the client accepts, with the same JSON inside, and plain JSON otherwise', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Same ETag whatever the encoding: it names the answer, and a 304 needs no body to compress.
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('compresses a cached answer once: later requests get the very same bytes', async () => {
    const first = await list('br');
    const second = await list('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

describe('the built web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-web-dist-'));
  const page = (title: string) => `<!doctype html><title>${title}</title><div id="root">${'<p>Coffee</p>'.repeat(200)}</div>`;
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
  };
  const app = Fastify();

  beforeAll(async () => {
    write('index.html', page('Shell'));
    write('home.html', page('Home'));
    write('404.html', page('Not found'));
    write('assets/index-abc123.js', 'console.log("coffee");'.repeat(100));
    fs.writeFileSync(path.join(dist, 'app-paths.json'), JSON.stringify(['/', '/products', '/products/:id']));
    // What the app registers before the web app, which reads a request's language from them.
    await app.register(cookie);
    await app.register(accepts);
    await registerCompression(app);
    app.get('/api/v1/menu-notes', (request) => ({ data: Array.from({ length: Number((request.query as { n: string }).n) }, (_, i) => `note ${i}`) }));
    await registerWebApp(app, dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding = 'gzip, deflate, br') => app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
  const text = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString()
    : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString()
    : res.rawPayload.toString();

  it('compresses other answers of 1 KB or more on the fly, and leaves smaller ones as they are', async () => {
    const large = await get('/api/v1/menu-notes?n=200', 'gzip');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(text(large))).toEqual({ data: Array.from({ length: 200 }, (_, i) => `note ${i}`) });
    const small = await get('/api/v1/menu-notes?n=3', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: ['note 0', 'note 1', 'note 2'] });
  });

  it('serves the prerendered home page at / from its brotli copy', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, 'home.html.br')))).toBe(true);
    expect(text(res)).toContain('<title>Home</title>');
  });

  it("gives the app's other routes the shell, and an unknown address the 404 page with status 404", async () => {
    expect(text(await get('/products/7', 'gzip'))).toContain('<title>Shell</title>');
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(text(unknown)).toContain('<title>Not found</title>');
    const missingFile = await get('/assets/missing.js');
    expect(missingFile.statusCode).toBe(404);
    expect(missingFile.headers['content-type']).toContain('application/json');
  });

  it('serves built files precompressed by content negotiation, and as they are to clients without compression', async () => {
    const br = await get('/assets/index-abc123.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(text(br)).toBe(plain.rawPayload.toString());
  });
});
