import { z } from 'zod';
import { ChosenOption } from './options.js';
import { SizeCode } from './products.js';

/*
 * Shapes a cart and an order share: both price their lines and sum them the same way (the API's pricing.ts),
 * so the figures are described once here.
 *
 * Money pairs follow Product: `x` in thousands of rupiah (the unit the original shop's clients read), `xIdr` in whole rupiah.
 * `xIdr` is the authoritative figure; the web app formats it with formatIdr.
 */

export const PriceSummary = z
  .object({
    subtotal: z.number().describe('SUBTOTAL: the sum of the line totals, in thousands of rupiah'),
    subtotalIdr: z.number().int().describe('SUBTOTAL in whole rupiah'),
    taxAndFees: z
      .number()
      .describe('TAX & FEES: `taxRate` of the subtotal minus the discount, rounded to the nearest whole rupiah (halves up), in thousands of rupiah'),
    taxAndFeesIdr: z.number().int().describe('TAX & FEES in whole rupiah'),
    discount: z.number().describe('DISCOUNT: what the coupon takes off the subtotal (0 without one), in thousands of rupiah'),
    discountIdr: z
      .number()
      .int()
      .describe('DISCOUNT in whole rupiah: never more than the subtotal; tax is taken on subtotal minus discount'),
    discountLabel: z.string().nullable().describe('The coupon behind the discount, to name its line ("Free Cup of Coffee"); null without one'),
    shipping: z.number().describe('SHIPPING: the Door Delivery fee, 0 for the other methods, in thousands of rupiah'),
    shippingIdr: z.number().int().describe('SHIPPING in whole rupiah'),
    total: z.number().describe('TOTAL: subtotal - discount + taxAndFees + shipping, exactly, in thousands of rupiah'),
    totalIdr: z.number().int().describe('TOTAL in whole rupiah: the amount to pay'),
    taxRate: z.number().describe('The tax rate applied, as a fraction: 0.1 for 10 %'),
  })
  .meta({ id: 'PriceSummary', description: 'The figures under the lines; the Idr figures are the ones to compute with' });
export type PriceSummary = z.infer<typeof PriceSummary>;

/**
 * One product, size, set of options and note with its quantity and prices: the fields CartLine and OrderLine have in common.
 * No OpenAPI id of its own; each of them is registered under its own name.
 * In a cart the prices are today's menu prices; in an order they are as ordered.
 */
export const PricedLine = z.object({
  id: z.number().int().describe('The line id'),
  productId: z.number().int().describe('The product, as in `/products/{id}`'),
  name: z.string().describe('The product name'),
  imageUrl: z.string().nullable().describe("Address of the product's picture, or null when it has none"),
  sizeCode: SizeCode.nullable().describe('The size (R, L or XL), or null for a product sold in one size'),
  sizeLabel: z.string().nullable().describe('The size as shown (Regular, Large, Extra Large), or null'),
  options: z
    .array(ChosenOption)
    .describe('The chosen options (milk, sugar, extra shot...), in the order of the product\'s groups; empty for none'),
  baristaNote: z.string().describe('The customer\'s note to the barista for this line; empty for none'),
  quantity: z.number().int().describe('How many items'),
  unitPrice: z.number().describe('The price of one item, options included, in thousands of rupiah'),
  unitPriceIdr: z
    .number()
    .int()
    .describe('The price of one item in whole rupiah: the size\'s price plus every chosen option\'s priceDeltaIdr'),
  lineTotal: z.number().describe('unitPrice times quantity, in thousands of rupiah'),
  lineTotalIdr: z.number().int().describe('unitPriceIdr times quantity, in whole rupiah'),
});
export type PricedLine = z.infer<typeof PricedLine>;
