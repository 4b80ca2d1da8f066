import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface RefundAccountRecord {
  orderId: number;
  holderName: string;
  bank: string;
  accountNumber: string;
  givenAt: string;
}

/** The accounts refunds by bank transfer go to (migration 025): one per order, kept only until the refund is recorded. */
export function createRefundAccountRepository(db: Kysely<Database>) {
  return {
    async find(orderId: number): Promise<RefundAccountRecord | undefined> {
      const row = await db.selectFrom('refund_accounts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
      return row && { orderId: row.order_id, holderName: row.holder_name, bank: row.bank, accountNumber: row.account_number, givenAt: row.given_at };
    },

    /** The customer gives the account, or corrects it (the last one given counts). */
    async save(account: RefundAccountRecord): Promise<void> {
      const values = { holder_name: account.holderName, bank: account.bank, account_number: account.accountNumber, given_at: account.givenAt };
      await db
        .insertInto('refund_accounts')
        .values({ order_id: account.orderId, ...values })
        .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
        .execute();
    },

    async erase(orderId: number): Promise<void> {
      await db.deleteFrom('refund_accounts').where('order_id', '=', orderId).execute();
    },
  };
}
