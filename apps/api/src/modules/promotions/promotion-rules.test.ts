import { describe, expect, it } from 'vitest';
import { newPromotion } from '../../test/factories.js';
import { randomInt, seededRandom } from '../../test/random.js';
import { englishOf, type Text } from '../../lib/i18n.js';
import { checkConditions as judgeConditions, computeDiscount as judgeDiscount, type CustomerFacts, type PromotionRecord } from './promotion-rules.js';

/** The verdicts as an English-reading client gets them. */
type InEnglish<T> = T extends { message: Text } ? Omit<T, 'message'> & { message: string } : T;
const inEnglish = <T extends object>(verdict: T): InEnglish<T> =>
  ('message' in verdict ? { ...verdict, message: englishOf(verdict.message as Text) } : verdict) as InEnglish<T>;
const checkConditions = (...args: Parameters<typeof judgeConditions>) => inEnglish(judgeConditions(...args));
const computeDiscount = (...args: Parameters<typeof judgeDiscount>) => inEnglish(judgeDiscount(...args));

const promo = (overrides: Partial<PromotionRecord>): PromotionRecord => ({
  id: 1,
  ...newPromotion({ name: 'Coupon', code: 'C' }),
  targetProductName: null,
  isActive: true,
  ...overrides,
});
const customer: CustomerFacts = { birthDate: '1990-12-22', hasDeliveredOrder: true, hasMemberCard: false, memberCardThresholdIdr: 200_000 };
const at = (text: string, isoWeekday: number) => {
  const [h = 0, m = 0] = text.slice(11).split(':').map(Number);
  return { text, isoWeekday, minuteOfDay: h * 60 + m };
};

describe('when a coupon can be used', () => {
  it("reads the yearly day, the birthday and the audience in the shop's words", () => {
    const mothersDay = promo({ yearlyOn: '12-22' });
    expect(checkConditions(mothersDay, at('2026-12-22T10:00', 2), 'pick-up', customer)).toEqual({ ok: true });
    expect(checkConditions(mothersDay, at('2026-12-21T10:00', 1), 'pick-up', customer)).toMatchObject({
      message: 'Available on 22 December only',
    });
    const birthday = promo({ onBirthday: true });
    expect(checkConditions(birthday, at('2027-12-22T10:00', 3), 'dine-in', customer)).toEqual({ ok: true });
    expect(checkConditions(birthday, at('2027-12-23T10:00', 4), 'dine-in', customer)).toMatchObject({
      message: 'Available on your birthday only (22 December)',
    });
    expect(checkConditions(promo({ audience: 'new-customers' }), at('2026-12-22T10:00', 2), 'dine-in', customer)).toMatchObject({
      kind: 'audience',
    });
  });

  it('names every unmet rule, the delivery method before the hours, since the customer can switch the method on the checkout', () => {
    const sunday = promo({ weekdays: [7], fromTime: '07:00', toTime: '09:00', deliveryMethods: ['dine-in'], audience: 'members' });
    const member = { ...customer, hasMemberCard: true };
    // Sunday 10:00 on Pick up: both the method and the hours fail; both are named, the method first.
    expect(checkConditions(sunday, at('2026-11-22T10:00', 7), 'pick-up', member)).toEqual({
      ok: false,
      kind: 'method',
      message: 'This coupon is for Dine in orders; Available on Sundays 07:00-09:00',
    });
    // Monday on Pick up without a card: all three.
    const monday = checkConditions(sunday, at('2026-11-23T10:00', 1), 'pick-up', customer);
    expect(monday).toMatchObject({ ok: false, kind: 'audience' });
    expect(monday.ok === false && monday.message.split('; ')).toEqual([
      expect.stringMatching(/needs a member card/) as unknown as string,
      'This coupon is for Dine in orders',
      'Available on Sundays 07:00-09:00',
    ]);
    expect(checkConditions(sunday, at('2026-11-22T10:00', 7), 'dine-in', member)).toMatchObject({ kind: 'time', message: 'Available on Sundays 07:00-09:00' });
    expect(checkConditions(sunday, at('2026-11-22T08:00', 7), 'dine-in', member)).toEqual({ ok: true });
    // Without a card the card is the answer, whatever the method.
    expect(checkConditions(sunday, at('2026-11-22T10:00', 7), 'pick-up', customer)).toMatchObject({ kind: 'audience', message: /needs a member card/ });
  });
});

describe('what a coupon takes off', () => {
  const lines = [
    { productId: 1, category: 'coffee', unitPriceIdr: 30_000, quantity: 1 },
    { productId: 2, category: 'coffee', unitPriceIdr: 22_000, quantity: 2 },
    { productId: 3, category: 'foods', unitPriceIdr: 15_000, quantity: 1 },
  ];

  it('a free item is the cheapest qualifying one; buy one get one frees the cheaper half', () => {
    expect(computeDiscount(promo({ benefit: 'free-item', targetCategory: 'coffee' }), lines)).toEqual({ ok: true, discountIdr: 22_000 });
    expect(computeDiscount(promo({ benefit: 'free-item', targetProductId: 9, targetProductName: 'Wings' }), lines)).toEqual({
      ok: false,
      kind: 'items',
      message: 'Add Wings to use this coupon',
    });
    // Coffee items 22.000, 22.000, 30.000: one pair, the cheaper free.
    expect(computeDiscount(promo({ benefit: 'buy-one-get-one', targetCategory: 'coffee' }), lines)).toEqual({ ok: true, discountIdr: 22_000 });
  });

  it('is whole rupiah and never more than the lines cost, for random carts and coupons (seeded)', () => {
    const random = seededRandom(20_261_031);
    const benefits = ['percent-off', 'amount-off', 'free-item', 'buy-one-get-one'] as const;
    for (let run = 0; run < 2_000; run += 1) {
      const cart = Array.from({ length: randomInt(random, 1, 8) }, (_, i) => ({
        productId: i + 1,
        category: randomInt(random, 0, 1) === 0 ? 'coffee' : 'foods',
        unitPriceIdr: randomInt(random, 0, 500_000),
        quantity: randomInt(random, 1, 10),
      }));
      const benefit = benefits[randomInt(random, 0, 3)] ?? 'percent-off';
      const p = promo({ benefit, benefitValue: benefit === 'percent-off' ? randomInt(random, 1, 100) : randomInt(random, 0, 3_000_000) });
      const result = computeDiscount(p, cart);
      const subtotal = cart.reduce((n, l) => n + l.unitPriceIdr * l.quantity, 0);
      if (!result.ok) {
        expect(benefit).toBe('buy-one-get-one');
        continue;
      }
      expect(Number.isInteger(result.discountIdr)).toBe(true);
      expect(result.discountIdr).toBeGreaterThanOrEqual(0);
      expect(result.discountIdr).toBeLessThanOrEqual(subtotal);
      if (benefit === 'percent-off') expect(Math.abs(result.discountIdr - (subtotal * p.benefitValue) / 100)).toBeLessThanOrEqual(0.5);
    }
  });
});
