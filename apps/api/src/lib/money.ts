/**
 * Rupiah arithmetic on whole numbers, summed on the server only. Every amount is an integer number of
 * rupiah and stays far below Number.MAX_SAFE_INTEGER, so sums and products are exact; the one place
 * a fraction appears (a rate) is rounded here, once, by a documented rule.
 */

/** Rates are held in basis points (1/100 of a percent): 10 % is 1000, so no float ever touches money. */
export const BASIS_POINTS_PER_UNIT = 10_000;

/** Largest amount accepted anywhere: 100 billion rupiah keeps `amount * basisPoints` (at most 10^15) exact. */
export const MAX_RUPIAH = 100_000_000_000;

export function assertRupiah(amount: number, what = 'amount'): number {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_RUPIAH) {
    throw new RangeError(`${what} must be a whole number of rupiah from 0 to ${MAX_RUPIAH}, got ${amount}`);
  }
  return amount;
}

/** 0.1 -> 1000. Rates with more than four decimals are refused rather than silently rounded. */
export function rateToBasisPoints(rate: number): number {
  const bp = Math.round(rate * BASIS_POINTS_PER_UNIT);
  if (!(rate >= 0 && rate <= 1) || Math.abs(bp - rate * BASIS_POINTS_PER_UNIT) > 1e-6) {
    throw new RangeError(`rate must be between 0 and 1 with at most four decimals, got ${rate}`);
  }
  return bp;
}

export const basisPointsToRate = (basisPoints: number): number => basisPoints / BASIS_POINTS_PER_UNIT;

export function multiplyRupiah(unitIdr: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a whole number, got ${quantity}`);
  return assertRupiah(assertRupiah(unitIdr, 'unit price') * quantity, 'line total');
}

export function sumRupiah(amounts: readonly number[]): number {
  return assertRupiah(
    amounts.reduce((sum, amount) => sum + assertRupiah(amount), 0),
    'sum',
  );
}

/**
 * `basisPoints` of `amountIdr`, rounded to the nearest whole rupiah, halves up
 * (10 % of 52.005 is 5.200,5 -> 5.201). Integer-only: (amount * bp + 5000) / 10000, floored.
 */
export function applyRate(amountIdr: number, basisPoints: number): number {
  assertRupiah(amountIdr);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > BASIS_POINTS_PER_UNIT) {
    throw new RangeError(`basis points must be a whole number from 0 to ${BASIS_POINTS_PER_UNIT}, got ${basisPoints}`);
  }
  return Math.floor((amountIdr * basisPoints + BASIS_POINTS_PER_UNIT / 2) / BASIS_POINTS_PER_UNIT);
}
