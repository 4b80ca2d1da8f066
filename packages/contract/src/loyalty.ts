import { z } from 'zod';
import { dataOf } from './common.js';

/** Points and rewards (GET /loyalty, rewards at checkout, the owner's settings). Decision 032. */
export const LoyaltyEntryKind = z
  .enum(['earned', 'taken-back', 'spent', 'returned', 'expired'])
  .describe('earned: a paid order; taken-back: that order cancelled or refunded; spent: a reward; returned: the reward of a cancelled order; expired');
export type LoyaltyEntryKind = z.infer<typeof LoyaltyEntryKind>;

export const LoyaltyEntry = z
  .object({
    id: z.number().int().describe('The move'),
    kind: LoyaltyEntryKind,
    points: z.number().int().describe('Signed: what the move added to the balance'),
    label: z.string().describe('How the points were earned or spent, as shown'),
    orderId: z.number().int().nullable().describe('The order it came with, or null (expiry)'),
    at: z.string().describe('When, ISO-8601 UTC'),
  })
  .meta({ id: 'LoyaltyEntry' });
export type LoyaltyEntry = z.infer<typeof LoyaltyEntry>;

export const LoyaltyTier = z
  .object({
    name: z.enum(['Member', 'Gold']).describe('The tier the customer earns at now'),
    idrPerPoint: z.number().int().describe("Whole rupiah for one point at the customer's tier"),
    spentIdr: z.number().int().describe('What the customer paid in the last 12 months (paid orders, neither cancelled nor refunded)'),
    goldSpendIdr: z.number().int().describe('The 12-month spend that makes a customer Gold'),
    goldIdrPerPoint: z.number().int().describe("Gold's rupiah per point"),
    toNextIdr: z.number().int().nullable().describe('What is still to pay to reach Gold; null: Gold already'),
  })
  .meta({ id: 'LoyaltyTier' });
export type LoyaltyTier = z.infer<typeof LoyaltyTier>;

export const LoyaltyAccount = z
  .object({
    balance: z.number().int().describe('Points to spend now'),
    idrPerPoint: z.number().int().describe('Whole rupiah paid for one point'),
    expiryDays: z.number().int().nullable().describe('Points expire after this many days without earning; null: never'),
    expiresAt: z.string().nullable().describe('When the balance expires unless more is earned before, ISO-8601 UTC; null: never'),
    tier: LoyaltyTier.nullable().describe('Where the customer stands in the tiers; null: tiers are off'),
    entries: z.array(LoyaltyEntry).describe('The newest moves first (at most 50)'),
  })
  .meta({ id: 'LoyaltyAccount' });
export type LoyaltyAccount = z.infer<typeof LoyaltyAccount>;
export const LoyaltyAccountResponse = dataOf(LoyaltyAccount, "The customer's points").describe('My points');

export const RewardKind = z.enum(['drink', 'option']).describe('drink: one drink of the order free, any size; option: one of the named option free (an extra shot)');
export type RewardKind = z.infer<typeof RewardKind>;

export const Reward = z
  .object({
    id: z.number().int().describe('The reward'),
    name: z.string().describe('As customers see it'),
    pointsCost: z.number().int().describe('Points it takes'),
    kind: RewardKind,
    optionName: z.string().nullable().describe('With kind option: the option it pays for, as named on the menu'),
    isActive: z.boolean().describe('False: switched off, not offered'),
  })
  .meta({ id: 'Reward' });
export type Reward = z.infer<typeof Reward>;
export const RewardListResponse = dataOf(z.array(Reward), 'The rewards').describe('The rewards');
export const RewardResponse = dataOf(Reward, 'The reward').describe('The reward');

const points = z
  .number({ error: /*i18n*/ 'must be a whole number of points' })
  .int(/*i18n*/ 'must be a whole number of points')
  .min(1, /*i18n*/ 'must be at least 1 point')
  .max(1_000_000, /*i18n*/ 'must be at most 1,000,000 points');

export const RewardInput = z
  .object({
    name: z.string({ error: /*i18n*/ 'enter a name' }).trim().min(1, /*i18n*/ 'enter a name').max(80, /*i18n*/ 'keep the name under 80 characters').describe('As customers see it'),
    pointsCost: points.describe('Points it takes'),
    kind: RewardKind,
    optionName: z.string().trim().max(80, /*i18n*/ 'keep the option name under 80 characters').nullable().optional().describe('With kind option: the option it pays for, as named on the menu'),
    isActive: z.boolean().optional().describe('False switches it off; absent: on'),
  })
  .refine((r) => r.kind !== 'option' || (r.optionName ?? '').length > 0, { message: /*i18n*/ 'name the option this reward pays for', path: ['optionName'] });
export type RewardInput = z.infer<typeof RewardInput>;

