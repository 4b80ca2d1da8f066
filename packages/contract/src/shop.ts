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
    days: z.array(z.number().int().min(1).max(7)),
    from: ShopClockTime,
    to: ShopClockTime,
  })
  .meta({ id: 'DeliveryWindow' });
export type DeliveryWindow = z.infer<typeof DeliveryWindow>;

/**
 * The shop's public settings: the rules the API enforces on carts and orders, so a client can show
 * them (picker bounds, hints) without a copy of its own. Money pairs follow the rest of the contract:
 * `shippingFee` in thousands of rupiah (the spec's unit), `shippingFeeIdr` in whole rupiah.
 */
export const ShopSettings = z
  .object({
    name: z.string(),
    /** The navigation's external chat link (spec section 2), or null when the shop has none. */
    chatUrl: z.string().refine(isChatUrl, 'must be an http(s) or mailto: link').nullable(),
    /** IANA zone of the shop's clock: requested times and the windows below are in it. */
    timeZone: z.string(),
    currency: z.literal('IDR'),
    /** TAX & FEES as a fraction of the subtotal, e.g. 0.1 for 10 %. */
    taxRate: z.number(),
    /** Door Delivery fee. */
    shippingFee: z.number(),
    shippingFeeIdr: z.number().int(),
    /** A requested time may be at most this many days after now. */
    maxDaysAhead: z.number().int(),
    /** Most items of one product and size in an order. */
    maxLineQuantity: z.number().int(),
    /** Most items in an order. */
    maxOrderItems: z.number().int(),
    deliveryWindows: z.object({
      doorDelivery: DeliveryWindow,
      dineIn: DeliveryWindow,
      pickUp: DeliveryWindow,
    }),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof ShopSettings>;

export const ShopSettingsResponse = dataOf(ShopSettings).meta({ id: 'ShopSettingsResponse' });
export type ShopSettingsResponse = z.infer<typeof ShopSettingsResponse>;
