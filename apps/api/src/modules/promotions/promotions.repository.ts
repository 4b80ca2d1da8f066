import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  DeliveryMethod,
  PromotionAudience,
  PromotionBenefit,
  PromotionFrequency,
  PromotionPicture,
  type MemberCard,
} from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { PromotionRecord } from './promotion-rules.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A promotion to store: the record without its id and the product name read back from the menu. */
export type NewPromotion = Omit<PromotionRecord, 'id' | 'targetProductName' | 'isActive'> & { isActive?: boolean };

const StoredWeekdays = z.array(z.number().int().min(1).max(7));
const StoredMethods = z.array(DeliveryMethod);

const selectPromotions = (db: Db) => db.selectFrom('promotions').selectAll();
type PromotionRow = Awaited<ReturnType<ReturnType<typeof selectPromotions>['executeTakeFirstOrThrow']>>;

/** `targetProductName`: the target product's name as it is now on the menu (the products module's answer). */
const toRecord = (r: PromotionRow, targetProductName: string | null): PromotionRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  picture: PromotionPicture.parse(r.picture),
  code: r.code,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  yearlyOn: r.yearly_on,
  onBirthday: r.on_birthday === 1,
  weekdays: StoredWeekdays.parse(JSON.parse(r.weekdays)),
  fromTime: r.from_time,
  toTime: r.to_time,
  deliveryMethods: StoredMethods.parse(JSON.parse(r.delivery_methods)),
  audience: PromotionAudience.parse(r.audience),
  frequency: PromotionFrequency.parse(r.frequency),
  benefit: PromotionBenefit.parse(r.benefit),
  benefitValue: r.benefit_value,
  targetProductId: r.target_product_id,
  targetProductName,
  targetCategory: r.target_category,
  isActive: r.is_active === 1,
});

/** A promotion's rules as its row stores them (codes upper case, lists as JSON, flags as 0/1): insert and update alike. */
function toColumns(p: NewPromotion) {
  return {
    name: p.name,
    description: p.description,
    picture: p.picture,
    code: p.code?.toUpperCase() ?? null,
    starts_on: p.startsOn,
    ends_on: p.endsOn,
    yearly_on: p.yearlyOn,
    on_birthday: p.onBirthday ? 1 : 0,
    weekdays: JSON.stringify(p.weekdays),
    from_time: p.fromTime,
    to_time: p.toTime,
    delivery_methods: JSON.stringify(p.deliveryMethods),
    audience: p.audience,
    frequency: p.frequency,
    benefit: p.benefit,
    benefit_value: p.benefitValue,
    target_product_id: p.targetProductId,
    target_category: p.targetCategory,
    is_active: p.isActive === false ? 0 : 1,
  };
}

/** The products module's door: the names of the products promotions target. */
export type ProductNames = (productIds: readonly number[], trx?: Transaction<Database>) => Promise<Map<number, { name: string }>>;

