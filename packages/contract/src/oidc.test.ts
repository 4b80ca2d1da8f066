import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './oidc.js';

describe('safeReturnTo', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    for (const path of ['/', '/cart', '/products?tab=coffee&search=kopi%20susu', '/products/12#reviews', '/history?page=2']) {
      expect(safeReturnTo(path)).toBe(path);
    }
  });

  it('refuses anything a browser could read as another site', () => {
    for (const bad of [
      '//evil.example',
      '///evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /cart',
      '/.//evil.example',
      '/%2e%2E//evil.example',
      '/a/../..//evil.example',
      'cart',
      '',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(safeReturnTo(undefined)).toBeNull();
    expect(safeReturnTo(['/cart'])).toBeNull();
  });
});
