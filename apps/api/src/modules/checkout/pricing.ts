import { MAX_PROMO_PERCENT_OFF, rupiahToPriceUnits, type DeliveryMethod, type PriceSummary } from '@coffee/contract';
import { applyRate, basisPointsToRate, multiplyRupiah, sumRupiah } from '../../lib/money.js';

/**
 * The checkout figures (subtotal, tax and fees, shipping, total), computed on the server only and always
 * adding up: a client never sums money.
 */
export interface PricingSettings {
  /** TAX_RATE in basis points: 1000 = 10 %. */
  taxRateBasisPoints: number;
  /** SHIPPING_FEE in whole rupiah, charged for Door Delivery only. */
  shippingFeeIdr: number;
}

export interface PricedLineInput {
  unitPriceIdr: number;
  quantity: number;
}

export interface SummaryIdr {
  subtotalIdr: number;
  /** The coupon's discount, at most the subtotal. */
  discountIdr: number;
  /** The coupon that gave it; null without one. */
  discountLabel: string | null;
  taxAndFeesIdr: number;
  shippingIdr: number;
  totalIdr: number;
  taxRateBasisPoints: number;
}

export const lineTotalIdr = (line: PricedLineInput): number => multiplyRupiah(line.unitPriceIdr, line.quantity);

/** The price of one item: its size's price plus every chosen option's delta (oat milk, an extra shot). */
export const unitPriceWithOptions = (basePriceIdr: number, options: readonly { priceDeltaIdr: number }[]): number =>
  sumRupiah([basePriceIdr, ...options.map((o) => o.priceDeltaIdr)]);

/**
 * The price charged while a product is on promotion: `percentOff` % off the regular price, rounded to the nearest
 * whole rupiah, halves up (20 % off 27.503 is 22.002,4 -> 22.002), like every other rate. 0 % leaves it as it is.
 */
export function promoPriceIdr(regularIdr: number, percentOff: number): number {
  if (!Number.isInteger(percentOff) || percentOff < 0 || percentOff > MAX_PROMO_PERCENT_OFF) {
    throw new RangeError(`percent off must be a whole number from 0 to ${MAX_PROMO_PERCENT_OFF}, got ${percentOff}`);
  }
  return applyRate(regularIdr, (100 - percentOff) * 100);
}

/** A coupon's discount on the lines, before tax. */
export interface DiscountInput {
  amountIdr: number;
  label: string;
}

/**
 * Tax is taken once (not per line), on the subtotal minus the discount, so it is rounded once and a coupon lowers the
 * tax with the price. A discount never exceeds the subtotal, so no total goes below zero. Shipping is charged only for
 * Door Delivery with something to deliver: an empty cart shows a zero total.
 */
export function summarize(
  lines: readonly PricedLineInput[],
  deliveryMethod: DeliveryMethod,
  settings: PricingSettings,
  discount?: DiscountInput | null,
): SummaryIdr {
  const subtotalIdr = sumRupiah(lines.map(lineTotalIdr));
  const discountIdr = discount ? Math.min(Math.max(0, Math.round(discount.amountIdr)), subtotalIdr) : 0;
  const taxAndFeesIdr = applyRate(subtotalIdr - discountIdr, settings.taxRateBasisPoints);
  const shippingIdr = deliveryMethod === 'door-delivery' && lines.length > 0 ? settings.shippingFeeIdr : 0;
  return {
    subtotalIdr,
    discountIdr,
    discountLabel: discount && discountIdr > 0 ? discount.label : null,
    taxAndFeesIdr,
    shippingIdr,
    totalIdr: sumRupiah([subtotalIdr - discountIdr, taxAndFeesIdr, shippingIdr]),
    taxRateBasisPoints: settings.taxRateBasisPoints,
  };
}

/** The contract's shape: each figure in whole rupiah and in thousands of rupiah. */
export function toPriceSummary(s: SummaryIdr): PriceSummary {
  return {
    subtotal: rupiahToPriceUnits(s.subtotalIdr),
    subtotalIdr: s.subtotalIdr,
    discount: rupiahToPriceUnits(s.discountIdr),
    discountIdr: s.discountIdr,
    discountLabel: s.discountLabel,
    taxAndFees: rupiahToPriceUnits(s.taxAndFeesIdr),
    taxAndFeesIdr: s.taxAndFeesIdr,
    shipping: rupiahToPriceUnits(s.shippingIdr),
    shippingIdr: s.shippingIdr,
    total: rupiahToPriceUnits(s.totalIdr),
    totalIdr: s.totalIdr,
    taxRate: basisPointsToRate(s.taxRateBasisPoints),
  };
}
