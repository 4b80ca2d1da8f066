import { describe, expect, it } from 'vitest';
import { isEan13 } from '@coffee/contract';
import { ean13Modules } from './ean13';

describe('EAN-13 bars', () => {
  it('draws a textbook number the way a scanner expects it', () => {
    // 4006381333931: guards, left half in the parity of 4 (LGLLGG), centre guard, right half, end guard.
    expect(ean13Modules('4006381333931')).toBe(
      '101' +
        '0001101' + '0100111' + '0101111' + '0111101' + '0001001' + '0110011' +
        '01010' +
        '1000010' + '1000010' + '1000010' + '1110100' + '1000010' + '1100110' +
        '101',
    );
  });

  it('refuses a number whose check digit is wrong, so a mistyped card never prints', () => {
    expect(isEan13('2000000000420')).toBe(false);
    expect(ean13Modules('2000000000420')).toBeNull();
    expect(ean13Modules('12345')).toBeNull();
    expect(ean13Modules('2000000000428')?.length).toBe(95);
  });
});
