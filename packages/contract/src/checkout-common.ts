import { z } from 'zod';
import { SizeCode } from './products.js';

/*
 * Shapes a cart and an order share: both price their lines and sum them the same way (the API's pricing.ts),
 * so the figures are described once here.
 *
 * Money pairs follow Product: `x` in thousands of rupiah (the spec's unit), `xIdr` in whole rupiah.
 * `xIdr` is the authoritative figure; the web app formats it with formatIdr.
 */

export const PriceSummary = z
  .object({
    subtotal: z.number(),
    subtotalIdr: z.number().int(),
    /** TAX & FEES: `taxRate` of the subtotal, rounded to the nearest whole rupiah (halves up). */
    taxAndFees: z.number(),
    taxAndFeesIdr: z.number().int(),
    /** SHIPPING: the configured fee for Door Delivery, 0 otherwise. */
    shipping: z.number(),
    shippingIdr: z.number().int(),
    /** subtotal + taxAndFees + shipping, exactly. */
    total: z.number(),
    totalIdr: z.number().int(),
    /** e.g. 0.1 for 10 %. */
    taxRate: z.number(),
  })
  .meta({ id: 'PriceSummary' });
export type PriceSummary = z.infer<typeof PriceSummary>;

/**
 * One product and size with its quantity and prices: the fields CartLine and OrderLine have in common.
 * No OpenAPI id of its own; each of them is registered under its own name.
 * In a cart the prices are today's menu prices; in an order they are as ordered.
 */
export const PricedLine = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  sizeCode: SizeCode.nullable(),
  sizeLabel: z.string().nullable(),
  quantity: z.number().int(),
  /** The price of one item. */
  unitPrice: z.number(),
  unitPriceIdr: z.number().int(),
  lineTotal: z.number(),
  lineTotalIdr: z.number().int(),
});
export type PricedLine = z.infer<typeof PricedLine>;
