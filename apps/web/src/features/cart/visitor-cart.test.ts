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
});
