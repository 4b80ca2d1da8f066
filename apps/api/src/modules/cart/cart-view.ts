import type { Transaction } from 'kysely';
import { SIZE_LABELS, rupiahToPriceUnits, type Cart, type CartLine } from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { parseShopLocal } from '../../lib/shop-time.js';
import type { Text } from '../../lib/i18n.js';
import {
  inEnglish,
  lineTotalIdr,
  promoPriceIdr,
  resolveRequestedTime,
  summarize,
  toPriceSummary,
  unitPriceWithOptions,
  type Say,
} from '../checkout/checkout.service.js';
import { resolveOptions } from '../options/options.service.js';
import type { CouponVerdict, PromotionService } from '../promotions/promotions.service.js';
import { notOffered, type StoreTimeRules } from '../stores/stores.service.js';
import { priceCartLines, type CartLineRecord } from './cart-pricing.js';
import type { CartRecord } from './cart.repository.js';

export interface CartViewDeps {
  settings: OrderSettings;
  now: () => Date;
  /** Coupons on the cart; absent: a cart without coupons. */
  promotions?: PromotionService | undefined;
  /** The stores a cart may name; absent: every cart uses the default hours. */
  stores?: { timeRulesOf(storeId: number, trx?: Transaction<Database>): Promise<StoreTimeRules | undefined> } | undefined;
}

const sayOrNull = (text: Text | null, say: Say): string | null => (text === null ? null : say(text));

/** The cart as the customer sees it: lines priced from today's menu, the store's rules, the coupon's verdict. */
export function createCartView(deps: CartViewDeps) {
  const { settings, now, promotions, stores } = deps;
  const timeSettings = { timeZone: settings.shopTimeZone, maxDaysAhead: settings.maxDaysAhead };

  /** The rules of the cart's store; undefined: the default hours (no store chosen, or it no longer exists). */
  const rulesOf = async (storeId: number | null, trx?: Transaction<Database>) =>
    storeId === null || !stores ? undefined : stores.timeRulesOf(storeId, trx);

  /** The hours a requested time is judged by: the store's, or the default ones. */
  const timeRules = (rules: StoreTimeRules | undefined) =>
    rules ? { ...timeSettings, timeZone: rules.timeZone, hours: rules.hours } : timeSettings;

  /** Why the cart's method and time could not be ordered now from its store, else null. */
  function deliveryProblemOf(cart: CartRecord, rules: StoreTimeRules | undefined): Text | null {
    if (rules && !rules.deliveryMethods.includes(cart.deliveryMethod)) return notOffered(rules.name, cart.deliveryMethod);
    const time = resolveRequestedTime(cart.deliveryMethod, cart.scheduledFor, now(), timeRules(rules));
    return time.ok ? null : time.message;
  }

  /** What a coupon is judged on: the lines that can be ordered, the method, and when the order is received. */
  function couponContext(coupons: PromotionService, cart: CartRecord, lines: readonly CartLineRecord[]) {
    return {
      lines: priceCartLines(lines).flatMap(({ record, check }) =>
        check.ok ? [{ productId: record.productId, unitPriceIdr: check.unitPriceIdr, quantity: record.quantity }] : [],
      ),
      deliveryMethod: cart.deliveryMethod,
      at: coupons.receivingMoment(cart.scheduledFor === null ? null : parseShopLocal(cart.scheduledFor)),
    };
  }

  async function judgeCoupon(userId: number, cart: CartRecord, lines: readonly CartLineRecord[], trx?: Transaction<Database>) {
    return promotions ? promotions.judgeCartCoupon(userId, couponContext(promotions, cart, lines), trx) : null;
  }

  function toCartLine({ record, check }: ReturnType<typeof priceCartLines>[number], say: Say): CartLine {
    // An unavailable line still shows what it was: its size's price and whatever of its options still resolve.
    const shown = resolveOptions(record.product.name, record.product.optionGroups, record.optionIds);
    const options = check.ok ? check.options : shown.ok ? shown.options : [];
    const unitPriceIdr = check.ok
      ? check.unitPriceIdr
      : unitPriceWithOptions(
          promoPriceIdr(
            record.product.sizes.find((s) => s.code === record.sizeCode)?.priceIdr ?? record.product.priceIdr,
            record.product.promoPercentOff,
          ),
          options,
        );
    const total = lineTotalIdr({ unitPriceIdr, quantity: record.quantity });
    return {
      id: record.id,
      productId: record.productId,
      name: record.product.name,
      imageUrl: record.product.imageUrl,
      sizeCode: record.sizeCode,
      sizeLabel: record.sizeCode ? SIZE_LABELS[record.sizeCode] : null,
      options,
      baristaNote: record.baristaNote,
      quantity: record.quantity,
      unitPrice: rupiahToPriceUnits(unitPriceIdr),
      unitPriceIdr,
      lineTotal: rupiahToPriceUnits(total),
      lineTotalIdr: total,
      isAvailable: check.ok,
      note: check.ok ? null : say(check.text),
    };
  }

  function toCart(
    cart: CartRecord,
    lines: readonly CartLineRecord[],
    rules: StoreTimeRules | undefined,
    coupon: CouponVerdict | null = null,
    couponNote: Text | null = null,
    say: Say = inEnglish,
  ): Cart {
    const cartLines = priceCartLines(lines).map((line) => toCartLine(line, say));
    // Lines that cannot be ordered are shown but not charged: the summary is what placing the order costs once they are removed.
    const orderable = cartLines.filter((l) => l.isAvailable);
    const discount = coupon?.verdict.ok ? { amountIdr: coupon.discountIdr, label: coupon.promotion.name } : null;
    const summary = summarize(orderable, cart.deliveryMethod, settings, discount);
    return {
      lines: cartLines,
      deliveryMethod: cart.deliveryMethod,
      scheduledFor: cart.scheduledFor,
      storeId: rules ? rules.storeId : null,
      deliveryProblem: sayOrNull(deliveryProblemOf(cart, rules), say),
      coupon: coupon && promotions ? promotions.toCartCoupon(coupon, say) : null,
      couponNote: sayOrNull(couponNote, say),
      summary: toPriceSummary(summary),
      itemCount: cartLines.reduce((n, l) => n + l.quantity, 0),
      limits: { maxLineQuantity: settings.maxLineQuantity, maxOrderItems: settings.maxOrderItems },
    };
  }

  return { rulesOf, timeRules, couponContext, judgeCoupon, toCart };
}

export type CartView = ReturnType<typeof createCartView>;
