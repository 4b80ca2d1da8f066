import type { Kysely, Transaction } from 'kysely';
import type { AddCartLineInput, Cart, SetCartDeliveryInput, UpdateCartLineInput } from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { requestFingerprint } from '../../lib/idempotency.js';
import { inEnglish, resolveRequestedTime, type Say } from '../checkout/checkout.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { ProductService } from '../products/products.service.js';
import { notOffered, type StoreStock, type StoreTimeRules } from '../stores/stores.service.js';
import { createCartCatalogue, createCartChanges } from './cart-changes.js';
import { createCartLines } from './cart-lines.js';
import { priceCartLines, type Addition, type PricedCartLine } from './cart-pricing.js';
import { createCartView } from './cart-view.js';
import { createCartRepository, type CartRecord, type CartRepository, type NewCartLine } from './cart.repository.js';

// What other modules may use of a cart line's rules (orders parse ids alike; the demo orders price lines with them).
export { checkLineWithOptions, parseId, priceCartLines, type Addition, type CartLineRecord, type PricedCartLine } from './cart-pricing.js';

export { CART_KEY_HOURS } from './cart-changes.js';

/** What a keyed change asked, so one Idempotency-Key cannot stand for two different requests. */
const requestHash = (kind: 'add' | 'merge', lines: readonly AddCartLineInput[]): string =>
  requestFingerprint([kind, lines.map((l) => [l.productId, l.size, l.optionIds ?? null, l.baristaNote ?? '', l.quantity])]);

/** The customer's cart as an order takes it, inside the order's transaction (the cart row locked). */
export interface CartForOrder {
  deliveryMethod: CartRecord['deliveryMethod'];
  scheduledFor: string | null;
  /** Priced from today's menu; a line that cannot be ordered carries why. */
  lines: PricedCartLine[];
  /** Empties the cart once the order is written; the method stays as the customer's preference, a chosen time is used up. */
  clear(): Promise<void>;
}

export interface CartServiceDeps {
  /** The module builds its own repository over it: only this module touches carts, cart_items and cart_idempotency_keys. */
  db: Kysely<Database>;
  settings: OrderSettings;
  now: () => Date;
  /** The products module's door: the menu the lines are priced from. */
  products: Pick<ProductService, 'catalogueEntries'>;
  /** Coupons on the cart; absent: a cart without coupons. */
  promotions?: PromotionService | undefined;
  /** The stores a cart may name; absent: every cart uses the default hours. */
  stores?: { timeRulesOf(storeId: number, trx?: Transaction<Database>): Promise<StoreTimeRules | undefined> } | undefined;
  /** What each store has sold out (the stores module); absent: only the products' own flag counts. */
  stock?: Pick<StoreStock, 'soldOutAmong'> | undefined;
  /** Tests of this module: a repository of their own. */
  cartRepository?: CartRepository | undefined;
}

