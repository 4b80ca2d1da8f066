import type { Kysely, Transaction } from 'kysely';
import { DeliveryMethod, SizeCode } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

/** A customer's cart row (lines are read separately). */
export interface CartRecord {
  id: number;
  userId: number;
  deliveryMethod: DeliveryMethod;
  scheduledFor: string | null;
  /** The chosen store; null: the default store. */
  storeId: number | null;
}

/** A stored cart line; the cart service adds the product as it is now on the menu. */
export interface CartLineRow {
  id: number;
  productId: number;
  sizeCode: SizeCode | null;
  /** The chosen option ids as stored, ascending. */
  optionIds: number[];
  /** '' for none. */
  baristaNote: string;
  quantity: number;
}

export interface NewCartLine {
  productId: number;
  sizeCode: SizeCode | null;
  /** Resolved option ids (defaults filled in), ascending. */
  optionIds: readonly number[];
  baristaNote: string;
  quantity: number;
}

/** What a line is: the same product, size, options and note make the same line. */
export type LineIdentity = Omit<NewCartLine, 'quantity' | 'productId'>;

// Stored as one text so the unique line index can hold the set of options (see migration 005).
const idsToColumn = (ids: readonly number[]): string => ids.join(',');
const idsFromColumn = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number).filter(Number.isInteger));

// One-size lines store '' so the unique (cart, product, size) index holds (see migration 003).
const toColumn = (size: SizeCode | null): string => size ?? '';
const fromColumn = (size: string): SizeCode | null => {
  const parsed = SizeCode.safeParse(size);
  return parsed.success ? parsed.data : null;
};

/**
 * Cart SQL. Every function takes an optional open transaction last, so the services can group a
 * read-check-write into one transaction.
 */
export function createCartRepository(db: Kysely<Database>) {
  return {
    async findCartByUser(userId: number, trx?: Transaction<Database>): Promise<CartRecord | undefined> {
      const row = await (trx ?? db)
        .selectFrom('carts')
        .select(['id', 'user_id', 'delivery_method', 'scheduled_for', 'store_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && {
        id: row.id,
        userId: row.user_id,
        // The check constraint admits the three methods only.
        deliveryMethod: DeliveryMethod.parse(row.delivery_method),
        scheduledFor: row.scheduled_for,
        storeId: row.store_id,
      };
    },

    /** Creates the customer's cart if there is none; safe when two requests race (unique user_id). */
    async ensureCart(userId: number, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
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
    async lockCart(cartId: number, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).updateTable('carts').set({ updated_at: nowIso }).where('id', '=', cartId).execute();
    },

    async listLines(cartId: number, trx?: Transaction<Database>): Promise<CartLineRow[]> {
      const rows = await (trx ?? db)
        .selectFrom('cart_items')
        .select(['id', 'product_id', 'size_code', 'option_ids', 'barista_note', 'quantity'])
        .where('cart_id', '=', cartId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        sizeCode: fromColumn(r.size_code),
        optionIds: idsFromColumn(r.option_ids),
        baristaNote: r.barista_note,
        quantity: r.quantity,
      }));
    },

    async insertLine(cartId: number, line: NewCartLine, nowIso: string, trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('cart_items')
        .values({
          cart_id: cartId,
          product_id: line.productId,
          size_code: toColumn(line.sizeCode),
          option_ids: idsToColumn(line.optionIds),
          barista_note: line.baristaNote,
          quantity: line.quantity,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setLineQuantity(cartId: number, lineId: number, quantity: number, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .updateTable('cart_items')
        .set({ quantity, updated_at: nowIso })
        .where('cart_id', '=', cartId)
        .where('id', '=', lineId)
        .execute();
    },

    /** Gives a line another size, options or note (and quantity). */
    async changeLine(
      cartId: number,
      lineId: number,
      change: LineIdentity & { quantity: number },
      nowIso: string,
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .updateTable('cart_items')
        .set({
          size_code: toColumn(change.sizeCode),
          option_ids: idsToColumn(change.optionIds),
          barista_note: change.baristaNote,
          quantity: change.quantity,
          updated_at: nowIso,
        })
        .where('cart_id', '=', cartId)
        .where('id', '=', lineId)
        .execute();
    },

    async deleteLine(cartId: number, lineId: number, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).deleteFrom('cart_items').where('cart_id', '=', cartId).where('id', '=', lineId).execute();
    },

    async deleteAllLines(cartId: number, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    },

    async setDelivery(
      cartId: number,
      method: DeliveryMethod,
      scheduledFor: string | null,
      nowIso: string,
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .updateTable('carts')
        .set({ delivery_method: method, scheduled_for: scheduledFor, updated_at: nowIso })
        .where('id', '=', cartId)
        .execute();
    },

    /** Remembers the chosen store (null: the default store); kept after an order so the next one starts there. */
    async setStore(cartId: number, storeId: number | null, nowIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).updateTable('carts').set({ store_id: storeId, updated_at: nowIso }).where('id', '=', cartId).execute();
    },

    ...createCartIdempotencyKeys(db),
  };
}

/** The Idempotency-Key records of cart changes (lib/idempotency.ts). */
function createCartIdempotencyKeys(db: Kysely<Database>) {
  return {
    /** The keyed cart change this user made with `key`, if any: what it asked (hash) and the notes it answered. */
    async findIdempotencyKey(
      userId: number,
      key: string,
      trx?: Transaction<Database>,
    ): Promise<{ requestHash: string; notes: string[] } | undefined> {
      const row = await (trx ?? db)
        .selectFrom('cart_idempotency_keys')
        .select(['request_hash', 'notes'])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && { requestHash: row.request_hash, notes: JSON.parse(row.notes) as string[] };
    },

    async insertIdempotencyKey(
      userId: number,
      key: string,
      requestHash: string,
      notes: readonly string[],
      nowIso: string,
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .insertInto('cart_idempotency_keys')
        .values({ user_id: userId, idempotency_key: key, request_hash: requestHash, notes: JSON.stringify(notes), created_at: nowIso })
        .execute();
    },

    /** Forgets this user's keys made before `beforeIso`: a retry comes within seconds, not days. */
    async deleteIdempotencyKeysBefore(userId: number, beforeIso: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .deleteFrom('cart_idempotency_keys')
        .where('user_id', '=', userId)
        .where('created_at', '<', beforeIso)
        .execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
