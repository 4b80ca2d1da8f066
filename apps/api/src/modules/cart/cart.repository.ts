import type { Kysely } from 'kysely';
import { DeliveryMethod, SIZE_CODES, SizeCode } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { UPLOADS_URL_PREFIX } from '../products/products.repository.js';

/** A customer's cart row (lines are read separately). */
export interface CartRecord {
  id: number;
  userId: number;
  deliveryMethod: DeliveryMethod;
  scheduledFor: string | null;
}

/** A cart line with the product as it is now on the menu. */
export interface CartLineRecord {
  id: number;
  productId: number;
  sizeCode: SizeCode | null;
  quantity: number;
  product: CatalogueEntry;
}

/** What the cart needs to know about a product to price and check a line. */
export interface CatalogueEntry {
  id: number;
  name: string;
  imageUrl: string | null;
  /** Price of a one-size product (whole rupiah). */
  priceIdr: number;
  isSoldOut: boolean;
  isDeleted: boolean;
  /** Empty for a one-size product. */
  sizes: { code: SizeCode; priceIdr: number }[];
}

export interface NewCartLine {
  productId: number;
  sizeCode: SizeCode | null;
  quantity: number;
}

// One-size lines store '' so the unique (cart, product, size) index holds (see migration 003).
const toColumn = (size: SizeCode | null): string => size ?? '';
const fromColumn = (size: string): SizeCode | null => {
  const parsed = SizeCode.safeParse(size);
  return parsed.success ? parsed.data : null;
};

export function imageUrlOf(imagesJson: string): string | null {
  try {
    const images: unknown = JSON.parse(imagesJson);
    const first = Array.isArray(images) ? images.find((v): v is string => typeof v === 'string' && v.length > 0) : undefined;
    return first === undefined ? null : UPLOADS_URL_PREFIX + encodeURIComponent(first);
  } catch {
    return null;
  }
}

/**
 * Cart SQL. Takes the database or an open transaction (a Transaction is a Kysely), so the services
 * can group a read-check-write into one transaction.
 */
export function createCartRepository(db: Kysely<Database>) {
  async function findCatalogueEntries(productIds: readonly number[]): Promise<Map<number, CatalogueEntry>> {
    const result = new Map<number, CatalogueEntry>();
    if (productIds.length === 0) return result;
    const ids = [...new Set(productIds)];
    const [products, sizes] = await Promise.all([
      db
        .selectFrom('products')
        .select(['id', 'name', 'images', 'price_idr', 'is_sold_out', 'deleted_at'])
        .where('id', 'in', ids)
        .execute(),
      db
        .selectFrom('product_sizes')
        .select(['product_id', 'code', 'price_idr'])
        .where('product_id', 'in', ids)
        .execute(),
    ]);
    for (const p of products) {
      result.set(p.id, {
        id: p.id,
        name: p.name,
        imageUrl: imageUrlOf(p.images),
        priceIdr: Number(p.price_idr),
        isSoldOut: p.is_sold_out === 1,
        isDeleted: p.deleted_at !== null,
        sizes: [],
      });
    }
    for (const s of sizes) {
      const code = fromColumn(s.code);
      if (code) result.get(s.product_id)?.sizes.push({ code, priceIdr: Number(s.price_idr) });
    }
    for (const entry of result.values()) entry.sizes.sort((a, b) => SIZE_CODES.indexOf(a.code) - SIZE_CODES.indexOf(b.code));
    return result;
  }

  return {
    findCatalogueEntries,

    async findCartByUser(userId: number): Promise<CartRecord | undefined> {
      const row = await db
        .selectFrom('carts')
        .select(['id', 'user_id', 'delivery_method', 'scheduled_for'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && {
        id: row.id,
        userId: row.user_id,
        // The check constraint admits the three methods only.
        deliveryMethod: DeliveryMethod.parse(row.delivery_method),
        scheduledFor: row.scheduled_for,
      };
    },

    /** Creates the customer's cart if there is none; safe when two requests race (unique user_id). */
    async ensureCart(userId: number, nowIso: string): Promise<void> {
      await db
        .insertInto('carts')
        .values({ user_id: userId, delivery_method: 'dine-in', scheduled_for: null, created_at: nowIso, updated_at: nowIso })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /**
     * Writes the cart row first thing in a transaction: on PostgreSQL this takes the row lock, so two
     * changes to one cart (two tabs, a double click on "Confirm and Pay") run one after the other
     * and the second sees what the first did. SQLite serialises write transactions anyway.
     */
    async lockCart(cartId: number, nowIso: string): Promise<void> {
      await db.updateTable('carts').set({ updated_at: nowIso }).where('id', '=', cartId).execute();
    },

    async listLines(cartId: number): Promise<CartLineRecord[]> {
      const rows = await db
        .selectFrom('cart_items')
        .select(['id', 'product_id', 'size_code', 'quantity'])
        .where('cart_id', '=', cartId)
        .orderBy('id', 'asc')
        .execute();
      const catalogue = await findCatalogueEntries(rows.map((r) => r.product_id));
      return rows.flatMap((r) => {
        const product = catalogue.get(r.product_id);
        // The foreign key cascades, so a line always has its product; the guard only satisfies the types.
        return product ? [{ id: r.id, productId: r.product_id, sizeCode: fromColumn(r.size_code), quantity: r.quantity, product }] : [];
      });
    },

    async insertLine(cartId: number, line: NewCartLine, nowIso: string): Promise<number> {
      const row = await db
        .insertInto('cart_items')
        .values({
          cart_id: cartId,
          product_id: line.productId,
          size_code: toColumn(line.sizeCode),
          quantity: line.quantity,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setLineQuantity(cartId: number, lineId: number, quantity: number, nowIso: string): Promise<void> {
      await db
        .updateTable('cart_items')
        .set({ quantity, updated_at: nowIso })
        .where('cart_id', '=', cartId)
        .where('id', '=', lineId)
        .execute();
    },

    async deleteLine(cartId: number, lineId: number): Promise<void> {
      await db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('id', '=', lineId).execute();
    },

    async deleteAllLines(cartId: number): Promise<void> {
      await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    },

    async setDelivery(cartId: number, method: DeliveryMethod, scheduledFor: string | null, nowIso: string): Promise<void> {
      await db
        .updateTable('carts')
        .set({ delivery_method: method, scheduled_for: scheduledFor, updated_at: nowIso })
        .where('id', '=', cartId)
        .execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
