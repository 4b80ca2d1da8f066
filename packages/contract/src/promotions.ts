import { z } from 'zod';
import { dataOf, idInput } from './common.js';

/** The pictures of the web app's coupon art, by key. */
export const PROMOTION_PICTURES = ['mothers-day', 'sunday-coffee', 'halloween', 'birthday'] as const;
export const PromotionPicture = z.enum(PROMOTION_PICTURES).describe('Which of the shop\'s coupon pictures to show');
export type PromotionPicture = z.infer<typeof PromotionPicture>;

export const PROMOTION_AUDIENCES = ['everyone', 'new-customers', 'members'] as const;
export const PromotionAudience = z
  .enum(PROMOTION_AUDIENCES)
  .describe('Who may use it: everyone, new-customers (no delivered order yet) or members (member card holders)');
export type PromotionAudience = z.infer<typeof PromotionAudience>;

export const PROMOTION_FREQUENCIES = ['daily', 'once', 'unlimited'] as const;
export const PromotionFrequency = z
  .enum(PROMOTION_FREQUENCIES)
  .describe('How often one customer may use it: daily (once per shop day), once (once ever) or unlimited');
export type PromotionFrequency = z.infer<typeof PromotionFrequency>;

export const PROMOTION_BENEFITS = ['percent-off', 'amount-off', 'free-item', 'buy-one-get-one'] as const;
export const PromotionBenefit = z
  .enum(PROMOTION_BENEFITS)
  .describe(
    'percent-off (`benefitValue` % of the subtotal), amount-off (`benefitValue` rupiah), free-item (the cheapest qualifying item is free), ' +
      'buy-one-get-one (of every two qualifying items the cheaper one is free)',
  );
export type PromotionBenefit = z.infer<typeof PromotionBenefit>;

export const Promotion = z
  .object({
    id: z.number().int().describe('The promotion id'),
    name: z.string().describe('The name shown on the coupon'),
    description: z.string().describe('One sentence on what it gives'),
    picture: PromotionPicture,
    code: z.string().nullable().describe('The code to apply it with; null for a promotion that applies by itself'),
    terms: z.array(z.string()).describe('Its rules in plain sentences ("Dine in orders only", "Sundays 07:00-09:00")'),
    audience: PromotionAudience,
    frequency: PromotionFrequency,
    benefit: PromotionBenefit,
  })
  .meta({ id: 'Promotion', description: 'A coupon of the Promo Today panel' });
export type Promotion = z.infer<typeof Promotion>;

export const PromotionListResponse = z
  .object({ data: z.array(Promotion).describe('The active promotions, in the panel\'s order') })
  .describe('The promotions');
export type PromotionListResponse = z.infer<typeof PromotionListResponse>;

export const ApplyCouponInput = z
  .object({
    code: z
      .string({ error: /*i18n*/ 'must be a coupon code' })
      .trim()
      .min(1, /*i18n*/ 'must be a coupon code')
      .max(40, /*i18n*/ 'must be at most 40 characters')
      .describe('The coupon\'s code, any case'),
  })
  .meta({ id: 'ApplyCouponInput', description: 'The coupon to put on the cart' });
export type ApplyCouponInput = z.infer<typeof ApplyCouponInput>;

export const CartCoupon = z
  .object({
    promotionId: z.number().int().describe('The promotion, as in GET /promotions'),
    name: z.string().describe('The coupon\'s name'),
    code: z.string().nullable().describe('Its code'),
    picture: PromotionPicture,
    discountIdr: z.number().int().describe('What it takes off this cart now, whole rupiah (0 while it does not qualify)'),
    problem: z
      .string()
      .nullable()
      .describe('Why it does not qualify for this cart now, in plain words ("This coupon is for Dine in orders"); null when it does'),
  })
  .meta({ id: 'CartCoupon', description: 'The coupon chosen for the cart' });
export type CartCoupon = z.infer<typeof CartCoupon>;

export const MemberCard = z
  .object({
    number: z.string().describe('The card number, printed under its barcode'),
    issuedAt: z.string().describe('When it was issued, ISO-8601 UTC'),
    issuedBy: z.enum(['threshold', 'staff']).describe('threshold: earned by delivered orders; staff: issued at the counter'),
  })
  .meta({ id: 'MemberCard', description: 'A member card' });
export type MemberCard = z.infer<typeof MemberCard>;

export const MemberCardStatus = z
  .object({
    card: MemberCard.nullable().describe('The customer\'s card; null until they have one'),
    deliveredTotalIdr: z.number().int().describe('The total of the customer\'s delivered orders, whole rupiah'),
    thresholdIdr: z.number().int().describe('The delivered total at which a card is issued, whole rupiah'),
  })
  .meta({ id: 'MemberCardStatus', description: 'The member card, or how far the customer is from one' });
export type MemberCardStatus = z.infer<typeof MemberCardStatus>;