const LoyaltySettingsFields = z.object({
  idrPerPoint: z
    .number({ error: /*i18n*/ 'must be whole rupiah per point' })
    .int(/*i18n*/ 'must be whole rupiah per point')
    .min(1, /*i18n*/ 'must be at least 1 rupiah per point')
    .max(10_000_000, /*i18n*/ 'must be at most 10,000,000 rupiah per point')
    .describe('Whole rupiah paid for one point'),
  expiryDays: z
    .number({ error: /*i18n*/ 'must be a number of days' })
    .int(/*i18n*/ 'must be a whole number of days')
    .min(1, /*i18n*/ 'must be at least 1 day')
    .max(3650, /*i18n*/ 'must be at most 3650 days')
    .nullable()
    .describe('Points expire after this many days without earning; null: never'),
  tiersEnabled: z.boolean({ error: /*i18n*/ 'choose whether tiers are on' }).default(false).describe('Gold tier on; absent: off'),
  tierSpendIdr: z
    .number({ error: /*i18n*/ 'must be whole rupiah' })
    .int(/*i18n*/ 'must be whole rupiah')
    .min(1, /*i18n*/ 'must be at least 1 rupiah')
    .max(2_000_000_000, /*i18n*/ 'must be at most 2,000,000,000 rupiah')
    .default(1_000_000)
    .describe('What a customer pays in 12 months to be Gold, whole rupiah'),
  tierIdrPerPoint: z
    .number({ error: /*i18n*/ 'must be whole rupiah per point' })
    .int(/*i18n*/ 'must be whole rupiah per point')
    .min(1, /*i18n*/ 'must be at least 1 rupiah per point')
    .max(10_000_000, /*i18n*/ 'must be at most 10,000,000 rupiah per point')
    .default(500)
    .describe("Gold's earn rate: whole rupiah paid for one point"),
});
export const LoyaltySettings = LoyaltySettingsFields.refine((s) => !s.tiersEnabled || s.tierIdrPerPoint < s.idrPerPoint, {
    message: /*i18n*/ 'must be fewer rupiah per point than the base rate, so Gold earns more',
    path: ['tierIdrPerPoint'],
  })
  .meta({ id: 'LoyaltySettings' });
export type LoyaltySettings = z.infer<typeof LoyaltySettings>;
export const LoyaltySettingsResponse = dataOf(
  LoyaltySettingsFields.extend({ shortfall: z.array(z.object({ userId: z.number().int().describe('The customer'), email: z.string().describe('Their email'), points: z.number().int().describe('Points spent that a cancel could not take back') })).describe('Customers who spent points a cancel could not take back') }),
  "The shop's points settings",
).describe('The points settings');

export const RewardQuoteInput = z.object({
  rewardId: z.number({ error: /*i18n*/ 'choose a reward' }).int(/*i18n*/ 'choose a reward').positive(/*i18n*/ 'choose a reward').describe('The reward to price'),
});
export const RewardQuote = z
  .object({
    rewardId: z.number().int().describe('The reward priced'),
    discountIdr: z.number().int().describe("What the reward takes off the cart's subtotal, whole rupiah"),
    totalIdr: z.number().int().describe('The total with the reward, to send as expectedTotalIdr'),
  })
  .meta({ id: 'RewardQuote' });
export type RewardQuote = z.infer<typeof RewardQuote>;
export const RewardQuoteResponse = dataOf(RewardQuote, 'The cart priced with the reward').describe('The price with the reward');

/** A drink saved with the heart, as configured (GET /favourites). */
export const Favourite = z
  .object({
    id: z.number().int().describe('The saved drink'),
    productId: z.number().int().describe('The product'),
    name: z.string().describe('The product as named today'),
    sizeCode: z.enum(['R', 'L', 'XL']).nullable().describe('The saved size, or null for a one-size product'),
    optionIds: z.array(z.number().int()).describe('The saved options'),
  })
  .meta({ id: 'Favourite' });
export type Favourite = z.infer<typeof Favourite>;
export const FavouriteListResponse = dataOf(z.array(Favourite), 'The saved drinks, newest first').describe('My saved drinks');

export const FavouriteInput = z.object({
  productId: z.number({ error: /*i18n*/ 'choose a drink' }).int(/*i18n*/ 'choose a drink').positive(/*i18n*/ 'choose a drink').max(2_147_483_647, /*i18n*/ 'choose a drink').describe('The product'),
  sizeCode: z.enum(['R', 'L', 'XL'], { error: /*i18n*/ 'choose a size: R, L or XL' }).nullable().describe('The size, null for a one-size product'),
  optionIds: z.array(z.number().int().positive().max(2_147_483_647)).max(30, /*i18n*/ 'choose at most 30 options').describe('The chosen options, as in the product\'s optionGroups'),
});
export type FavouriteInput = z.infer<typeof FavouriteInput>;
