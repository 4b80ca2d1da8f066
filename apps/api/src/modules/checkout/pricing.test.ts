import { DELIVERY_METHODS } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { randomInt, seededRandom } from '../../test/random.js';
import { lineTotalIdr, summarize, toPriceSummary } from './pricing.js';

const settings = { taxRateBasisPoints: 1000, shippingFeeIdr: 15_000 };

/** A random cart of up to 12 lines, with a random tax rate, shipping fee and way of receiving it. */
function randomCart(random: () => number) {
  const lines = Array.from({ length: randomInt(random, 0, 12) }, () => ({
    unitPriceIdr: randomInt(random, 0, 2_000_000),
    quantity: randomInt(random, 1, 20),
  }));
  const s = { taxRateBasisPoints: randomInt(random, 0, 10_000), shippingFeeIdr: randomInt(random, 0, 100_000) };
  return { lines, s, method: DELIVERY_METHODS[randomInt(random, 0, 2)] ?? 'dine-in' };
}

describe('checkout figures', () => {
  it('prices the original checkout sample: 25.000 + 27.000 with Door Delivery', () => {
    const lines = [
      { unitPriceIdr: 25_000, quantity: 1 },
      { unitPriceIdr: 27_000, quantity: 1 },
    ];
    expect(summarize(lines, 'door-delivery', settings)).toEqual({
      subtotalIdr: 52_000,
      discountIdr: 0,
      discountLabel: null,
      taxAndFeesIdr: 5_200,
      shippingIdr: 15_000,
      totalIdr: 72_200,
      taxRateBasisPoints: 1000,
    });
  });

  it('charges shipping for Door Delivery only, and not on an empty cart', () => {
    const lines = [{ unitPriceIdr: 34_000, quantity: 2 }];
    expect(summarize(lines, 'dine-in', settings).shippingIdr).toBe(0);
    expect(summarize(lines, 'pick-up', settings).shippingIdr).toBe(0);
    expect(summarize(lines, 'door-delivery', settings).shippingIdr).toBe(15_000);
    expect(summarize([], 'door-delivery', settings)).toMatchObject({ subtotalIdr: 0, shippingIdr: 0, totalIdr: 0 });
  });

  it('rounds the tax once, on the subtotal', () => {
    // Three lines of 1.005: per-line rounding would give 3 x 101 = 303; on the subtotal 3.015 -> 301,5 -> 302.
    const lines = [1, 2, 3].map(() => ({ unitPriceIdr: 1_005, quantity: 1 }));
    expect(summarize(lines, 'dine-in', settings).taxAndFeesIdr).toBe(302);
  });

  it('always adds up, for random carts, rates and fees (seeded)', () => {
    const random = seededRandom(20_260_101);
    for (let run = 0; run < 2_000; run += 1) {
      const { lines, s, method } = randomCart(random);
      const summary = summarize(lines, method, s);

      const subtotal = lines.reduce((sum, l) => sum + l.unitPriceIdr * l.quantity, 0);
      const exactTax = (subtotal * s.taxRateBasisPoints) / 10_000;
      expect(summary.subtotalIdr).toBe(subtotal);
      expect(summary.subtotalIdr).toBe(lines.map(lineTotalIdr).reduce((a, b) => a + b, 0));
      expect(Number.isInteger(summary.taxAndFeesIdr)).toBe(true);
      // Nearest whole rupiah, halves up: never more than half a rupiah away, and never below on a tie.
      expect(Math.abs(summary.taxAndFeesIdr - exactTax)).toBeLessThanOrEqual(0.5);
      if (exactTax % 1 === 0.5) expect(summary.taxAndFeesIdr).toBe(exactTax + 0.5);
      expect(summary.shippingIdr).toBe(method === 'door-delivery' && lines.length > 0 ? s.shippingFeeIdr : 0);
      expect(summary.totalIdr).toBe(summary.subtotalIdr + summary.taxAndFeesIdr + summary.shippingIdr);

      const shown = toPriceSummary(summary);
      expect(shown.totalIdr).toBe(shown.subtotalIdr + shown.taxAndFeesIdr + shown.shippingIdr);
      expect(shown.total * 1000).toBeCloseTo(summary.totalIdr, 6);
    }
  });

  it('takes tax after the discount, and never lets a discount take the total below zero', () => {
    const lines = [{ unitPriceIdr: 25_000, quantity: 2 }];
    // 50.000 - 5.001 = 44.999; 10 % = 4.499,9 -> 4.500.
    expect(summarize(lines, 'door-delivery', settings, { amountIdr: 5_001, label: 'Ten off' })).toEqual({
      subtotalIdr: 50_000,
      discountIdr: 5_001,
      discountLabel: 'Ten off',
      taxAndFeesIdr: 4_500,
      shippingIdr: 15_000,
      totalIdr: 64_499,
      taxRateBasisPoints: 1000,
    });
    // A discount larger than the lines takes them to zero, not below: tax 0, shipping still charged.
    expect(summarize(lines, 'door-delivery', settings, { amountIdr: 80_000, label: 'Big' })).toMatchObject({
      discountIdr: 50_000,
      taxAndFeesIdr: 0,
      totalIdr: 15_000,
    });
  });

  it('always adds up with a discount, for random carts, discounts, rates and fees (seeded)', () => {
    const random = seededRandom(20_261_224);
    for (let run = 0; run < 2_000; run += 1) {
      const { lines, s, method } = randomCart(random);
      const asked = randomInt(random, 0, 5_000_000);
      const summary = summarize(lines, method, s, { amountIdr: asked, label: 'Coupon' });

      expect(Number.isInteger(summary.discountIdr)).toBe(true);
      expect(summary.discountIdr).toBe(Math.min(asked, summary.subtotalIdr));
      const exactTax = ((summary.subtotalIdr - summary.discountIdr) * s.taxRateBasisPoints) / 10_000;
      expect(Math.abs(summary.taxAndFeesIdr - exactTax)).toBeLessThanOrEqual(0.5);
      expect(summary.totalIdr).toBe(summary.subtotalIdr - summary.discountIdr + summary.taxAndFeesIdr + summary.shippingIdr);
      expect(summary.totalIdr).toBeGreaterThanOrEqual(summary.shippingIdr);
      const shown = toPriceSummary(summary);
      expect(shown.totalIdr).toBe(shown.subtotalIdr - shown.discountIdr + shown.taxAndFeesIdr + shown.shippingIdr);
    }
  });

  it('shows each figure in whole rupiah and in thousands, the unit the original client reads', () => {
    const shown = toPriceSummary(summarize([{ unitPriceIdr: 25_000, quantity: 1 }], 'door-delivery', settings));
    expect(shown).toEqual({
      subtotal: 25,
      subtotalIdr: 25_000,
      discount: 0,
      discountIdr: 0,
      discountLabel: null,
      taxAndFees: 2.5,
      taxAndFeesIdr: 2_500,
      shipping: 15,
      shippingIdr: 15_000,
      total: 42.5,
      totalIdr: 42_500,
      taxRate: 0.1,
    });
  });
});
