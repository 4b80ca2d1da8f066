import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  DELIVERY_METHOD_LABELS,
  SIZE_LABELS,
  rupiahToPriceUnits,
  type AddCartLineInput,
  type Cart,
  type CartLine,
  type ChosenOption,
  type SetCartDeliveryInput,
  type SizeCode,
  type UpdateCartLineInput,
} from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { lineTotalIdr, promoPriceIdr, resolveRequestedTime, summarize, toPriceSummary, unitPriceWithOptions } from '../checkout/checkout.service.js';
import { resolveOptions } from '../options/options.service.js';
import type { CouponVerdict, PromotionService } from '../promotions/promotions.service.js';
import type { StoreTimeRules } from '../stores/stores.service.js';
import { parseShopLocal } from '../../lib/shop-time.js';
import type { CartLineRecord, CartRecord, CartRepository, CatalogueEntry, LineIdentity, NewCartLine } from './cart.repository.js';

// The orders module takes the customer's cart in its own transaction when an order is placed.
export type { CartLineRecord, CartRecord, CartRepository } from './cart.repository.js';

/** Ids are positive integers that fit the `integer` column of both databases; anything else names nothing. */
export function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export type LineCheck =
  | { ok: true; unitPriceIdr: number }
  | { ok: false; kind: 'removed' | 'sold-out' | 'size' | 'options'; message: string };

/** A line as it can be ordered now: the size's price plus its options' deltas, with the options as priced. */
export type PricedCheck =
  | { ok: true; unitPriceIdr: number; options: ChosenOption[]; optionIds: number[] }
  | { ok: false; kind: 'removed' | 'sold-out' | 'size' | 'options'; message: string };

const describeItem = (name: string, size: SizeCode | null) => (size ? `${name} (${SIZE_LABELS[size]})` : name);

/**
 * Whether a product in a size can be ordered now, and at what price: the size's price for a product
 * sold in sizes, the product's price for a one-size product, less the product's promotion percent when it is on
 * promotion. Prices always come from the menu, so the order charges what the menu shows today.
 */
export function checkLine(product: CatalogueEntry, size: SizeCode | null): LineCheck {
  if (product.isDeleted) return { ok: false, kind: 'removed', message: `${product.name} is no longer on the menu` };
  if (product.isSoldOut) return { ok: false, kind: 'sold-out', message: `${product.name} is sold out` };
  if (product.sizes.length === 0) {
    if (size !== null) {
      return { ok: false, kind: 'size', message: `${product.name} comes in one size only: leave the size empty` };
    }
    return { ok: true, unitPriceIdr: promoPriceIdr(product.priceIdr, product.promoPercentOff) };
  }
  const offered = product.sizes.map((s) => s.code).join(', ');
  if (size === null) return { ok: false, kind: 'size', message: `${product.name} comes in sizes: choose one of ${offered}` };
  const match = product.sizes.find((s) => s.code === size);
  if (!match) return { ok: false, kind: 'size', message: `${product.name} is not sold in ${SIZE_LABELS[size]}: choose one of ${offered}` };
  return { ok: true, unitPriceIdr: promoPriceIdr(match.priceIdr, product.promoPercentOff) };
}

/**
 * checkLine plus the options: the chosen ids checked against the product's groups (defaults for a group none of
 * whose options is named; every default when `optionIds` is absent), and their deltas added to the price.
 */
export function checkLineWithOptions(product: CatalogueEntry, size: SizeCode | null, optionIds: readonly number[] | undefined): PricedCheck {
  const base = checkLine(product, size);
  if (!base.ok) return base;
  const resolved = resolveOptions(product.name, product.optionGroups, optionIds);
  if (!resolved.ok) return { ok: false, kind: 'options', message: resolved.message };
  return {
    ok: true,
    unitPriceIdr: unitPriceWithOptions(base.unitPriceIdr, resolved.options),
    options: resolved.options,
    optionIds: resolved.optionIds,
  };
}

/** A cart line priced from today's menu. */
export interface PricedCartLine {
  record: CartLineRecord;
  check: PricedCheck;
}

/** Stored lines whose options no longer fit the product (staff removed or changed them) must be chosen again. */
export const priceCartLines = (lines: readonly CartLineRecord[]): PricedCartLine[] =>
  lines.map((record) => {
    const check = checkLineWithOptions(record.product, record.sizeCode, record.optionIds);
    return {
      record,
      check:
        !check.ok && check.kind === 'options'
          ? { ...check, message: `The options of ${record.product.name} changed: choose them again` }
          : check,
    };
  });

