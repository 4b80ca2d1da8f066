import { z } from 'zod';
import { dataOf } from './common.js';

/**
 * A chat address the shop may configure (CHAT_URL): a web page (https://wa.me/62812..., a chat widget's
 * page) or an email address (mailto:). Nothing else, so the link the web app draws can never run script
 * (`javascript:`) or open something the browser cannot show.
 */
export function isChatUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:') return url.pathname.length > 0;
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** 'HH:mm' on the shop's clock (SHOP_TIMEZONE), 24-hour. */
const ShopClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * When one delivery method can be received, on the shop's clock, both ends included: `days` are ISO
 * weekdays (1 Monday ... 7 Sunday). The API refuses a requested time outside it.
 */
export const DeliveryWindow = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7).describe('An ISO weekday: 1 Monday ... 7 Sunday'))
      .describe('The weekdays it is open, as ISO weekdays (1 Monday ... 7 Sunday)'),
    from: ShopClockTime.describe("Opening time, 'HH:mm' on the shop's clock (24-hour), included"),
    to: ShopClockTime.describe("Closing time, 'HH:mm' on the shop's clock (24-hour), included"),
  })
  .meta({
    id: 'DeliveryWindow',
    description: "When one delivery method can be received, on the shop's clock; requested times outside it are refused",
  });
export type DeliveryWindow = z.infer<typeof DeliveryWindow>;

/**
 * The shop's public settings: the rules the API enforces on carts and orders, so a client can show
 * them (picker bounds, hints) without a copy of its own. Money pairs follow the rest of the contract:
 * `shippingFee` in thousands of rupiah (the unit the original shop's clients read), `shippingFeeIdr` in whole rupiah.
 */
export const ShopSettings = z
  .object({
    name: z.string().describe("The shop's name"),
    chatUrl: z
      .string()
      .refine(isChatUrl, /*i18n*/ 'must be an http(s) or mailto: link')
      .nullable()
      .describe("The navigation's chat link (an http(s) page or a mailto: address), or null when the shop has none"),
    timeZone: z
      .string()
      .describe("IANA zone of the shop's clock (e.g. Asia/Jakarta): requested times and delivery windows are in it"),
    currency: z.literal('IDR').describe('The currency of every price: Indonesian rupiah'),
    taxRate: z.number().describe('TAX & FEES as a fraction of the subtotal, e.g. 0.1 for 10 %'),
    shippingFee: z.number().describe('The Door Delivery fee in thousands of rupiah'),
    shippingFeeIdr: z.number().int().describe('The Door Delivery fee in whole rupiah'),
    maxDaysAhead: z.number().int().describe('A requested time may be at most this many days after now'),
    maxLineQuantity: z.number().int().describe('Most items of one product and size in a cart or order'),
    maxOrderItems: z.number().int().describe('Most items in a cart or order'),
    payments: z
      .object({
        gateway: z.enum(['midtrans']).nullable().describe('The payment gateway, or null (staff confirm payments)'),
        methods: z
          .array(z.enum(['qris', 'gopay', 'shopeepay', 'card', 'bank-account', 'cash-on-delivery']))
          .describe('The methods to offer, in order'),
        clientKey: z.string().nullable().describe("The gateway's client key (a card's token)"),
        apiUrl: z.string().nullable().describe("The gateway's API address (a card's token)"),
      })
      .optional()
      .describe('How customers can pay'),
    deliveryWindows: z
      .object({
        doorDelivery: DeliveryWindow.describe('When Door Delivery orders can be delivered'),
        dineIn: DeliveryWindow.describe('When Dine in orders can be served'),
        pickUp: DeliveryWindow.describe('When Pick up orders can be collected'),
      })
      .describe('When each delivery method can be received'),
  })
  .meta({ id: 'ShopSettings', description: 'The rules the API enforces on carts and orders, for a client to show' });
export type ShopSettings = z.infer<typeof ShopSettings>;

export const ShopSettingsResponse = dataOf(ShopSettings, "The shop's settings").meta({
  id: 'ShopSettingsResponse',
  description: "The shop's public settings",
});
export type ShopSettingsResponse = z.infer<typeof ShopSettingsResponse>;
