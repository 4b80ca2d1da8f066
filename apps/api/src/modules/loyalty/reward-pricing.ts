import type { Category, ChosenOption, Reward } from '@coffee/contract';
import type { Text } from '../../lib/i18n.js';

/** A line the reward is judged on: the order's (or the cart's) available lines, priced today. */
export interface RewardLine {
  productId: number;
  unitPriceIdr: number;
  quantity: number;
  options: readonly Pick<ChosenOption, 'name' | 'priceDeltaIdr'>[];
}

const DRINKS: readonly Category[] = ['coffee', 'non-coffee'];

export type RewardPrice = { ok: true; discountIdr: number } | { ok: false; message: Text };

/**
 * What a reward takes off: a free drink is the dearest single drink of the order as configured (size and options:
 * "any size" means the customer picks the size they like); an option reward is the dearest one of that option on
 * any line. One item, never a whole line of several.
 */
export function priceReward(reward: Reward, lines: readonly RewardLine[], categoryOf: (productId: number) => Category | undefined): RewardPrice {
  if (reward.kind === 'drink') {
    const drinks = lines.filter((l) => DRINKS.includes(categoryOf(l.productId) ?? 'foods'));
    if (drinks.length === 0) {
      return { ok: false, message: /*i18n*/ { id: '{reward} is for a drink: add a coffee or non-coffee drink to use it', values: { reward: reward.name } } };
    }
    return { ok: true, discountIdr: Math.max(...drinks.map((l) => l.unitPriceIdr)) };
  }
  const wanted = (reward.optionName ?? '').trim().toLowerCase();
  const deltas = lines.flatMap((l) => l.options.filter((o) => o.name.trim().toLowerCase() === wanted).map((o) => o.priceDeltaIdr));
  if (deltas.length === 0 || Math.max(...deltas) <= 0) {
    const message: Text = reward.optionName
      ? /*i18n*/ { id: '{reward} pays for {option}: choose it on a drink to use the reward', values: { reward: reward.name, option: reward.optionName } }
      : /*i18n*/ { id: '{reward} pays for an option: choose it on a drink to use the reward', values: { reward: reward.name } };
    return { ok: false, message };
  }
  return { ok: true, discountIdr: Math.max(...deltas) };
}

/** Points earned by a payment: whole points only, rounded down (IDR 52.800 at IDR 1.000 a point earns 52). */
export const pointsFor = (paidIdr: number, idrPerPoint: number, multiplierPercent = 100): number =>
  Math.max(0, Math.floor((Math.floor(paidIdr / idrPerPoint) * multiplierPercent) / 100));