export const MemberCardResponse = dataOf(MemberCardStatus, 'The member card status').describe('The member card');
export type MemberCardResponse = z.infer<typeof MemberCardResponse>;

export const StaffMemberCardResponse = dataOf(MemberCard, 'The card, new or the one the customer already had').describe('The card');

/** Staff promotions admin (GET /staff/promotions, POST /promotions, PUT and DELETE /promotions/{id}). */
const shopDate = z
  .string({ error: /*i18n*/ 'must be a date like 2026-12-22' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, /*i18n*/ 'must be a date like 2026-12-22');
const clockTime = z
  .string({ error: /*i18n*/ 'must be a time like 07:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, /*i18n*/ 'must be a time like 07:00 (24-hour clock)');

/**
 * A coupon's fields as the staff form labels them: the API names them so in its error messages, and the form puts
 * the API's `field` errors under the inputs with these labels.
 */
export const PROMOTION_FIELD_LABELS = {
  code: 'Coupon code',
  picture: 'Picture',
  startsOn: 'First day',
  endsOn: 'Last day',
  yearlyOn: 'Day of the year',
  onBirthday: 'Birthday only',
  weekdays: 'Weekdays',
  fromTime: 'Start time',
  toTime: 'End time',
  deliveryMethods: 'Delivery methods',
  audience: 'Who may use it',
  frequency: 'How often',
  benefit: 'Benefit',
  benefitValue: 'Benefit amount',
  targetProductId: 'Qualifying product',
  targetCategory: 'Qualifying category',
  isActive: 'Active',
} as const satisfies Record<string, string>;

export const PROMOTION_NAME_MAX_LENGTH = 80;

export const PromotionInput = z
  .object({
    name: z
      .string({ error: /*i18n*/ 'must be text' })
      .trim()
      .min(1, /*i18n*/ 'is required')
      .max(PROMOTION_NAME_MAX_LENGTH, /*i18n*/ 'must be at most 80 characters')
      .describe('The name shown on the coupon'),
    description: z
      .string({ error: /*i18n*/ 'must be text' })
      .trim()
      .max(300, /*i18n*/ 'must be at most 300 characters')
      .default('')
      .describe('One sentence on what it gives'),
    picture: PromotionPicture,
    code: z
      .string({ error: /*i18n*/ 'must be text' })
      .trim()
      .max(40, /*i18n*/ 'must be at most 40 characters')
      .regex(/^[A-Za-z0-9-]*$/, /*i18n*/ 'must be letters, digits and dashes only')
      .nullable()
      .default(null)
      .describe('The code customers type, stored upper case; empty or null: applied by itself, no code to enter'),
    startsOn: shopDate.nullable().default(null).describe('First shop date it can be used (YYYY-MM-DD); null: already'),
    endsOn: shopDate.nullable().default(null).describe('Last shop date it can be used (YYYY-MM-DD); null: no end'),
    yearlyOn: z
      .string({ error: /*i18n*/ 'must be a day like 12-22' })
      .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, /*i18n*/ 'must be a day like 12-22 (month-day)')
      .nullable()
      .default(null)
      .describe('MM-DD: only on that day every year; null: any day'),
    onBirthday: z.boolean({ error: /*i18n*/ 'must be true or false' }).default(false).describe("Only on the customer's birthday"),
    weekdays: z
      .array(z.number({ error: /*i18n*/ 'must be weekdays 1 (Monday) to 7 (Sunday)' }).int().min(1, /*i18n*/ 'must be weekdays 1 (Monday) to 7 (Sunday)').max(7, /*i18n*/ 'must be weekdays 1 (Monday) to 7 (Sunday)'), {
        error: /*i18n*/ 'must be a list of weekdays',
      })
      .max(7, /*i18n*/ 'must list each weekday at most once')
      .refine((list) => new Set(list).size === list.length, { message: /*i18n*/ 'must list each weekday at most once' })
      .default([])
      .describe('ISO weekdays it can be used on, 1 (Monday) to 7 (Sunday); empty: every day'),
    fromTime: clockTime.nullable().default(null).describe("From this time on the shop's clock (HH:mm); null with toTime: all day"),
    toTime: clockTime.nullable().default(null).describe("Until this time on the shop's clock (HH:mm), included"),
    deliveryMethods: z
      .array(z.enum(['dine-in', 'door-delivery', 'pick-up'], { error: () => /*i18n*/ 'must be dine-in, door-delivery or pick-up' }), {
        error: /*i18n*/ 'must be a list of delivery methods',
      })
      .max(3, /*i18n*/ 'must list each delivery method at most once')
      .refine((list) => new Set(list).size === list.length, { message: /*i18n*/ 'must list each delivery method at most once' })
      .default([])
      .describe('The ways of receiving the order it is for; empty: all'),
    audience: PromotionAudience,
    frequency: PromotionFrequency,
    benefit: PromotionBenefit,
    benefitValue: z
      .number({ error: /*i18n*/ 'must be a whole number' })
      .int(/*i18n*/ 'must be a whole number')
      .min(0, /*i18n*/ 'must not be negative')
      .max(100_000_000, /*i18n*/ 'must be at most 100000000')
      .default(0)
      .describe('Percent (1 to 100) for percent-off, whole rupiah for amount-off; unused for the others'),
    targetProductId: idInput(/*i18n*/ 'must be a product id')
      .nullable()
      .default(null)
      .describe('free-item and buy-one-get-one: the one product that qualifies; null: see targetCategory'),
    targetCategory: z
      .enum(['coffee', 'non-coffee', 'foods', 'add-on'], { error: () => /*i18n*/ 'must be coffee, non-coffee, foods or add-on' })
      .nullable()
      .default(null)
      .describe('free-item and buy-one-get-one: the category that qualifies; null with no product: any item'),
    isActive: z.boolean({ error: /*i18n*/ 'must be true or false' }).default(true).describe('Offered now: false switches it off'),
  })
  .superRefine((p, ctx) => {
    if ((p.fromTime === null) !== (p.toTime === null)) {
      ctx.addIssue({ code: 'custom', path: [p.fromTime === null ? 'fromTime' : 'toTime'], message: /*i18n*/ 'needs both a start and an end time, or neither' });
    } else if (p.fromTime !== null && p.toTime !== null && p.fromTime > p.toTime) {
      ctx.addIssue({ code: 'custom', path: ['toTime'], message: /*i18n*/ 'must not be before the start time' });
    }
    if (p.startsOn !== null && p.endsOn !== null && p.startsOn > p.endsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: /*i18n*/ 'must not be before the first day' });
    }
    if (p.benefit === 'percent-off' && (p.benefitValue < 1 || p.benefitValue > 100)) {
      ctx.addIssue({ code: 'custom', path: ['benefitValue'], message: /*i18n*/ 'must be a percent from 1 to 100' });
    }
    if (p.benefit === 'amount-off' && p.benefitValue < 1) {
      ctx.addIssue({ code: 'custom', path: ['benefitValue'], message: /*i18n*/ 'must be an amount of at least 1 rupiah' });
    }
  })
  // No component id: the defaults make its input and output shapes differ, and the OpenAPI registry refuses one
  // name for both.
  .describe('A promotion and every one of its rules, as staff set them');