export function createCartService(deps: CartServiceDeps) {
  const { db, settings, now, promotions } = deps;
  const repo = deps.cartRepository ?? createCartRepository(db);
  const view = createCartView(deps);
  const { rulesOf, couponContext, judgeCoupon, toCart } = view;

  const { linesOf, catalogueAt } = createCartCatalogue({ repo, products: deps.products, stock: deps.stock });
  const { changeCart, keyedChange } = createCartChanges({ db, repo, promotions, view, linesOf, now });
  const lines = createCartLines({ repo, settings, catalogue: catalogueAt });

  const toAddition = (input: AddCartLineInput): Addition => ({
    productId: input.productId,
    sizeCode: input.size,
    optionIds: input.optionIds,
    baristaNote: input.baristaNote ?? '',
    quantity: input.quantity,
  });

  return {
    // `say` (each method's last): the cart's notes and problems in the reader's language; English when not given.
    async getCart(userId: number, say: Say = inEnglish): Promise<Cart> {
      const cart = await repo.findCartByUser(userId);
      // No row yet: answer the empty default cart without writing on a read.
      if (!cart) return toCart({ id: 0, userId, deliveryMethod: 'dine-in', scheduledFor: null, storeId: null }, [], undefined, null, null, say);
      const lines = await linesOf(cart);
      return toCart(cart, lines, await rulesOf(cart.storeId), await judgeCoupon(userId, cart, lines), null, say);
    },

    /** `key`: the request's Idempotency-Key, when the client sent one: a repeat adds nothing more. */
    async addLine(userId: number, input: AddCartLineInput, key?: string, say?: Say): Promise<Cart> {
      return (await keyedChange(userId, key, requestHash('add', [input]), (w) => lines.addLines(w, [toAddition(input)], 'strict'), say)).cart;
    },

    /**
     * Changes a line's quantity, size, options or note. A line given another size, options or note is checked
     * like a new one, and joins an identical line of the cart if there is one (the quantities add up).
     */
    async updateLine(userId: number, rawLineId: string, input: UpdateCartLineInput, say?: Say): Promise<Cart> {
      return (await changeCart(userId, (w) => lines.updateLine(w, rawLineId, input), say)).cart;
    },

    async removeLine(userId: number, rawLineId: string, say?: Say): Promise<Cart> {
      return (await changeCart(userId, (w) => lines.removeLine(w, rawLineId), say)).cart;
    },

    /**
     * Saves the delivery method and requested time. A given time is checked now (real, not past, within
     * the days ahead, inside the method's hours); "as soon as possible" can only be judged when the order
     * is placed, so it is saved and the cart's deliveryProblem tells whether it would pass right now.
     */
    async setDelivery(userId: number, input: SetCartDeliveryInput, say?: Say): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        // A client that sends no store (the product page's method pills) keeps the one the customer chose.
        const storeId = input.storeId === undefined ? w.cart.storeId : input.storeId;
        const rules = await rulesOf(storeId, w.trx);
        if (input.storeId != null && !rules) {
          throw badRequest(/*i18n*/ 'We could not find that store. Please choose one from the list of stores.', 'storeId');
        }
        if (rules && !rules.deliveryMethods.includes(input.deliveryMethod)) {
          throw badRequest(notOffered(rules.name, input.deliveryMethod), 'deliveryMethod');
        }
        if (input.scheduledFor !== null) {
          const time = resolveRequestedTime(input.deliveryMethod, input.scheduledFor, now(), view.timeRules(rules));
          if (!time.ok) throw badRequest(time.message, time.field);
        }
        await repo.setDelivery(w.cart.id, input.deliveryMethod, input.scheduledFor, w.nowIso, w.trx);
        await repo.setStore(w.cart.id, rules ? rules.storeId : null, w.nowIso, w.trx);
      }, say);
      return cart;
    },

    /** Puts a coupon on the cart (refused with the reason when this customer cannot use it now). */
    async applyCoupon(userId: number, code: string, say?: Say): Promise<Cart> {
      if (!promotions) throw badRequest(/*i18n*/ 'Coupons are not offered', 'code');
      const { cart } = await changeCart(userId, async (w) => {
        await promotions.applyCoupon(userId, code, couponContext(promotions, w.cart, w.lines), w.trx);
      }, say);
      return cart;
    },

    async removeCoupon(userId: number, say?: Say): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        await promotions?.removeCoupon(userId, w.trx);
      }, say);
      return cart;
    },

    /** A visitor's browser cart joins the account's cart at sign-in (same product and size add up, capped). */
    async mergeLines(userId: number, additions: readonly AddCartLineInput[], key?: string, say?: Say): Promise<{ cart: Cart; notes: string[] }> {
      return keyedChange(userId, key, requestHash('merge', additions), (w) => lines.addLines(w, additions.map(toAddition), 'best-effort'), say);
    },

    /** "Order again": the lines at today's prices, skipping what cannot be ordered, with a note for each. */
    async addLinesBestEffort(userId: number, additions: readonly Addition[]): Promise<{ cart: Cart; notes: string[] }> {
      const { cart, result } = await changeCart(userId, (w) => lines.addLines(w, additions, 'best-effort'));
      return { cart, notes: result };
    },

    /** For the demo data: fills the customer's cart with these lines, as given, when it is empty; answers how many went in. */
    async fillEmptyCart(userId: number, newLines: readonly NewCartLine[], trx: Transaction<Database>): Promise<number> {
      const nowIso = now().toISOString();
      await repo.ensureCart(userId, nowIso, trx);
      const cart = await repo.findCartByUser(userId, trx);
      if (!cart || (await repo.listLines(cart.id, trx)).length > 0) return 0;
      for (const line of newLines) await repo.insertLine(cart.id, line, nowIso, trx);
      return newLines.length;
    },

    /**
     * For the orders module, inside the order's transaction: locks the customer's cart (so of two placements the
     * second waits and then finds it empty) and answers its lines priced from today's menu; the order clears it
     * once written. Refused (409) when the customer has no cart.
     */
    async takeForOrder(userId: number, trx: Transaction<Database>): Promise<CartForOrder> {
      const nowIso = now().toISOString();
      const cart = await repo.findCartByUser(userId, trx);
      if (!cart) throw conflict(/*i18n*/ 'Your cart is empty: add something before placing an order', 'cart');
      await repo.lockCart(cart.id, nowIso, trx);
      return {
        deliveryMethod: cart.deliveryMethod,
        scheduledFor: cart.scheduledFor,
        lines: priceCartLines(await linesOf(cart, trx)),
        async clear() {
          await repo.deleteAllLines(cart.id, trx);
          await repo.setDelivery(cart.id, cart.deliveryMethod, null, nowIso, trx);
        },
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