/** Two lines are one when product, size, options and note are the same. */
const lineKey = (productId: number, line: LineIdentity): string =>
  `${productId}:${line.sizeCode ?? ''}:${line.optionIds.join(',')}:${line.baristaNote}`;

/** A line to add as the client sent it: options not yet resolved (absent: every default). */
export interface Addition {
  productId: number;
  sizeCode: SizeCode | null;
  optionIds?: readonly number[] | undefined;
  baristaNote: string;
  quantity: number;
}

/** How long a cart change's Idempotency-Key is remembered: a retry comes within seconds, a reconnecting phone within hours. */
export const CART_KEY_HOURS = 24;

/** What a keyed change asked, so one Idempotency-Key cannot stand for two different requests. */
function requestHash(kind: 'add' | 'merge', lines: readonly AddCartLineInput[]): string {
  const canonical = lines.map((l) => [l.productId, l.size, l.optionIds ?? null, l.baristaNote ?? '', l.quantity]);
  return createHash('sha256').update(JSON.stringify([kind, canonical])).digest('hex');
}

export interface CartServiceDeps {
  db: Kysely<Database>;
  cartRepository: CartRepository;
  settings: OrderSettings;
  now: () => Date;
  /** Coupons on the cart; absent: a cart without coupons. */
  promotions?: PromotionService | undefined;
  /** The stores a cart may name; absent: every cart uses the default hours. */
  stores?: { timeRulesOf(storeId: number, trx?: Transaction<Database>): Promise<StoreTimeRules | undefined> } | undefined;
}

