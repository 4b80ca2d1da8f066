import { z } from 'zod';
import { PriceSummary, PricedLine } from './checkout-common.js';
import { dataOf, idInput } from './common.js';
import { BaristaNoteInput, OptionIdsInput } from './options.js';
import { SizeCode } from './products.js';
import { CartCoupon } from './promotions.js';
import { DELIVERY_METHODS } from './delivery-methods.js';
import { SHOP_LOCAL_DATE_TIME } from './shop-time.js';

export const DeliveryMethod = z
  .enum(DELIVERY_METHODS, {
    error: () => /*i18n*/ 'must be one of: dine-in, door-delivery, pick-up',
  })
  .describe('How the customer gets the order: dine-in, door-delivery or pick-up');
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

/**
 * A requested time: a date and time on the shop's clock (SHOP_TIMEZONE), chosen by the customer,
 * 'YYYY-MM-DDTHH:mm' with no zone. Null or absent means "as soon as possible", which is now.
 */
export const ShopLocalDateTime = z
  .string()
  .regex(SHOP_LOCAL_DATE_TIME, /*i18n*/ 'must be a shop date and time as YYYY-MM-DDTHH:mm')
  .describe("A date and time on the shop's clock, 'YYYY-MM-DDTHH:mm' with no zone");

/** Whole items of one product and size. The upper bound is configured (ORDER_MAX_LINE_QUANTITY) and enforced by the API. */
export const Quantity = z
  .number({ error: /*i18n*/ 'must be a whole number of at least 1' })
  .int(/*i18n*/ 'must be a whole number of at least 1')
  .min(1, /*i18n*/ 'must be a whole number of at least 1')
  .describe('How many items, at least 1 and at most the shop\'s `maxLineQuantity` (GET /shop)');

/** One line to add. Any price sent along is stripped: the server prices every line from the menu. */
export const AddCartLineInput = z
  .object({
    productId: idInput(/*i18n*/ 'must be a product id')
      .describe('The product to add, as in `/products/{id}`'),
    size: SizeCode.nullable()
      .default(null)
      .describe('R, L or XL for a product sold in sizes; null (or absent) for a product sold in one size'),
    quantity: Quantity,
    optionIds: OptionIdsInput.optional(),
    baristaNote: BaristaNoteInput.optional(),
  })
  .meta({
    id: 'AddCartLineInput',
    description:
      'A product, size, options, note and quantity to add; any price sent along is ignored: the menu prices every line. ' +
      'The same product, size, options and note add up to one line; any difference makes another line',
  });
export type AddCartLineInput = z.infer<typeof AddCartLineInput>;
export type AddCartLineInputBody = z.input<typeof AddCartLineInput>;

export const UpdateCartLineInput = z
  .object({
    quantity: Quantity.optional().describe('The new number of items, replacing the old one; absent: unchanged'),
    size: SizeCode.nullable().optional().describe('The new size (R, L or XL; null for a one-size product); absent: unchanged'),
    optionIds: OptionIdsInput.optional().describe(
      'The new options, replacing every old one (a group none of whose options is named gets its defaults); absent: unchanged',
    ),
    baristaNote: BaristaNoteInput.optional().describe('The new note to the barista; empty removes it; absent: unchanged'),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), {
    message: /*i18n*/ 'must change the quantity, size, options or note',
  })
  .meta({
    id: 'UpdateCartLineInput',
    description:
      'Changes to a line: only the fields sent change. A line that becomes identical to another line of the cart joins it (the quantities add up)',
  });
export type UpdateCartLineInput = z.infer<typeof UpdateCartLineInput>;

export const SetCartDeliveryInput = z
  .object({
    deliveryMethod: DeliveryMethod,
    scheduledFor: ShopLocalDateTime.nullable()
      .default(null)
      .describe(
        "When the customer wants the order, 'YYYY-MM-DDTHH:mm' on the shop's clock; null or absent: as soon as possible",
      ),
    storeId: z
      .number({ error: /*i18n*/ 'must be a store id' })
      .int(/*i18n*/ 'must be a store id')
      .positive(/*i18n*/ 'must be a store id')
      .max(2_147_483_647, /*i18n*/ 'must be a store id')
      .nullable()
      .optional()
      .describe('The store that prepares the order, as in `/stores`; null: the default store; absent: the store already chosen stays'),
  })
  .meta({ id: 'SetCartDeliveryInput', description: 'How and when the customer wants the order' });
