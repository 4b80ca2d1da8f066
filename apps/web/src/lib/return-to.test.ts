import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each(['/payment', '/products/12?tab=coffee', '/history/3#top'])('keeps the same-site path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    'https://evil.example/payment',
    '//evil.example/payment',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'payment',
    '',
    42,
    null,
    '/login',
    '/register?returnTo=/payment',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
