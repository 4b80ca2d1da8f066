import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** `store_sold_out`: the products one store has run out of (a row each). */
export function createStoreStockRepository(db: Kysely<Database>) {
  return {
    async listSoldOut(storeId: number, trx?: Transaction<Database>): Promise<number[]> {
      const rows = await (trx ?? db).selectFrom('store_sold_out').select('product_id').where('store_id', '=', storeId).orderBy('product_id').execute();
      return rows.map((r) => r.product_id);
    },

    /** Which of these products are sold out at the store. */
    async soldOutAmong(storeId: number, productIds: readonly number[], trx?: Transaction<Database>): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await (trx ?? db)
        .selectFrom('store_sold_out')
        .select('product_id')
        .where('store_id', '=', storeId)
        .where('product_id', 'in', [...new Set(productIds)])
        .execute();
      return new Set(rows.map((r) => r.product_id));
    },

    /** Idempotent: marking twice (two tills at once) leaves one row. */
    async markSoldOut(storeId: number, productId: number, nowIso: string): Promise<void> {
      await db
        .insertInto('store_sold_out')
        .values({ store_id: storeId, product_id: productId, created_at: nowIso })
        .onConflict((oc) => oc.columns(['store_id', 'product_id']).doNothing())
        .execute();
    },

    async clearSoldOut(storeId: number, productId: number): Promise<void> {
      await db.deleteFrom('store_sold_out').where('store_id', '=', storeId).where('product_id', '=', productId).execute();
    },
  };
}

export type StoreStockRepository = ReturnType<typeof createStoreStockRepository>;
