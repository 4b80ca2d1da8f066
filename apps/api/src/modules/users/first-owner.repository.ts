import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** `setup_links`, and whether the shop has a staff account yet (users module: it owns both tables). */
export function createFirstOwnerRepository(db: Kysely<Database>) {
  return {
    async hasStaff(trx?: Transaction<Database>): Promise<boolean> {
      const row = await (trx ?? db).selectFrom('users').select('id').where('role', '=', 'staff').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** A new link; links past their time are dropped on the way (nothing else ever reads them). */
    async insertLink(tokenHash: string, createdAt: string, expiresAt: string): Promise<void> {
      await db.deleteFrom('setup_links').where('expires_at', '<=', createdAt).execute();
      await db.insertInto('setup_links').values({ token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt, used_at: null }).execute();
    },

    async isUsable(tokenHash: string, at: string): Promise<boolean> {
      const row = await db
        .selectFrom('setup_links')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses up every open link at once, provided the given one is open: one statement, so of two submissions at the
     * same moment (with the same link or two links) only one finds open rows; the other waits for it, then none.
     */
    async claimAll(tokenHash: string, at: string, trx: Transaction<Database>): Promise<boolean> {
      const result = await trx
        .updateTable('setup_links')
        .set({ used_at: at })
        .where('used_at', 'is', null)
        .where(sql<boolean>`exists (select 1 from setup_links as given where given.token_hash = ${tokenHash} and given.used_at is null and given.expires_at > ${at})`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
