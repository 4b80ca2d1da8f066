import type { Kysely, Transaction } from 'kysely';
import type {
  CartCoupon,
  DeliveryMethod,
  MemberCard,
  MemberCardStatus,
  Promotion,
  PromotionInput,
  ShopLocal,
  StaffPromotion,
} from '@coffee/contract';
import { ean13CheckDigit } from '@coffee/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toShopLocal } from '../../lib/shop-time.js';
import { inEnglish, joinTexts, type Say } from '../checkout/checkout.service.js';
import {
  checkConditions,
  computeDiscount,
  describeTerms,
  redemptionPeriod,
  type CustomerFacts,
  type PromotionRecord,
  type Verdict,
} from './promotion-rules.js';
import type { ProductService } from '../products/products.service.js';
import type { UserService } from '../users/users.service.js';
import { createPromotionRepository, type PromotionRepository } from './promotions.repository.js';

// The public file of the module: cart and orders price and spend coupons through it.
import type { NewPromotion } from './promotions.repository.js';

export type { NewPromotion } from './promotions.repository.js';
export type { PromotionRecord } from './promotion-rules.js';

export interface PromotionSettings {
  shopTimeZone: string;
  /** MEMBER_CARD_THRESHOLD: delivered orders worth this much (whole rupiah) earn a member card. */
  memberCardThresholdIdr: number;
}

export interface PromotionServiceDeps {
  /** The module builds its own repository over it: only this module touches promotions, cart_coupons, redemptions and member cards. */
  db: Kysely<Database>;
  /** Tests of this module: a repository of their own. */
  promotionRepository?: PromotionRepository | undefined;
  /** The products module's door: the targets' names and the lines' categories. */
  products: Pick<ProductService, 'productFacts'>;
  /** The users module's door: a customer's birthday, and whether an account is a customer's. */
  users: Pick<UserService, 'findUserById'>;
  /**
   * The customer's delivered orders (their total and how many), asked of the orders module; a function, since the
   * orders module uses this one (its coupons) and so is registered after it.
   */
  deliveredOrders: (userId: number, trx?: Transaction<Database>) => Promise<{ totalIdr: number; count: number }>;
  settings: PromotionSettings;
  now: () => Date;
}

/** The promotions repository over the products module's names (what loaders and the service build alike). */
const promotionRepositoryOf = (db: Kysely<Database>, products: Pick<ProductService, 'productFacts'>): PromotionRepository =>
  createPromotionRepository(db, (ids, trx) => products.productFacts(ids, trx));

/** What the coupon is judged on: the orderable lines, the method, and when the customer gets the order. */
export interface CouponContext {
  lines: readonly { productId: number; unitPriceIdr: number; quantity: number }[];
  deliveryMethod: DeliveryMethod;
  /** Shop-local moment the order is received. */
  at: ShopLocal;
}

/** The cart's coupon as judged now: shown with its discount or its problem. */
export interface CouponVerdict {
  promotion: PromotionRecord;
  verdict: Verdict;
  discountIdr: number;
}

const USED_TODAY = /*i18n*/ 'You have already used a coupon today: one coupon per customer per day';
const USED_ONCE = /*i18n*/ 'You have already used this coupon: it is one per customer';

