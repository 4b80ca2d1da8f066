import type { LoyaltyEntryKind, LoyaltySettings, Reward, RewardInput, RewardKind } from '@coffee/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LoyaltyEntryTable, LoyaltyRewardTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Until the owner sets them: a point per IDR 1.000 paid, no expiry, tiers off (decision 032). */
export const DEFAULT_SETTINGS: LoyaltySettings = { idrPerPoint: 1000, expiryDays: null, tiersEnabled: false, tierSpendIdr: 1_000_000, tierIdrPerPoint: 500 };

export interface AccountRow {
  userId: number;
  balance: number;
  shortfall: number;
  lastEarnedAt: string | null;
}

export interface EntryRecord {
  id: number;
  userId: number;
  orderId: number | null;
  kind: LoyaltyEntryKind;
  points: number;
  shortfall: number;
  label: string;
  rewardId: number | null;
  discountIdr: number | null;
  createdAt: string;
}

export type NewEntry = Omit<EntryRecord, 'id'>;

const toEntry = (r: Selectable<LoyaltyEntryTable>): EntryRecord => ({
  id: r.id,
  userId: r.user_id,
  orderId: r.order_id,
  kind: r.kind as LoyaltyEntryKind,
  points: r.points,
  shortfall: r.shortfall,
  label: r.label,
  rewardId: r.reward_id,
  discountIdr: r.discount_idr,
  createdAt: r.created_at,
});

const toReward = (r: Selectable<LoyaltyRewardTable>): Reward => ({
  id: r.id,
  name: r.name,
  pointsCost: r.points_cost,
  kind: r.kind as RewardKind,
  optionName: r.option_name,
  isActive: r.is_active === 1,
});

/** The only code that touches loyalty_settings, loyalty_accounts, loyalty_entries and loyalty_rewards. */
export function createLoyaltyRepository(db: Kysely<Database>) {
  return {
    async settings(trx: Db = db): Promise<LoyaltySettings> {
      const row = await trx.selectFrom('loyalty_settings').selectAll().where('id', '=', 1).executeTakeFirst();
      return row
        ? {
            idrPerPoint: row.idr_per_point,
            expiryDays: row.expiry_days,
            tiersEnabled: row.tiers_enabled === 1,
            tierSpendIdr: row.tier_spend_idr,
            tierIdrPerPoint: row.tier_idr_per_point,
          }
        : DEFAULT_SETTINGS;
    },

    async saveSettings(s: LoyaltySettings, nowIso: string): Promise<void> {
      const values = {
        idr_per_point: s.idrPerPoint,
        expiry_days: s.expiryDays,
        tiers_enabled: s.tiersEnabled ? 1 : 0,
        tier_spend_idr: s.tierSpendIdr,
        tier_idr_per_point: s.tierIdrPerPoint,
        updated_at: nowIso,
      };
      await db
        .insertInto('loyalty_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    /**
     * The customer's account, made when missing, with its row locked until `trx` ends: every move of one customer's
     * points (earning, spending, taking back) waits here for the one before, on PostgreSQL by the row lock the update
     * takes, on SQLite because one write transaction runs at a time.
     */
    async lockAccount(userId: number, nowIso: string, trx: Transaction<Database>): Promise<AccountRow> {
      await trx
        .insertInto('loyalty_accounts')
        .values({ user_id: userId, balance: 0, shortfall: 0, last_earned_at: null, updated_at: nowIso })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const row = await trx
        .updateTable('loyalty_accounts')
        .set({ updated_at: nowIso })
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { userId: row.user_id, balance: row.balance, shortfall: row.shortfall, lastEarnedAt: row.last_earned_at };
    },

    async findAccount(userId: number): Promise<AccountRow | undefined> {
      const row = await db.selectFrom('loyalty_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row && { userId: row.user_id, balance: row.balance, shortfall: row.shortfall, lastEarnedAt: row.last_earned_at };
    },

    /** Writes a move and applies it to the balance, in the caller's transaction (after lockAccount). */
    async addEntry(entry: NewEntry, trx: Transaction<Database>): Promise<void> {
      await trx
        .insertInto('loyalty_entries')
        .values({
          user_id: entry.userId,
          order_id: entry.orderId,
          kind: entry.kind,
          points: entry.points,
          shortfall: entry.shortfall,
          label: entry.label,
          reward_id: entry.rewardId,
          discount_idr: entry.discountIdr,
          created_at: entry.createdAt,
        })
        .execute();
      await trx
        .updateTable('loyalty_accounts')
        .set((eb) => ({
          balance: eb('balance', '+', entry.points),
          shortfall: eb('shortfall', '+', entry.shortfall),
          ...(entry.kind === 'earned' ? { last_earned_at: entry.createdAt } : {}),
        }))
        .where('user_id', '=', entry.userId)
        .execute();
    },

    async entriesOfOrder(orderId: number, trx: Db = db): Promise<EntryRecord[]> {
      return (await trx.selectFrom('loyalty_entries').selectAll().where('order_id', '=', orderId).execute()).map(toEntry);
    },

    async entriesOf(userId: number, limit: number): Promise<EntryRecord[]> {
      const rows = await db.selectFrom('loyalty_entries').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toEntry);
    },

    async shortfalls(): Promise<{ userId: number; points: number }[]> {
      const rows = await db.selectFrom('loyalty_accounts').select(['user_id', 'shortfall']).where('shortfall', '>', 0).orderBy('user_id').execute();
      return rows.map((r) => ({ userId: r.user_id, points: r.shortfall }));
    },

    async listRewards(onlyActive: boolean, trx: Db = db): Promise<Reward[]> {
      let q = trx.selectFrom('loyalty_rewards').selectAll().orderBy('points_cost').orderBy('id');
      if (onlyActive) q = q.where('is_active', '=', 1);
      return (await q.execute()).map(toReward);
    },

    async findReward(id: number, trx: Db = db): Promise<Reward | undefined> {
      const row = await trx.selectFrom('loyalty_rewards').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toReward(row);
    },

    async insertReward(input: RewardInput, nowIso: string): Promise<Reward> {
      const row = await db
        .insertInto('loyalty_rewards')
        .values({
          name: input.name,
          points_cost: input.pointsCost,
          kind: input.kind,
          option_name: input.kind === 'option' ? (input.optionName ?? null) : null,
          is_active: input.isActive === false ? 0 : 1,
          created_at: nowIso,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toReward(row);
    },

    async updateReward(id: number, input: RewardInput): Promise<Reward | undefined> {
      const row = await db
        .updateTable('loyalty_rewards')
        .set({
          name: input.name,
          points_cost: input.pointsCost,
          kind: input.kind,
          option_name: input.kind === 'option' ? (input.optionName ?? null) : null,
          is_active: input.isActive === false ? 0 : 1,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toReward(row);
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
