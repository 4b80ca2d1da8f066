import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides reset tokens and other secrets in a query, keeping the rest', () => {
    expect(redactUrl('/reset-password?token=abc_DEF-123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/x?a=1&token=abc&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/api/v1/products?cat=coffee&search=token')).toBe('/api/v1/products?cat=coffee&search=token');
  });
});
