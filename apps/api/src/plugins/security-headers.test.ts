import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../test/test-app.js';
import { computeSecurityHeaders } from './security-headers.js';

const ctx = useTestApp();

describe('security headers', () => {
  it.each(['/api/v1/products', '/api/v1/products/abc', '/api/v1/nope'])('are sent with GET %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });

    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Served over plain http: HSTS would be a false promise.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("follow Helmet's options", () => {
    const headers = computeSecurityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false,
    });

    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when the shop is served over https (PUBLIC_URL)', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/v1/products' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await https.close();
    }
  });

  it('follows the protocol a trusted proxy reports, and ignores it from anyone else', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '127.0.0.1',
      });
      expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/);

      const spoofed = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.9',
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
