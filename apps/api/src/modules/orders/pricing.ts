import { rupiahToPriceUnits, type DeliveryMethod, type PriceSummary } from '@coffee/contract';
import { applyRate, basisPointsToRate, multiplyRupiah, sumRupiah } from '../../lib/money.js';

/**
 * The checkout figures (spec section 2, Checkout: SUBTOTAL, TAX & FEES, SHIPPING, TOTAL), computed on
 * the server only and always adding up (design.md: the original showed 52 + 10 + 15 = 87).
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
  taxAndFeesIdr: number;
  shippingIdr: number;
  totalIdr: number;
  taxRateBasisPoints: number;
}

export const lineTotalIdr = (line: PricedLineInput): number => multiplyRupiah(line.unitPriceIdr, line.quantity);

/**
 * Tax is taken on the subtotal once (not per line), so it is rounded once. Shipping is charged only for
 * Door Delivery with something to deliver: an empty cart shows a zero total.
 */
export function summarize(
  lines: readonly PricedLineInput[],
  deliveryMethod: DeliveryMethod,
  settings: PricingSettings,
): SummaryIdr {
  const subtotalIdr = sumRupiah(lines.map(lineTotalIdr));
  const taxAndFeesIdr = applyRate(subtotalIdr, settings.taxRateBasisPoints);
  const shippingIdr = deliveryMethod === 'door-delivery' && lines.length > 0 ? settings.shippingFeeIdr : 0;
  return {
    subtotalIdr,
    taxAndFeesIdr,
    shippingIdr,
    totalIdr: sumRupiah([subtotalIdr, taxAndFeesIdr, shippingIdr]),
    taxRateBasisPoints: settings.taxRateBasisPoints,
  };
}

/** The contract's shape: each figure in whole rupiah and in the spec's thousands. */
export function toPriceSummary(s: SummaryIdr): PriceSummary {
  return {
    subtotal: rupiahToPriceUnits(s.subtotalIdr),
    subtotalIdr: s.subtotalIdr,
    taxAndFees: rupiahToPriceUnits(s.taxAndFeesIdr),
    taxAndFeesIdr: s.taxAndFeesIdr,
    shipping: rupiahToPriceUnits(s.shippingIdr),
    shippingIdr: s.shippingIdr,
    total: rupiahToPriceUnits(s.totalIdr),
    totalIdr: s.totalIdr,
    taxRate: basisPointsToRate(s.taxRateBasisPoints),
  };
}