export function createCartService(deps: CartServiceDeps) {
  const { db, cartRepository: repo, settings, now, promotions, stores } = deps;
  const timeSettings = { timeZone: settings.shopTimeZone, maxDaysAhead: settings.maxDaysAhead };

  /** The rules of the cart's store; undefined: the default hours (no store chosen, or it no longer exists). */
  const rulesOf = async (storeId: number | null, trx?: Transaction<Database>) =>
    storeId === null || !stores ? undefined : stores.timeRulesOf(storeId, trx);

  /** Why the cart's method and time could not be ordered now from its store, else null. */
  function deliveryProblemOf(cart: CartRecord, rules: StoreTimeRules | undefined): string | null {
    if (rules && !rules.deliveryMethods.includes(cart.deliveryMethod)) {
      return `${rules.name} does not offer ${DELIVERY_METHOD_LABELS[cart.deliveryMethod]}. Please choose another store or another way to get your order.`;
    }
    const time = resolveRequestedTime(
      cart.deliveryMethod,
      cart.scheduledFor,
      now(),
      rules ? { ...timeSettings, timeZone: rules.timeZone, hours: rules.hours } : timeSettings,
    );
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

  function toCart(
    cart: CartRecord,
    lines: readonly CartLineRecord[],
    rules: StoreTimeRules | undefined,
    coupon: CouponVerdict | null = null,
    couponNote: string | null = null,
  ): Cart {
    const priced = priceCartLines(lines);
    const cartLines: CartLine[] = priced.map(({ record, check }) => {
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
        note: check.ok ? null : check.message,
      };
    });
    // Lines that cannot be ordered are shown but not charged: the summary is what placing the order costs once they are removed.
    const orderable = cartLines.filter((l) => l.isAvailable);
    const discount = coupon?.verdict.ok ? { amountIdr: coupon.discountIdr, label: coupon.promotion.name } : null;
    const summary = summarize(orderable, cart.deliveryMethod, settings, discount);
    return {
      lines: cartLines,
      deliveryMethod: cart.deliveryMethod,
      scheduledFor: cart.scheduledFor,
      storeId: rules ? rules.storeId : null,
      deliveryProblem: deliveryProblemOf(cart, rules),
      coupon: coupon && promotions ? promotions.toCartCoupon(coupon) : null,
      couponNote,
      summary: toPriceSummary(summary),
      itemCount: cartLines.reduce((n, l) => n + l.quantity, 0),
      limits: { maxLineQuantity: settings.maxLineQuantity, maxOrderItems: settings.maxOrderItems },
    };
  }

  interface Work {
    trx: Transaction<Database>;
    cart: CartRecord;
    lines: CartLineRecord[];
    nowIso: string;
  }

  /**
   * Runs a change to the customer's cart in one transaction, with the cart row locked first, and answers
   * the cart as it is afterwards. Every cart belongs to exactly one user and is only ever found by that
   * user's id: no request can reach another customer's cart.
   */
  async function changeCart<T>(userId: number, work: (w: Work) => Promise<T>): Promise<{ cart: Cart; result: T }> {
    const nowIso = now().toISOString();
    await repo.ensureCart(userId, nowIso);
    return db.transaction().execute(async (trx) => {
      const cart = await repo.findCartByUser(userId, trx);
      if (!cart) throw new Error(`cart of user ${userId} vanished`);
      await repo.lockCart(cart.id, nowIso, trx);
      const before = await repo.listLines(cart.id, trx);
      const result = await work({ trx, cart, lines: before, nowIso });
      const after = (await repo.findCartByUser(userId, trx)) ?? cart;
      const afterLines = await repo.listLines(cart.id, trx);
      let coupon = await judgeCoupon(userId, after, afterLines, trx);
      let couponNote: string | null = null;
      // Taking out the items a coupon needs takes the coupon off too, and says so; a coupon still waiting for them stays.
      if (
        promotions &&
        coupon &&
        !coupon.verdict.ok &&
        coupon.verdict.kind === 'items' &&
        (await promotions.linesQualify(coupon.promotion, couponContext(promotions, cart, before).lines, trx))
      ) {
        await promotions.removeCoupon(userId, trx);
        couponNote = `The coupon ${coupon.promotion.name} was removed from your cart. ${coupon.verdict.message}.`;
        coupon = null;
      }
      return { cart: toCart(after, afterLines, await rulesOf(after.storeId, trx), coupon, couponNote), result };
    });
  }

  function findLine(lines: readonly CartLineRecord[], rawId: string): CartLineRecord {
    const id = parseId(rawId);
    const line = id === null ? undefined : lines.find((l) => l.id === id);
    // Another customer's line id is "not in your cart", exactly like an id that does not exist.
    if (!line) throw notFound(`There is no line ${rawId.slice(0, 20)} in your cart`);
    return line;
  }

  /**
   * A change that may come with an Idempotency-Key (add a line, merge a browser cart). Inside the cart's lock, so of
   * two copies of one request the second waits, then finds the first one's key: it changes nothing and answers the
   * cart and the notes the first one did. Without a key every request changes the cart.
   */
  async function keyedChange(
    userId: number,
    key: string | undefined,
    hash: string,
    work: (w: Work) => Promise<string[]>,
  ): Promise<{ cart: Cart; notes: string[] }> {
    const { cart, result } = await changeCart(userId, async (w) => {
      if (key === undefined) return work(w);
      const seen = await repo.findIdempotencyKey(userId, key, w.trx);
      if (seen) {
        if (seen.requestHash !== hash) {
          throw conflict(
            'This Idempotency-Key was already used for a different cart change: send a new key with each new change',
            'idempotency-key',
          );
        }
        return seen.notes;
      }
      const notes = await work(w);
      const forgetBefore = new Date(Date.parse(w.nowIso) - CART_KEY_HOURS * 3_600_000).toISOString();
      await repo.deleteIdempotencyKeysBefore(userId, forgetBefore, w.trx);
      await repo.insertIdempotencyKey(userId, key, hash, notes, w.nowIso, w.trx);
      return notes;
    });
    return { cart, notes: result };
  }

  type Mode = 'strict' | 'best-effort';

  /** Why one line from the product page cannot go in, as an error naming the field to fix. */
  const refusal = (check: Extract<PricedCheck, { ok: false }>) =>
    check.kind === 'size'
      ? badRequest(check.message, 'size')
      : check.kind === 'options'
        ? badRequest(check.message, 'optionIds')
        : conflict(`${check.message}: it cannot be ordered now`, 'productId');

  /**
   * Adds lines; the same product, size, options and note add up. 'strict' (one line from the product page) refuses
   * with an error naming the field; 'best-effort' (a browser cart at sign-in, "order again") adds what it
   * can, caps quantities at the limits, and returns a note for each line it skipped or shortened.
   */
  async function addLines(w: Work, additions: readonly Addition[], mode: Mode): Promise<string[]> {
    const notes: string[] = [];
    const catalogue = await repo.findCatalogueEntries(additions.map((a) => a.productId), w.trx);
    const quantities = new Map<string, { id: number | null; quantity: number }>();
    for (const l of w.lines) quantities.set(lineKey(l.productId, l), { id: l.id, quantity: l.quantity });
    let itemCount = w.lines.reduce((n, l) => n + l.quantity, 0);

    for (const addition of additions) {
      const product = catalogue.get(addition.productId);
      if (!product || product.isDeleted) {
        const message = product
          ? `${product.name} is no longer on the menu`
          : `There is no product with id ${addition.productId} on the menu`;
        if (mode === 'strict') throw new AppError(404, message, 'productId');
        notes.push(message);
        continue;
      }
      const check = checkLineWithOptions(product, addition.sizeCode, addition.optionIds);
      if (!check.ok) {
        if (mode === 'strict') throw refusal(check);
        notes.push(check.message);
        continue;
      }
      const item = describeItem(product.name, addition.sizeCode);
      const line: NewCartLine = { ...addition, optionIds: check.optionIds, quantity: 0 };
      const k = lineKey(addition.productId, line);
      const existing = quantities.get(k) ?? { id: null, quantity: 0 };
      const wanted = addition.quantity;
      const lineRoom = settings.maxLineQuantity - existing.quantity;
      const orderRoom = settings.maxOrderItems - itemCount;
      const quantity = Math.max(0, Math.min(wanted, lineRoom, orderRoom));
      if (quantity < wanted) {
        const limit =
          lineRoom <= orderRoom
            ? `at most ${settings.maxLineQuantity} of ${item} per order${existing.quantity > 0 ? ` and your cart already has ${existing.quantity}` : ''}`
            : `at most ${settings.maxOrderItems} items per order and your cart has ${itemCount}`;
        if (mode === 'strict') {
          throw badRequest(`You can add at most ${Math.max(0, Math.min(lineRoom, orderRoom))} more: we take ${limit}.`, 'quantity');
        }
        notes.push(quantity > 0 ? `${item}: ${quantity} added instead of ${wanted} (${limit})` : `${item}: not added (${limit})`);
      }
      if (quantity <= 0) continue;
      const total = existing.quantity + quantity;
      if (existing.id === null) {
        const id = await repo.insertLine(w.cart.id, { ...line, quantity: total }, w.nowIso, w.trx);
        quantities.set(k, { id, quantity: total });
      } else {
        await repo.setLineQuantity(w.cart.id, existing.id, total, w.nowIso, w.trx);
        quantities.set(k, { id: existing.id, quantity: total });
      }
      itemCount += quantity;
    }
    return notes;
  }

  const toAddition = (input: AddCartLineInput): Addition => ({
    productId: input.productId,
    sizeCode: input.size,
    optionIds: input.optionIds,
    baristaNote: input.baristaNote ?? '',
    quantity: input.quantity,
  });

  return {
    async getCart(userId: number): Promise<Cart> {
      const cart = await repo.findCartByUser(userId);
      // No row yet: answer the empty default cart without writing on a read.
      if (!cart) return toCart({ id: 0, userId, deliveryMethod: 'dine-in', scheduledFor: null, storeId: null }, [], undefined);
      const lines = await repo.listLines(cart.id);
      return toCart(cart, lines, await rulesOf(cart.storeId), await judgeCoupon(userId, cart, lines));
    },

    /** `key`: the request's Idempotency-Key, when the client sent one: a repeat adds nothing more. */
    async addLine(userId: number, input: AddCartLineInput, key?: string): Promise<Cart> {
      return (await keyedChange(userId, key, requestHash('add', [input]), (w) => addLines(w, [toAddition(input)], 'strict'))).cart;
    },

    /**
     * Changes a line's quantity, size, options or note. A line given another size, options or note is checked
     * like a new one, and joins an identical line of the cart if there is one (the quantities add up).
     */
    async updateLine(userId: number, rawLineId: string, input: UpdateCartLineInput): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        const line = findLine(w.lines, rawLineId);
        const quantity = input.quantity ?? line.quantity;
        const reshaped = input.size !== undefined || input.optionIds !== undefined || input.baristaNote !== undefined;
        let identity: LineIdentity = line;
        if (reshaped) {
          const sizeCode = input.size !== undefined ? input.size : line.sizeCode;
          const check = checkLineWithOptions(line.product, sizeCode, input.optionIds ?? line.optionIds);
          if (!check.ok) throw refusal(check);
          identity = { sizeCode, optionIds: check.optionIds, baristaNote: input.baristaNote ?? line.baristaNote };
        } else if (quantity > line.quantity) {
          const check = priceCartLines([line])[0]?.check;
          // Fewer of an unavailable item is fine (on the way to removing it); more is adding it.
          if (check && !check.ok) throw conflict(`${check.message}: it cannot be ordered now`, 'quantity');
        }
        const item = describeItem(line.product.name, identity.sizeCode);
        const twin = reshaped
          ? w.lines.find((l) => l.id !== line.id && l.productId === line.productId && lineKey(l.productId, l) === lineKey(line.productId, identity))
          : undefined;
        const lineQuantity = quantity + (twin?.quantity ?? 0);
        if (lineQuantity > settings.maxLineQuantity) {
          throw badRequest(
            `You can order at most ${settings.maxLineQuantity} of ${item}${twin ? `, and your cart already has ${twin.quantity} like it` : ''}`,
            'quantity',
          );
        }
        const itemCount = w.lines.reduce((n, l) => n + l.quantity, 0) - line.quantity + quantity;
        if (itemCount > settings.maxOrderItems) {
          throw badRequest(`An order can have at most ${settings.maxOrderItems} items; this would make ${itemCount}`, 'quantity');
        }
        if (twin) {
          await repo.deleteLine(w.cart.id, line.id, w.trx);
          await repo.setLineQuantity(w.cart.id, twin.id, lineQuantity, w.nowIso, w.trx);
        } else if (reshaped) {
          await repo.changeLine(w.cart.id, line.id, { ...identity, quantity }, w.nowIso, w.trx);
        } else {
          await repo.setLineQuantity(w.cart.id, line.id, quantity, w.nowIso, w.trx);
        }
      });
      return cart;
    },

    async removeLine(userId: number, rawLineId: string): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        const line = findLine(w.lines, rawLineId);
        await repo.deleteLine(w.cart.id, line.id, w.trx);
      });
      return cart;
    },

    /**
     * Saves the delivery method and requested time. A given time is checked now (real, not past, within
     * the days ahead, inside the method's hours); "as soon as possible" can only be judged when the order
     * is placed, so it is saved and the cart's deliveryProblem tells whether it would pass right now.
     */
    async setDelivery(userId: number, input: SetCartDeliveryInput): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        // A client that sends no store (the product page's method pills) keeps the one the customer chose.
        const storeId = input.storeId === undefined ? w.cart.storeId : input.storeId;
        const rules = await rulesOf(storeId, w.trx);
        if (input.storeId != null && !rules) {
          throw badRequest('We could not find that store. Please choose one from the list of stores.', 'storeId');
        }
        if (rules && !rules.deliveryMethods.includes(input.deliveryMethod)) {
          throw badRequest(
            `${rules.name} does not offer ${DELIVERY_METHOD_LABELS[input.deliveryMethod]}. Please choose another store or another way to get your order.`,
            'deliveryMethod',
          );
        }
        if (input.scheduledFor !== null) {
          const time = resolveRequestedTime(
            input.deliveryMethod,
            input.scheduledFor,
            now(),
            rules ? { ...timeSettings, timeZone: rules.timeZone, hours: rules.hours } : timeSettings,
          );
          if (!time.ok) throw badRequest(time.message, time.field);
        }
        await repo.setDelivery(w.cart.id, input.deliveryMethod, input.scheduledFor, w.nowIso, w.trx);
        await repo.setStore(w.cart.id, rules ? rules.storeId : null, w.nowIso, w.trx);
      });
      return cart;
    },

    /** Puts a coupon on the cart (refused with the reason when this customer cannot use it now). */
    async applyCoupon(userId: number, code: string): Promise<Cart> {
      if (!promotions) throw badRequest('Coupons are not offered', 'code');
      const { cart } = await changeCart(userId, async (w) => {
        await promotions.applyCoupon(userId, code, couponContext(promotions, w.cart, w.lines), w.trx);
      });
      return cart;
    },

    async removeCoupon(userId: number): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        await promotions?.removeCoupon(userId, w.trx);
      });
      return cart;
    },

    /** A visitor's browser cart joins the account's cart at sign-in (same product and size add up, capped). */
    async mergeLines(userId: number, lines: readonly AddCartLineInput[], key?: string): Promise<{ cart: Cart; notes: string[] }> {
      return keyedChange(userId, key, requestHash('merge', lines), (w) => addLines(w, lines.map(toAddition), 'best-effort'));
    },

    /** "Order again": the lines at today's prices, skipping what cannot be ordered, with a note for each. */
    async addLinesBestEffort(userId: number, lines: readonly Addition[]): Promise<{ cart: Cart; notes: string[] }> {
      const { cart, result } = await changeCart(userId, (w) => addLines(w, lines, 'best-effort'));
      return { cart, notes: result };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