export type SetCartDeliveryInput = z.infer<typeof SetCartDeliveryInput>;
export type SetCartDeliveryInputBody = z.input<typeof SetCartDeliveryInput>;

/** A visitor's browser cart, sent once at sign-in. Capped at 100 lines: a browser cart is never bigger. */
export const MergeCartInput = z
  .object({
    lines: z
      .array(AddCartLineInput)
      .max(100, /*i18n*/ 'must have at most 100 lines')
      .describe('The lines of the browser cart, at most 100; each is added as by POST /cart/items'),
  })
  .meta({ id: 'MergeCartInput', description: "A visitor's browser cart, to add to the account's cart" });
export type MergeCartInput = z.infer<typeof MergeCartInput>;
export type MergeCartInputBody = z.input<typeof MergeCartInput>;

export const CartLine = PricedLine.extend({
  isAvailable: z
    .boolean()
    .describe(
      'False when the product is sold out, off the menu, or no longer sold in this size: such a line blocks checkout and is left out of the summary',
    ),
  note: z.string().nullable().describe("Why the line is unavailable ('Sold out'...), else null"),
}).meta({ id: 'CartLine', description: "A line of the cart, priced from today's menu" });
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z
  .object({
    lines: z.array(CartLine).describe('The lines, oldest first'),
    deliveryMethod: DeliveryMethod,
    scheduledFor: z
      .string()
      .nullable()
      .describe("The requested time, 'YYYY-MM-DDTHH:mm' on the shop's clock, or null for as soon as possible"),
    storeId: z
      .number()
      .int()
      .nullable()
      .describe('The chosen store (send it as `storeId` when placing the order), or null for the default store'),
    deliveryProblem: z
      .string()
      .nullable()
      .describe(
        "Why the chosen delivery method and time could not be ordered right now (outside the chosen store's hours, a method it does not offer, a time that has passed), else null. Saving them is allowed; placing the order checks again",
      ),
    coupon: CartCoupon.nullable().describe('The coupon chosen for the cart (its discount is `summary.discountIdr`), or null'),
    couponNote: z
      .string()
      .nullable()
      .describe('Set when this change took the coupon off (its items left the cart): a sentence to show; else null'),
    summary: PriceSummary.describe('The figures of the available lines'),
    itemCount: z.number().int().describe('Sum of the quantities of every line, for the navigation badge'),
    limits: z
      .object({
        maxLineQuantity: z.number().int().describe('Most items of one product and size'),
        maxOrderItems: z.number().int().describe('Most items in the whole cart'),
      })
      .describe('The item limits the cart is checked against'),
  })
  .meta({ id: 'Cart', description: "The signed-in customer's cart" });
export type Cart = z.infer<typeof Cart>;

export const CartResponse = dataOf(Cart, 'The whole cart').describe('The cart');
export type CartResponse = z.infer<typeof CartResponse>;

/** Merge and reorder answers: the cart, plus one note per line that could not be (fully) added. */
export const CartChangeResponse = z
  .object({
    data: Cart.describe('The whole cart after the change'),
    notes: z
      .array(z.string().describe('A sentence to show'))
      .describe('One sentence per line that could not be (fully) added, e.g. sold out or over the limit'),
  })
  .describe('The cart, with notes on what could not be added');
export type CartChangeResponse = z.infer<typeof CartChangeResponse>;

export const CartLineIdParam = z.object({
  lineId: z.string().describe('The line id, from `lines[].id` of the cart; any other text is not found (404)'),
});
export type CartLineIdParam = z.infer<typeof CartLineIdParam>;

/**
 * Optional on adding a line and on merging a browser cart: a UUID the client makes once per click and re-sends
 * when it retries, so a retry after a lost answer does not add twice. Loose: the other request headers pass through.
 */
export const CartIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .uuid({ error: /*i18n*/ 'must be a UUID the client generates once for this change' })
    .optional()
    .describe('A UUID made once per change (e.g. per click) and sent again on a retry: the repeat answers the cart without adding again'),
});
export type CartIdempotencyHeaders = z.infer<typeof CartIdempotencyHeaders>;
