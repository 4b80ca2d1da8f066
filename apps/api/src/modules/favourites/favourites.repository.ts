import type { SizeCode } from '@coffee/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface FavouriteRow {
  id: number;
  productId: number;
  sizeCode: SizeCode | null;
  optionIds: number[];
}

const idsOf = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** The only code that touches favourite_drinks. */
export function createFavouriteRepository(db: Kysely<Database>) {
  return {
    async list(userId: number): Promise<FavouriteRow[]> {
      const rows = await db.selectFrom('favourite_drinks').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(50).execute();
      return rows.map((r) => ({ id: r.id, productId: r.product_id, sizeCode: r.size_code === '' ? null : (r.size_code as SizeCode), optionIds: idsOf(r.option_ids) }));
    },
    /** The same drink saved again stays one row. */
    async save(userId: number, f: Omit<FavouriteRow, 'id'>, nowIso: string): Promise<void> {
      await db
        .insertInto('favourite_drinks')
        .values({ user_id: userId, product_id: f.productId, size_code: f.sizeCode ?? '', option_ids: [...f.optionIds].sort((a, b) => a - b).join(','), created_at: nowIso })
        .onConflict((oc) => oc.columns(['user_id', 'product_id', 'size_code', 'option_ids']).doNothing())
        .execute();
    },
    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('favourite_drinks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
