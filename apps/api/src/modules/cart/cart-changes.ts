import type { Kysely, Transaction } from 'kysely';
import type { Cart } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { Text } from '../../lib/i18n.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { inEnglish, joinTexts, type Say } from '../checkout/checkout.service.js';
import type { ProductService } from '../products/products.service.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { StoreStock } from '../stores/stores.service.js';
import type { Work } from './cart-lines.js';
import type { CartLineRecord } from './cart-pricing.js';
import type { createCartView } from './cart-view.js';
import type { CartRecord, CartRepository } from './cart.repository.js';

/** How long a cart change's Idempotency-Key is remembered: a retry comes within seconds, a reconnecting phone within hours. */
export const CART_KEY_HOURS = 24;

/** The menu as the cart's store sells it: a product that store has run out of reads as sold out. */
export function createCartCatalogue(deps: {
  repo: CartRepository;
  products: Pick<ProductService, 'catalogueEntries'>;
  /** What each store has sold out; absent: only the products' own flag counts. */
  stock?: Pick<StoreStock, 'soldOutAmong'> | undefined;
}) {
  async function catalogueAt(productIds: readonly number[], storeId: number | null, trx?: Transaction<Database>) {
    const entries = await deps.products.catalogueEntries(productIds, trx);
    // No store chosen: the order's store is only known at placing, which checks it there.
    if (storeId === null || !deps.stock) return entries;
    for (const id of await deps.stock.soldOutAmong(storeId, productIds, trx)) {
      const entry = entries.get(id);
      if (entry) entries.set(id, { ...entry, isSoldOut: true });
    }
    return entries;
  }

  /** The cart's stored lines with their products as they are on the menu of its store now. */
  async function linesOf(cart: Pick<CartRecord, 'id' | 'storeId'>, trx?: Transaction<Database>): Promise<CartLineRecord[]> {
    const rows = await deps.repo.listLines(cart.id, trx);
    const catalogue = await catalogueAt(rows.map((r) => r.productId), cart.storeId, trx);
    // The foreign key cascades, so a line always has its product; the guard only satisfies the types.
    return rows.flatMap((r) => {
      const product = catalogue.get(r.productId);
      return product ? [{ ...r, product }] : [];
    });
  }

  return { catalogueAt, linesOf };
}

export interface CartChangesDeps {
  db: Kysely<Database>;
  repo: CartRepository;
  promotions?: PromotionService | undefined;
  view: ReturnType<typeof createCartView>;
  linesOf: (cart: Pick<CartRecord, 'id' | 'storeId'>, trx?: Transaction<Database>) => Promise<CartLineRecord[]>;
  now: () => Date;
}

/** Changes to a cart: each in one transaction with the cart row locked, optionally once per Idempotency-Key. */
export function createCartChanges(deps: CartChangesDeps) {
  const { db, repo, promotions, view, linesOf, now } = deps;
  const { rulesOf, couponContext, judgeCoupon, toCart } = view;

  /**
   * Runs a change to the customer's cart in one transaction, with the cart row locked first, and answers
   * the cart as it is afterwards. Every cart belongs to exactly one user and is only ever found by that
   * user's id: no request can reach another customer's cart.
   */
  async function changeCart<T>(userId: number, work: (w: Work) => Promise<T>, say: Say = inEnglish): Promise<{ cart: Cart; result: T }> {
    const nowIso = now().toISOString();
    await repo.ensureCart(userId, nowIso);
    return db.transaction().execute(async (trx) => {
      const cart = await repo.findCartByUser(userId, trx);
      if (!cart) throw new Error(`cart of user ${userId} vanished`);
      await repo.lockCart(cart.id, nowIso, trx);
      const before = await linesOf(cart, trx);
      const result = await work({ trx, cart, lines: before, nowIso });
      const after = (await repo.findCartByUser(userId, trx)) ?? cart;
      const afterLines = await linesOf(after, trx);
      let coupon = await judgeCoupon(userId, after, afterLines, trx);
      let couponNote: Text | null = null;
      // Taking out the items a coupon needs takes the coupon off too, and says so; a coupon still waiting for them stays.
      if (
        promotions &&
        coupon &&
        !coupon.verdict.ok &&
        coupon.verdict.kind === 'items' &&
        (await promotions.linesQualify(coupon.promotion, couponContext(promotions, cart, before).lines, trx))
      ) {
        await promotions.removeCoupon(userId, trx);
        const removed = /*i18n*/ { id: 'The coupon {coupon} was removed from your cart.', values: { coupon: coupon.promotion.name } };
        couponNote = joinTexts([removed, coupon.verdict.message], ' ', '.');
        coupon = null;
      }
      return { cart: toCart(after, afterLines, await rulesOf(after.storeId, trx), coupon, couponNote, say), result };
    });
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
    say?: Say,
  ): Promise<{ cart: Cart; notes: string[] }> {
    const { cart, result } = await changeCart(userId, async (w) => {
      if (key === undefined) return work(w);
      const keyed = idempotencyKey<string[]>(
        {
          find: async (trx) => {
            const seen = await repo.findIdempotencyKey(userId, key, trx);
            return seen && { requestHash: seen.requestHash, result: seen.notes };
          },
          remember: async (requestHash, notes, trx) => {
            const forgetBefore = new Date(Date.parse(w.nowIso) - CART_KEY_HOURS * 3_600_000).toISOString();
            await repo.deleteIdempotencyKeysBefore(userId, forgetBefore, trx);
            await repo.insertIdempotencyKey(userId, key, requestHash, notes, w.nowIso, trx);
          },
        },
        hash,
        /*i18n*/ 'This Idempotency-Key was already used for a different cart change: send a new key with each new change',
      );
      return (await keyed.once(w.trx, () => work(w))).result;
    }, say);
    return { cart, notes: result };
  }

  return { changeCart, keyedChange };
}
