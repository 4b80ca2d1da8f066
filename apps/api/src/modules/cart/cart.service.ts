import type { Kysely } from 'kysely';
import {
  SIZE_LABELS,
  rupiahToPriceUnits,
  type AddCartLineInput,
  type Cart,
  type CartLine,
  type SetCartDeliveryInput,
  type SizeCode,
} from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { resolveRequestedTime } from '../orders/delivery-window.js';
import { lineTotalIdr, summarize, toPriceSummary } from '../orders/pricing.js';
import {
  createCartRepository,
  type CartLineRecord,
  type CartRecord,
  type CartRepository,
  type CatalogueEntry,
  type NewCartLine,
} from './cart.repository.js';

/** Ids are positive integers that fit the `integer` column of both databases; anything else names nothing. */
export function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export type LineCheck =
  | { ok: true; unitPriceIdr: number }
  | { ok: false; kind: 'removed' | 'sold-out' | 'size'; message: string };

const describeItem = (name: string, size: SizeCode | null) => (size ? `${name} (${SIZE_LABELS[size]})` : name);

/**
 * Whether a product in a size can be ordered now, and at what price: the size's price for a product
 * sold in sizes, the product's price for a one-size product. Prices always come from the menu.
 */
export function checkLine(product: CatalogueEntry, size: SizeCode | null): LineCheck {
  if (product.isDeleted) return { ok: false, kind: 'removed', message: `${product.name} is no longer on the menu` };
  if (product.isSoldOut) return { ok: false, kind: 'sold-out', message: `${product.name} is sold out` };
  if (product.sizes.length === 0) {
    if (size !== null) {
      return { ok: false, kind: 'size', message: `${product.name} comes in one size only: leave the size empty` };
    }
    return { ok: true, unitPriceIdr: product.priceIdr };
  }
  const offered = product.sizes.map((s) => s.code).join(', ');
  if (size === null) return { ok: false, kind: 'size', message: `${product.name} comes in sizes: choose one of ${offered}` };
  const match = product.sizes.find((s) => s.code === size);
  if (!match) return { ok: false, kind: 'size', message: `${product.name} is not sold in ${SIZE_LABELS[size]}: choose one of ${offered}` };
  return { ok: true, unitPriceIdr: match.priceIdr };
}

/** A cart line priced from today's menu. */
export interface PricedCartLine {
  record: CartLineRecord;
  check: LineCheck;
}

export const priceCartLines = (lines: readonly CartLineRecord[]): PricedCartLine[] =>
  lines.map((record) => ({ record, check: checkLine(record.product, record.sizeCode) }));

export interface CartServiceDeps {
  db: Kysely<Database>;
  settings: OrderSettings;
  now: () => Date;
}

