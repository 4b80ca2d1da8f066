import { describe, expect, it } from 'vitest';
import {
  EMPTY_VISITOR_CART,
  MAX_VISITOR_QUANTITY,
  VISITOR_CART_KEY,
  addVisitorLines,
  readVisitorCart,
  updateVisitorCart,
  visitorItemCount,
} from './visitor-cart';

describe('visitor cart', () => {
  it('adds up the same product and size, and keeps other sizes and products apart', () => {
    let cart = addVisitorLines(EMPTY_VISITOR_CART, [
      { productId: 7, size: 'L', quantity: 2 },
      { productId: 7, size: 'R', quantity: 1 },
    ]);
    cart = addVisitorLines(cart, [
      { productId: 7, size: 'L', quantity: 1 },
      { productId: 9, size: null, quantity: 3 },
    ]);
    expect(cart.lines).toEqual([
      { productId: 7, size: 'L', quantity: 3 },
      { productId: 7, size: 'R', quantity: 1 },
      { productId: 9, size: null, quantity: 3 },
    ]);
    expect(visitorItemCount(cart)).toBe(7);
  });

  it('ignores zero quantities and caps a line at the stepper maximum', () => {
    const cart = addVisitorLines(EMPTY_VISITOR_CART, [
      { productId: 7, size: 'XL', quantity: 0 },
      { productId: 7, size: 'R', quantity: MAX_VISITOR_QUANTITY },
      { productId: 7, size: 'R', quantity: 5 },
    ]);
    expect(cart.lines).toEqual([{ productId: 7, size: 'R', quantity: MAX_VISITOR_QUANTITY }]);
  });

  it('keeps the cart in localStorage under @cart and reads it back', () => {
    updateVisitorCart((cart) => ({ ...addVisitorLines(cart, [{ productId: 7, size: 'L', quantity: 2 }]), delivery: null }));
    updateVisitorCart((cart) => addVisitorLines(cart, [{ productId: 7, size: 'L', quantity: 1 }]));
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? 'null')).toEqual({
      lines: [{ productId: 7, size: 'L', quantity: 3 }],
      delivery: null,
    });
    expect(visitorItemCount(readVisitorCart())).toBe(3);
  });

  it('reads anything it cannot understand as an empty cart', () => {
    localStorage.setItem(VISITOR_CART_KEY, '{not json');
    expect(readVisitorCart()).toEqual(EMPTY_VISITOR_CART);
    localStorage.setItem(VISITOR_CART_KEY, JSON.stringify({ lines: [{ productId: 'x', quantity: -1 }] }));
    expect(readVisitorCart()).toEqual(EMPTY_VISITOR_CART);
  });

  it('reads back a cart with options, a note and a chosen time, and drops one with any part out of shape', () => {
    const line = { productId: 7, size: 'L', quantity: 2, optionIds: [3, 1], baristaNote: 'Extra hot' };
    const cart = {
      lines: [line, { productId: 9, size: null, quantity: 1 }],
      delivery: { deliveryMethod: 'pick-up', scheduledFor: '2026-12-01T09:30' },
    };
    localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(cart));
    expect(readVisitorCart()).toEqual(cart);

    const malformed = [
      null,
      [],
      { lines: [line] },
      { lines: 'none', delivery: null },
      { lines: [{ ...line, size: 'XXL' }], delivery: null },
      { lines: [{ productId: 7, quantity: 1 }], delivery: null },
      { lines: [{ ...line, quantity: 1.5 }], delivery: null },
      { lines: [{ ...line, quantity: MAX_VISITOR_QUANTITY + 1 }], delivery: null },
      { lines: [{ ...line, optionIds: [1, 'oat'] }], delivery: null },
      { lines: [{ ...line, baristaNote: 'x'.repeat(141) }], delivery: null },
      { lines: Array.from({ length: 101 }, (_, i) => ({ productId: i + 1, size: null, quantity: 1 })), delivery: null },
      { lines: [line], delivery: { deliveryMethod: 'drone', scheduledFor: null } },
      { lines: [line], delivery: { deliveryMethod: 'pick-up', scheduledFor: 'tomorrow morning' } },
    ];
    for (const stored of malformed) {
      localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(stored));
      expect(readVisitorCart(), JSON.stringify(stored).slice(0, 80)).toEqual(EMPTY_VISITOR_CART);
    }
  });
});
