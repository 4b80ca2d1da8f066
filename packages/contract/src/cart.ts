import { z } from 'zod';
import { PriceSummary, PricedLine } from './checkout-common.js';
import { dataOf } from './common.js';
import { SizeCode } from './products.js';

/** Spec section 2, Product detail: the three delivery-method pills. */
export const DELIVERY_METHODS = ['dine-in', 'door-delivery', 'pick-up'] as const;
export const DeliveryMethod = z.enum(DELIVERY_METHODS, {
  error: () => `must be one of: ${DELIVERY_METHODS.join(', ')}`,
});
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  'dine-in': 'Dine in',
  'door-delivery': 'Door Delivery',
  'pick-up': 'Pick up',
};

/**
 * A requested time: a date and time on the shop's clock (SHOP_TIMEZONE), chosen by the customer,
 * 'YYYY-MM-DDTHH:mm' with no zone. Null or absent means "as soon as possible", which is now.
 */
export const ShopLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a shop date and time as YYYY-MM-DDTHH:mm');

/** Whole items of one product and size. The upper bound is configured (ORDER_MAX_LINE_QUANTITY) and enforced by the API. */
export const Quantity = z
  .number({ error: 'must be a whole number of at least 1' })
  .int('must be a whole number of at least 1')
  .min(1, 'must be a whole number of at least 1');

/** One line to add. Any price sent along is stripped: the server prices every line from the menu. */
export const AddCartLineInput = z
  .object({
    productId: z
      .number({ error: 'must be a product id' })
      .int('must be a product id')
      .positive('must be a product id')
      // Ids fit the `integer` column of both databases.
      .max(2_147_483_647, 'must be a product id'),
    /** R, L or XL for a product sold in sizes; null (or absent) for a one-size product. */
    size: SizeCode.nullable().default(null),
    quantity: Quantity,
  })
  .meta({ id: 'AddCartLineInput' });
export type AddCartLineInput = z.infer<typeof AddCartLineInput>;
export type AddCartLineInputBody = z.input<typeof AddCartLineInput>;

export const UpdateCartLineInput = z.object({ quantity: Quantity }).meta({ id: 'UpdateCartLineInput' });
export type UpdateCartLineInput = z.infer<typeof UpdateCartLineInput>;

export const SetCartDeliveryInput = z
  .object({
    deliveryMethod: DeliveryMethod,
    scheduledFor: ShopLocalDateTime.nullable().default(null),
  })
  .meta({ id: 'SetCartDeliveryInput' });
export type SetCartDeliveryInput = z.infer<typeof SetCartDeliveryInput>;
export type SetCartDeliveryInputBody = z.input<typeof SetCartDeliveryInput>;

/** A visitor's browser cart, sent once at sign-in. Capped at 100 lines: a browser cart is never bigger. */
export const MergeCartInput = z
  .object({ lines: z.array(AddCartLineInput).max(100, 'must have at most 100 lines') })
  .meta({ id: 'MergeCartInput' });
export type MergeCartInput = z.infer<typeof MergeCartInput>;
export type MergeCartInputBody = z.input<typeof MergeCartInput>;

export const CartLine = PricedLine.extend({
  /** False when the product is sold out, off the menu, or no longer sold in this size: such a line blocks checkout and is left out of the summary. */
  isAvailable: z.boolean(),
  /** Why the line is unavailable ('Sold out'...), else null. */
  note: z.string().nullable(),
}).meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z
  .object({
    lines: z.array(CartLine),
    deliveryMethod: DeliveryMethod,
    /** Requested shop-local time, or null for as soon as possible. */
    scheduledFor: z.string().nullable(),
    /**
     * Why the chosen delivery method and time could not be ordered right now (outside the hours, a time
     * that has passed), else null. Saving them is allowed; placing the order checks again.
     */
    deliveryProblem: z.string().nullable(),
    summary: PriceSummary,
    /** Sum of quantities of every line, for the navigation badge. */
    itemCount: z.number().int(),
    limits: z.object({ maxLineQuantity: z.number().int(), maxOrderItems: z.number().int() }),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

export const CartResponse = dataOf(Cart);
export type CartResponse = z.infer<typeof CartResponse>;

/** Merge and reorder answers: the cart, plus one note per line that could not be (fully) added. */
export const CartChangeResponse = z.object({ data: Cart, notes: z.array(z.string()) });
export type CartChangeResponse = z.infer<typeof CartChangeResponse>;

export const CartLineIdParam = z.object({ lineId: z.string() });
export type CartLineIdParam = z.infer<typeof CartLineIdParam>;