export function createPromotionRepository(db: Kysely<Database>, productNames: ProductNames) {
  /** The records of these rows, each with its target product's name. */
  async function toRecords(rows: readonly PromotionRow[], trx?: Transaction<Database>): Promise<PromotionRecord[]> {
    const targets = rows.flatMap((r) => (r.target_product_id === null ? [] : [r.target_product_id]));
    const names = targets.length > 0 ? await productNames(targets, trx) : new Map<number, { name: string }>();
    return rows.map((r) => toRecord(r, r.target_product_id === null ? null : (names.get(r.target_product_id)?.name ?? null)));
  }
  const toOne = async (row: PromotionRow | undefined, trx?: Transaction<Database>) => (row ? (await toRecords([row], trx))[0] : undefined);

  return {
    async listActive(trx?: Transaction<Database>): Promise<PromotionRecord[]> {
      return toRecords(await selectPromotions(trx ?? db).where('is_active', '=', 1).orderBy('id').execute(), trx);
    },

    async findById(id: number, trx?: Transaction<Database>): Promise<PromotionRecord | undefined> {
      return toOne(await selectPromotions(trx ?? db).where('id', '=', id).executeTakeFirst(), trx);
    },

    /** Codes are stored upper case. */
    async findByCode(code: string, trx?: Transaction<Database>): Promise<PromotionRecord | undefined> {
      return toOne(await selectPromotions(trx ?? db).where('code', '=', code.toUpperCase()).executeTakeFirst(), trx);
    },

    async insertPromotion(p: NewPromotion, at: string, trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('promotions')
        .values({ ...toColumns(p), created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every promotion, switched-off ones included, oldest first: the staff list. */
    async listAll(trx?: Transaction<Database>): Promise<PromotionRecord[]> {
      return toRecords(await selectPromotions(trx ?? db).orderBy('id').execute(), trx);
    },

    /** Replaces every rule of a promotion; false when there is no such promotion. */
    async updatePromotion(id: number, p: NewPromotion, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('promotions')
        .set(toColumns(p))
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deletePromotion(id: number, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db).deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether any order spent it: such a promotion is switched off, never deleted, so its redemptions stay. */
    async isRedeemed(promotionId: number, trx?: Transaction<Database>): Promise<boolean> {
      const row = await (trx ?? db)
        .selectFrom('promotion_redemptions')
        .select('id')
        .where('promotion_id', '=', promotionId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether another promotion already uses this code (upper case). */
    async isCodeTaken(code: string, exceptId: number | null, trx?: Transaction<Database>): Promise<boolean> {
      let q = (trx ?? db).selectFrom('promotions').select('id').where('code', '=', code.toUpperCase());
      if (exceptId !== null) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async countPromotions(trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db).selectFrom('promotions').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    ...createCouponUseRepository(db),
  };
}

/** A customer's use of coupons: the one in the cart, what orders spent, and the member card. */
function createCouponUseRepository(db: Kysely<Database>) {
  return {
    async findCartCoupon(userId: number, trx?: Transaction<Database>): Promise<number | null> {
      const row = await (trx ?? db).selectFrom('cart_coupons').select('promotion_id').where('user_id', '=', userId).executeTakeFirst();
      return row?.promotion_id ?? null;
    },

    /** The cart holds one coupon: a new one replaces the old. */
    async setCartCoupon(userId: number, promotionId: number, at: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .insertInto('cart_coupons')
        .values({ user_id: userId, promotion_id: promotionId, applied_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ promotion_id: promotionId, applied_at: at }))
        .execute();
    },

    async deleteCartCoupon(userId: number, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).deleteFrom('cart_coupons').where('user_id', '=', userId).execute();
    },

    async hasRedemption(userId: number, promotionId: number, period: string, trx?: Transaction<Database>): Promise<boolean> {
      const row = await (trx ?? db)
        .selectFrom('promotion_redemptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('promotion_id', '=', promotionId)
        .where('period', '=', period)
        .executeTakeFirst();
      return row !== undefined;
    },

    async hasRedemptionOn(userId: number, shopDate: string, trx?: Transaction<Database>): Promise<boolean> {
      const row = await (trx ?? db)
        .selectFrom('promotion_redemptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('shop_date', '=', shopDate)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Breaks the unique (user, shop date) index when a coupon was spent that day, or (user, promotion, period) when this one was. */
    async insertRedemption(
      r: { userId: number; promotionId: number; orderId: number; shopDate: string; period: string; discountIdr: number },
      at: string,
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .insertInto('promotion_redemptions')
        .values({
          user_id: r.userId,
          promotion_id: r.promotionId,
          order_id: r.orderId,
          shop_date: r.shopDate,
          period: r.period,
          discount_idr: r.discountIdr,
          created_at: at,
        })
        .execute();
    },

    /** The redemption an order made (at most one): gone when the order is cancelled. */
    async deleteRedemptionsOfOrder(orderId: number, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db).deleteFrom('promotion_redemptions').where('order_id', '=', orderId).execute();
    },

    async findMemberCard(userId: number, trx?: Transaction<Database>): Promise<MemberCard | undefined> {
      const row = await (trx ?? db).selectFrom('member_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row && { number: row.number, issuedAt: row.issued_at, issuedBy: row.issued_by === 'staff' ? 'staff' : 'threshold' };
    },

    /** At most one card per customer: a second issue (two requests at once) changes nothing. */
    async insertMemberCard(userId: number, number: string, issuedBy: 'threshold' | 'staff', at: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .insertInto('member_cards')
        .values({ user_id: userId, number, issued_by: issuedBy, issued_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
  };
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>;