export function createCartService(deps: CartServiceDeps) {
  const { db, settings, now } = deps;
  const timeSettings = { timeZone: settings.shopTimeZone, maxDaysAhead: settings.maxDaysAhead };

  function toCart(cart: CartRecord, lines: readonly CartLineRecord[]): Cart {
    const priced = priceCartLines(lines);
    const cartLines: CartLine[] = priced.map(({ record, check }) => {
      const unitPriceIdr = check.ok ? check.unitPriceIdr : (record.product.sizes.find((s) => s.code === record.sizeCode)?.priceIdr ?? record.product.priceIdr);
      const total = lineTotalIdr({ unitPriceIdr, quantity: record.quantity });
      return {
        id: record.id,
        productId: record.productId,
        name: record.product.name,
        imageUrl: record.product.imageUrl,
        sizeCode: record.sizeCode,
        sizeLabel: record.sizeCode ? SIZE_LABELS[record.sizeCode] : null,
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
    const summary = summarize(orderable, cart.deliveryMethod, settings);
    const time = resolveRequestedTime(cart.deliveryMethod, cart.scheduledFor, now(), timeSettings);
    return {
      lines: cartLines,
      deliveryMethod: cart.deliveryMethod,
      scheduledFor: cart.scheduledFor,
      deliveryProblem: time.ok ? null : time.message,
      summary: toPriceSummary(summary),
      itemCount: cartLines.reduce((n, l) => n + l.quantity, 0),
      limits: { maxLineQuantity: settings.maxLineQuantity, maxOrderItems: settings.maxOrderItems },
    };
  }

  interface Work {
    repo: CartRepository;
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
    await createCartRepository(db).ensureCart(userId, nowIso);
    return db.transaction().execute(async (trx) => {
      const repo = createCartRepository(trx);
      const cart = await repo.findCartByUser(userId);
      if (!cart) throw new Error(`cart of user ${userId} vanished`);
      await repo.lockCart(cart.id, nowIso);
      const result = await work({ repo, cart, lines: await repo.listLines(cart.id), nowIso });
      const after = (await repo.findCartByUser(userId)) ?? cart;
      return { cart: toCart(after, await repo.listLines(cart.id)), result };
    });
  }

  function findLine(lines: readonly CartLineRecord[], rawId: string): CartLineRecord {
    const id = parseId(rawId);
    const line = id === null ? undefined : lines.find((l) => l.id === id);
    // Another customer's line id is "not in your cart", exactly like an id that does not exist.
    if (!line) throw notFound(`There is no line ${rawId.slice(0, 20)} in your cart`);
    return line;
  }

  type Mode = 'strict' | 'best-effort';

  /**
   * Adds lines; the same product and size add up. 'strict' (one line from the product page) refuses
   * with an error naming the field; 'best-effort' (a browser cart at sign-in, "order again") adds what it
   * can, caps quantities at the limits, and returns a note for each line it skipped or shortened.
   */
  async function addLines(w: Work, additions: readonly NewCartLine[], mode: Mode): Promise<string[]> {
    const notes: string[] = [];
    const catalogue = await w.repo.findCatalogueEntries(additions.map((a) => a.productId));
    const quantities = new Map<string, { id: number | null; quantity: number }>();
    const key = (productId: number, size: SizeCode | null) => `${productId}:${size ?? ''}`;
    for (const l of w.lines) quantities.set(key(l.productId, l.sizeCode), { id: l.id, quantity: l.quantity });
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
      const check = checkLine(product, addition.sizeCode);
      if (!check.ok) {
        if (mode === 'strict') {
          throw check.kind === 'size' ? badRequest(check.message, 'size') : conflict(`${check.message}: it cannot be ordered now`, 'productId');
        }
        notes.push(check.message);
        continue;
      }
      const item = describeItem(product.name, addition.sizeCode);
      const k = key(addition.productId, addition.sizeCode);
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
          throw badRequest(`quantity can be at most ${Math.max(0, Math.min(lineRoom, orderRoom))}: ${limit}`, 'quantity');
        }
        notes.push(quantity > 0 ? `${item}: ${quantity} added instead of ${wanted} (${limit})` : `${item}: not added (${limit})`);
      }
      if (quantity <= 0) continue;
      const total = existing.quantity + quantity;
      if (existing.id === null) {
        const id = await w.repo.insertLine(w.cart.id, { ...addition, quantity: total }, w.nowIso);
        quantities.set(k, { id, quantity: total });
      } else {
        await w.repo.setLineQuantity(w.cart.id, existing.id, total, w.nowIso);
        quantities.set(k, { id: existing.id, quantity: total });
      }
      itemCount += quantity;
    }
    return notes;
  }

  const toNewLine = (input: AddCartLineInput): NewCartLine => ({
    productId: input.productId,
    sizeCode: input.size,
    quantity: input.quantity,
  });

  return {
    async getCart(userId: number): Promise<Cart> {
      const repo = createCartRepository(db);
      const cart = await repo.findCartByUser(userId);
      // No row yet: answer the empty default cart without writing on a read.
      if (!cart) return toCart({ id: 0, userId, deliveryMethod: 'dine-in', scheduledFor: null }, []);
      return toCart(cart, await repo.listLines(cart.id));
    },

    async addLine(userId: number, input: AddCartLineInput): Promise<Cart> {
      return (await changeCart(userId, (w) => addLines(w, [toNewLine(input)], 'strict'))).cart;
    },

    async updateLine(userId: number, rawLineId: string, quantity: number): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        const line = findLine(w.lines, rawLineId);
        const item = describeItem(line.product.name, line.sizeCode);
        if (quantity > line.quantity) {
          const check = checkLine(line.product, line.sizeCode);
          // Fewer of an unavailable item is fine (on the way to removing it); more is adding it.
          if (!check.ok) throw conflict(`${check.message}: it cannot be ordered now`, 'quantity');
        }
        if (quantity > settings.maxLineQuantity) {
          throw badRequest(`quantity: ${item}: at most ${settings.maxLineQuantity} per order`, 'quantity');
        }
        const itemCount = w.lines.reduce((n, l) => n + l.quantity, 0) - line.quantity + quantity;
        if (itemCount > settings.maxOrderItems) {
          throw badRequest(`quantity: an order can have at most ${settings.maxOrderItems} items; this would make ${itemCount}`, 'quantity');
        }
        await w.repo.setLineQuantity(w.cart.id, line.id, quantity, w.nowIso);
      });
      return cart;
    },

    async removeLine(userId: number, rawLineId: string): Promise<Cart> {
      const { cart } = await changeCart(userId, async (w) => {
        const line = findLine(w.lines, rawLineId);
        await w.repo.deleteLine(w.cart.id, line.id);
      });
      return cart;
    },

    /**
     * Saves the delivery method and requested time. A given time is checked now (real, not past, within
     * the days ahead, inside the method's hours); "as soon as possible" can only be judged when the order
     * is placed, so it is saved and the cart's deliveryProblem tells whether it would pass right now.
     */
    async setDelivery(userId: number, input: SetCartDeliveryInput): Promise<Cart> {
      if (input.scheduledFor !== null) {
        const time = resolveRequestedTime(input.deliveryMethod, input.scheduledFor, now(), {
          timeZone: settings.shopTimeZone,
          maxDaysAhead: settings.maxDaysAhead,
        });
        if (!time.ok) throw badRequest(time.message, time.field);
      }
      const { cart } = await changeCart(userId, async (w) => {
        await w.repo.setDelivery(w.cart.id, input.deliveryMethod, input.scheduledFor, w.nowIso);
      });
      return cart;
    },

    /** A visitor's browser cart joins the account's cart at sign-in (same product and size add up, capped). */
    async mergeLines(userId: number, lines: readonly AddCartLineInput[]): Promise<{ cart: Cart; notes: string[] }> {
      const { cart, result } = await changeCart(userId, (w) => addLines(w, lines.map(toNewLine), 'best-effort'));
      return { cart, notes: result };
    },

    /** "Order again": the lines at today's prices, skipping what cannot be ordered, with a note for each. */
    async addLinesBestEffort(userId: number, lines: readonly NewCartLine[]): Promise<{ cart: Cart; notes: string[] }> {
      const { cart, result } = await changeCart(userId, (w) => addLines(w, lines, 'best-effort'));
      return { cart, notes: result };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