/** 20-29 is the in-store range of EAN-13, never a retail product's number. */
export function memberCardNumber(userId: number): string {
  const first12 = `20${String(userId).padStart(10, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** Each line's product category ('' for one no longer found). */
async function categoriesOf(products: PromotionServiceDeps['products'], productIds: readonly number[], trx?: Transaction<Database>) {
  const facts = await products.productFacts(productIds, trx);
  return new Map([...facts].map(([id, f]) => [id, f.category as string]));
}

/** A promotion as customers see it: its terms in words, none of the rules' raw fields. */
const toPromotion = (p: PromotionRecord, memberCardThresholdIdr: number, say: Say): Promotion => ({
  id: p.id,
  name: p.name,
  description: p.description,
  picture: p.picture,
  code: p.code,
  terms: describeTerms(p, memberCardThresholdIdr).map(say),
  audience: p.audience,
  frequency: p.frequency,
  benefit: p.benefit,
});

export function createPromotionService(deps: PromotionServiceDeps) {
  const { settings, now } = deps;
  const repo = deps.promotionRepository ?? promotionRepositoryOf(deps.db, deps.products);

  const { memberCardOf, getMemberCard, issueMemberCard } = createMemberCards(repo, deps);

  async function customerFacts(userId: number, trx?: Transaction<Database>): Promise<CustomerFacts> {
    const m = await memberCardOf(userId, trx);
    return {
      birthDate: m.birthDate,
      hasDeliveredOrder: m.deliveredCount > 0,
      hasMemberCard: m.card !== null,
      memberCardThresholdIdr: settings.memberCardThresholdIdr,
    };
  }

  /**
   * The shop day a coupon is spent on: the day the order is placed (shop time), not the day it is received, so
   * scheduling orders for the next days cannot spend a once-a-day coupon once per day ahead.
   */
  const placingDay = () => toShopLocal(now(), settings.shopTimeZone).text.slice(0, 10);

  /** Who, when, how, whether already spent, then the lines: the first problem, or the discount. */
  async function judge(userId: number, p: PromotionRecord, ctx: CouponContext, trx?: Transaction<Database>): Promise<CouponVerdict> {
    const conditions = checkConditions(p, ctx.at, ctx.deliveryMethod, await customerFacts(userId, trx));
    if (!conditions.ok) return { promotion: p, verdict: conditions, discountIdr: 0 };
    const shopDate = placingDay();
    if (await repo.hasRedemptionOn(userId, shopDate, trx)) {
      return { promotion: p, verdict: { ok: false, kind: 'audience', message: USED_TODAY }, discountIdr: 0 };
    }
    if (p.frequency === 'once' && (await repo.hasRedemption(userId, p.id, redemptionPeriod(p, shopDate, 0), trx))) {
      return { promotion: p, verdict: { ok: false, kind: 'audience', message: USED_ONCE }, discountIdr: 0 };
    }
    const categories = await categoriesOf(deps.products, ctx.lines.map((l) => l.productId), trx);
    const discount = computeDiscount(
      p,
      ctx.lines.map((l) => ({ ...l, category: categories.get(l.productId) ?? '' })),
    );
    if (!discount.ok) return { promotion: p, verdict: discount, discountIdr: 0 };
    return { promotion: p, verdict: { ok: true }, discountIdr: discount.discountIdr };
  }

  return {
    ...createPromotionAdmin(repo, deps),
    /** `say` words the terms in the reader's language (English unless given). */
    async listPromotions(say: Say = inEnglish): Promise<Promotion[]> {
      return (await repo.listActive()).map((p) => toPromotion(p, settings.memberCardThresholdIdr, say));
    },

    /** The shop-local moment an order is received: its requested time, or now for as soon as possible. */
    receivingMoment(scheduledFor: ShopLocal | null): ShopLocal {
      return scheduledFor ?? toShopLocal(now(), settings.shopTimeZone);
    },

    /** The cart's coupon judged against the cart; null when it has none. */
    async judgeCartCoupon(userId: number, ctx: CouponContext, trx?: Transaction<Database>): Promise<CouponVerdict | null> {
      const id = await repo.findCartCoupon(userId, trx);
      if (id === null) return null;
      const p = await repo.findById(id, trx);
      if (!p) return null;
      return judge(userId, p, ctx, trx);
    },

    /** Only the lines: whether these lines alone would keep the coupon (to tell when removing items took it off). */
    async linesQualify(p: PromotionRecord, lines: CouponContext['lines'], trx?: Transaction<Database>): Promise<boolean> {
      const categories = await categoriesOf(deps.products, lines.map((l) => l.productId), trx);
      return computeDiscount(p, lines.map((l) => ({ ...l, category: categories.get(l.productId) ?? '' }))).ok;
    },

    /**
     * Puts a coupon on the cart. Refused, with the reason in plain words, when this customer cannot use it for this
     * cart now; only a cart still missing the coupon's items may take it (the customer adds them next).
     */
    async applyCoupon(userId: number, code: string, ctx: CouponContext, trx?: Transaction<Database>): Promise<void> {
      const p = await repo.findByCode(code.trim(), trx);
      if (!p || !p.isActive) throw notFound(/*i18n*/ { id: 'There is no coupon {code}: check the code', values: { code: code.trim().slice(0, 40).toUpperCase() } });
      const judged = await judge(userId, p, ctx, trx);
      if (!judged.verdict.ok && judged.verdict.kind !== 'items') throw badRequest(judged.verdict.message, 'code');
      await repo.setCartCoupon(userId, p.id, now().toISOString(), trx);
    },

    async removeCoupon(userId: number, trx?: Transaction<Database>): Promise<void> {
      await repo.deleteCartCoupon(userId, trx);
    },

    /** `say` words the coupon's problem in the reader's language (English unless given). */
    toCartCoupon(v: CouponVerdict, say: Say = inEnglish): CartCoupon {
      return {
        promotionId: v.promotion.id,
        name: v.promotion.name,
        code: v.promotion.code,
        picture: v.promotion.picture,
        discountIdr: v.discountIdr,
        problem: v.verdict.ok ? null : say(v.verdict.message),
      };
    },

    /**
     * At placing: the cart's coupon judged once more inside the order's transaction; refused with its reason when it
     * no longer qualifies (the customer removes it or fixes the cart). Null without a coupon.
     */
    async couponForOrder(userId: number, ctx: CouponContext, trx: Transaction<Database>): Promise<CouponVerdict | null> {
      const id = await repo.findCartCoupon(userId, trx);
      if (id === null) return null;
      const p = await repo.findById(id, trx);
      if (!p) return null;
      const judged = await judge(userId, p, ctx, trx);
      if (!judged.verdict.ok) throw conflict(joinTexts([judged.verdict.message], '', '. Remove the coupon to order without it'), 'coupon');
      return judged;
    },

    /**
     * Spends the coupon in the order's transaction and takes it off the cart. The unique (user, promotion, period)
     * index refuses a second spend of a once-a-day coupon by a checkout running at the same moment: that order rolls back.
     * Spent on the day the order is placed (shop time), whenever it is received.
     */
    async redeemCoupon(userId: number, v: CouponVerdict, orderId: number, trx: Transaction<Database>): Promise<void> {
      const shopDate = placingDay();
      try {
        await repo.insertRedemption(
          { userId, promotionId: v.promotion.id, orderId, shopDate, period: redemptionPeriod(v.promotion, shopDate, orderId), discountIdr: v.discountIdr },
          now().toISOString(),
          trx,
        );
      } catch (err) {
        if (isUniqueViolation(err)) {
          const onceAgain =
            v.promotion.frequency === 'once' &&
            isUniqueViolation(err, { postgres: 'promotion_redemptions_once_idx', sqlite: '.period' });
          throw conflict(onceAgain ? USED_ONCE : USED_TODAY, 'coupon');
        }
        throw err;
      }
      await repo.deleteCartCoupon(userId, trx);
    },

    /**
     * A cancelled (or expired) order gives its coupon back: its redemption goes, so the customer may spend one again
     * that day. Called in the transaction that moved the order, which only one mover wins, so it happens once.
     */
    async returnCoupon(orderId: number, trx: Transaction<Database>): Promise<void> {
      await repo.deleteRedemptionsOfOrder(orderId, trx);
    },
    getMemberCard,
    issueMemberCard,
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;

/** Member cards: issued when the delivered total reaches the threshold, or by staff at the counter. */
function createMemberCards(repo: PromotionRepository, deps: Pick<PromotionServiceDeps, 'users' | 'deliveredOrders' | 'now' | 'settings'>) {
  const { settings, now } = deps;
  /** The card is issued the first time it is looked at after the delivered total reached the threshold. */
  async function memberCardOf(userId: number, trx?: Transaction<Database>): Promise<{ card: MemberCard | null; deliveredTotalIdr: number; deliveredCount: number; birthDate: string | null }> {
    const [user, delivered] = await Promise.all([deps.users.findUserById(userId, trx), deps.deliveredOrders(userId, trx)]);
    const facts = { birthDate: user?.dateOfBirth ?? null, deliveredTotalIdr: delivered.totalIdr, deliveredCount: delivered.count };
    let card = (await repo.findMemberCard(userId, trx)) ?? null;
    if (!card && facts.deliveredTotalIdr >= settings.memberCardThresholdIdr) {
      await repo.insertMemberCard(userId, memberCardNumber(userId), 'threshold', now().toISOString(), trx);
      card = (await repo.findMemberCard(userId, trx)) ?? null;
    }
    return { card, ...facts };
  }

  async function getMemberCard(userId: number): Promise<MemberCardStatus> {
    const m = await memberCardOf(userId);
    return { card: m.card, deliveredTotalIdr: m.deliveredTotalIdr, thresholdIdr: settings.memberCardThresholdIdr };
  }

  /** Staff issue a card at the counter; a customer who has one keeps it. */
  async function issueMemberCard(userId: number): Promise<MemberCard> {
    if ((await deps.users.findUserById(userId))?.role !== 'customer') throw notFound(/*i18n*/ { id: 'There is no customer {id}', values: { id: userId } });
    await repo.insertMemberCard(userId, memberCardNumber(userId), 'staff', now().toISOString());
    const card = await repo.findMemberCard(userId);
    if (!card) throw new Error(`member card of ${userId} vanished`);
    return card;
  }

  return { memberCardOf, getMemberCard, issueMemberCard };
}

/** The staff's list of promotions and their changes. */
function createPromotionAdmin(repo: PromotionRepository, deps: Pick<PromotionServiceDeps, 'products' | 'now' | 'settings'>) {
  const { settings, now } = deps;
  /** `say`: the staff member's language, from the route (English for callers without a reader). */
  const toStaffPromotion = (p: PromotionRecord, say: Say = inEnglish): StaffPromotion => ({
    ...p,
    terms: describeTerms(p, settings.memberCardThresholdIdr).map(say),
  });

  /** Ids parsed leniently by the routes: anything that is not a stored id is a 404, never a 400. */
  const NO_SUCH_PROMOTION = /*i18n*/ 'This promotion no longer exists: reload the list';

  /**
   * The rules the input's shape cannot check (a unique code, a product still on the menu), and the code as stored:
   * upper case, an empty one meaning none.
   */
  async function checkInput(input: PromotionInput, exceptId: number | null): Promise<PromotionInput> {
    const code = input.code ? input.code.toUpperCase() : null;
    if (code !== null && (await repo.isCodeTaken(code, exceptId))) {
      throw conflict(/*i18n*/ { id: 'Another promotion already uses the code {code}: choose another code', values: { code } }, 'code');
    }
    if (input.targetProductId !== null && !(await deps.products.productFacts([input.targetProductId])).get(input.targetProductId)?.isLive) {
      throw badRequest(/*i18n*/ 'The chosen product is not on the menu any more: choose another product or a category', 'targetProductId');
    }
    return { ...input, code };
  }

  return {
    /** Every promotion with every rule, for the staff screen. */
    async listAllPromotions(say: Say = inEnglish): Promise<StaffPromotion[]> {
      return (await repo.listAll()).map((p) => toStaffPromotion(p, say));
    },

    async createPromotion(input: PromotionInput, say: Say = inEnglish): Promise<StaffPromotion> {
      const id = await repo.insertPromotion(await checkInput(input, null), now().toISOString());
      const created = await repo.findById(id);
      if (!created) throw new Error(`promotion ${id} vanished`);
      return toStaffPromotion(created, say);
    },

    /** Replaces every rule. Carts holding it are judged by the new rules on their next look. */
    async replacePromotion(id: number, input: PromotionInput, say: Say = inEnglish): Promise<StaffPromotion> {
      if (!(await repo.findById(id))) throw notFound(NO_SUCH_PROMOTION);
      await repo.updatePromotion(id, await checkInput(input, id));
      const updated = await repo.findById(id);
      if (!updated) throw notFound(NO_SUCH_PROMOTION);
      return toStaffPromotion(updated, say);
    },

    /** A promotion orders already spent is kept for their record: staff switch it off instead. */
    async deletePromotion(id: number): Promise<void> {
      if (!(await repo.findById(id))) throw notFound(NO_SUCH_PROMOTION);
      if (await repo.isRedeemed(id)) {
        throw conflict(/*i18n*/ 'Orders have already used this promotion, so it is kept for their record: switch it off instead');
      }
      await repo.deletePromotion(id);
    },

  };
}

/** For the demo data and tests: promotions stored as given, and read back as stored, without judging any coupon. */
export function createPromotionLoader(db: Kysely<Database>, products: Pick<ProductService, 'productFacts'>) {
  const repo = promotionRepositoryOf(db, products);
  return {
    /** Answers the new promotion's id. */
    storePromotion: (p: NewPromotion, at: string = new Date().toISOString()): Promise<number> => repo.insertPromotion(p, at),
    /** How many promotions the shop has, ended ones included (the demo coupons load into a shop with none). */
    countPromotions: (): Promise<number> => repo.countPromotions(),
    /** The promotions on offer as stored. */
    listActiveRecords: (): Promise<PromotionRecord[]> => repo.listActive(),
  };
}
