import { describe, expect, it } from 'vitest';
import { applyRate, assertRupiah, multiplyRupiah, rateToBasisPoints, sumRupiah } from './money.js';

describe('rupiah arithmetic', () => {
  it('takes a rate of an amount, rounding to the nearest rupiah with halves up', () => {
    expect(applyRate(52_000, 1000)).toBe(5_200);
    expect(applyRate(52_005, 1000)).toBe(5_201); // 5.200,5 -> up
    expect(applyRate(52_004, 1000)).toBe(5_200); // 5.200,4 -> down
    expect(applyRate(52_006, 1000)).toBe(5_201); // 5.200,6 -> up
    expect(applyRate(1, 5000)).toBe(1); // 0,5 -> up
    expect(applyRate(1, 4999)).toBe(0);
    expect(applyRate(0, 1000)).toBe(0);
    expect(applyRate(99_999, 0)).toBe(0);
    expect(applyRate(99_999, 10_000)).toBe(99_999);
  });

  it('turns a configured rate into basis points without float drift', () => {
    expect(rateToBasisPoints(0.1)).toBe(1000);
    expect(rateToBasisPoints(0.11)).toBe(1100);
    expect(rateToBasisPoints(0.0725)).toBe(725);
    expect(rateToBasisPoints(0)).toBe(0);
    expect(rateToBasisPoints(1)).toBe(10_000);
    expect(() => rateToBasisPoints(0.12345)).toThrow(RangeError);
    expect(() => rateToBasisPoints(1.5)).toThrow(RangeError);
    expect(() => rateToBasisPoints(-0.1)).toThrow(RangeError);
  });

  it('refuses amounts that are not whole, non-negative rupiah', () => {
    expect(() => assertRupiah(1.5)).toThrow(RangeError);
    expect(() => assertRupiah(-1)).toThrow(RangeError);
    expect(() => assertRupiah(Number.NaN)).toThrow(RangeError);
    expect(() => multiplyRupiah(25_000, 1.5)).toThrow(RangeError);
    expect(() => multiplyRupiah(100_000_000_000, 2)).toThrow(RangeError);
    expect(multiplyRupiah(25_000, 3)).toBe(75_000);
    expect(sumRupiah([25_000, 27_000])).toBe(52_000);
    expect(sumRupiah([])).toBe(0);
  });
});