export type PromotionInput = z.infer<typeof PromotionInput>;
export type PromotionInputBody = z.input<typeof PromotionInput>;

export const StaffPromotion = z
  .object({
    id: z.number().int().describe('The promotion id'),
    name: z.string().describe('The name shown on the coupon'),
    description: z.string().describe('One sentence on what it gives'),
    picture: PromotionPicture,
    code: z.string().nullable().describe('The code, upper case; null: applied by itself'),
    startsOn: z.string().nullable().describe('First shop date (YYYY-MM-DD); null: open'),
    endsOn: z.string().nullable().describe('Last shop date (YYYY-MM-DD); null: open'),
    yearlyOn: z.string().nullable().describe('MM-DD: only on that day every year; null: any day'),
    onBirthday: z.boolean().describe("Only on the customer's birthday"),
    weekdays: z.array(z.number().int()).describe('ISO weekdays 1 (Monday) to 7 (Sunday); empty: every day'),
    fromTime: z.string().nullable().describe("From this time on the shop's clock (HH:mm); null: all day"),
    toTime: z.string().nullable().describe("Until this time on the shop's clock (HH:mm), included; null: all day"),
    deliveryMethods: z.array(z.string()).describe('The delivery methods it is for; empty: all'),
    audience: PromotionAudience,
    frequency: PromotionFrequency,
    benefit: PromotionBenefit,
    benefitValue: z.number().int().describe('Percent for percent-off, whole rupiah for amount-off, 0 otherwise'),
    targetProductId: z.number().int().nullable().describe('The qualifying product of free-item and buy-one-get-one; null: none'),
    targetProductName: z.string().nullable().describe('That product\'s name on the menu; null: none'),
    targetCategory: z.string().nullable().describe('The qualifying category; null: none'),
    isActive: z.boolean().describe('Offered now'),
    terms: z.array(z.string()).describe('Its rules in plain sentences, as customers read them'),
  })
  .meta({ id: 'StaffPromotion', description: 'A promotion with every rule, for staff' });
export type StaffPromotion = z.infer<typeof StaffPromotion>;

export const StaffPromotionListResponse = z
  .object({ data: z.array(StaffPromotion).describe('Every promotion, switched-off ones included, newest last') })
  .describe('The promotions, for staff');
export type StaffPromotionListResponse = z.infer<typeof StaffPromotionListResponse>;
export const StaffPromotionResponse = dataOf(StaffPromotion, 'The promotion').describe('The promotion');
export type StaffPromotionResponse = z.infer<typeof StaffPromotionResponse>;
