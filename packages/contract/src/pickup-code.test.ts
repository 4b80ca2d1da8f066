import { describe, expect, it } from 'vitest';
import { orderIdOfPickupCode, pickupCodeOf } from './pickup-code.js';

describe('pick-up codes', () => {
  it('give back the order they were made from, typed, pasted or scanned as the QR address', () => {
    for (const id of [1, 2, 3, 52, 999, 123_456, 1_048_575]) {
      const code = pickupCodeOf(id)!;
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]$/);
      expect(orderIdOfPickupCode(code)).toBe(id);
      expect(orderIdOfPickupCode(code.toLowerCase().replace('-', ' '))).toBe(id);
      expect(orderIdOfPickupCode(`https://shop.example/pickup/${code}`)).toBe(id);
    }
  });

  it('differ between neighbouring orders and refuse a mistyped character', () => {
    const codes = new Set(Array.from({ length: 2000 }, (_, i) => pickupCodeOf(i + 1)));
    expect(codes.size).toBe(2000);
    const code = pickupCodeOf(42)!;
    const wrong = `${code[0] === 'A' ? 'B' : 'A'}${code.slice(1)}`;
    expect(orderIdOfPickupCode(wrong)).toBeNull();
    expect(orderIdOfPickupCode('hello')).toBeNull();
  });
});
