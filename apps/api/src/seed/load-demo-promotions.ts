import type { DatabaseHandle } from '../db/database.js';
import { createProductService } from '../modules/products/products.service.js';
import { createPromotionLoader, type NewPromotion } from '../modules/promotions/promotions.service.js';

const ANY_TIME = { startsOn: null, endsOn: null, yearlyOn: null, onBirthday: false, weekdays: [], fromTime: null, toTime: null };

/**
 * The four coupons of the Promo Today panel, with real rules: Mother's Day is 22 December in Indonesia; the Sunday
 * coffee is for Dine in between 07:00 and 09:00 with a member card; the wings come free on Halloween; the birthday
 * coupon works on the customer's date of birth. Every one is once per customer per day.
 */
export function demoPromotions(wingsProductId: number | null): NewPromotion[] {
  return [
    {
      ...ANY_TIME,
      name: "Happy Mother's Day",
      description: "One menu item free on Mother's Day: the cheapest in your order is on us",
      picture: 'mothers-day',
      code: 'MOTHERSDAY',
      yearlyOn: '12-22',
      deliveryMethods: [],
      audience: 'everyone',
      frequency: 'daily',
      benefit: 'free-item',
      benefitValue: 0,
      targetProductId: null,
      targetCategory: null,
    },
    {
      ...ANY_TIME,
      name: 'Sunday Morning Coffee',
      description: 'A cup of coffee free on Sunday morning, 7 to 9 AM (07:00-09:00), for member card holders dining in',
      picture: 'sunday-coffee',
      code: 'SUNDAYCOFFEE',
      weekdays: [7],
      fromTime: '07:00',
      toTime: '09:00',
      deliveryMethods: ['dine-in'],
      audience: 'members',
      frequency: 'daily',
      benefit: 'free-item',
      benefitValue: 0,
      targetProductId: null,
      targetCategory: 'coffee',
    },
    {
      ...ANY_TIME,
      name: 'Happy Halloween',
      description: 'One Spicy Chicken Wings free with any order on 31 October',
      picture: 'halloween',
      code: 'HALLOWEEN',
      yearlyOn: '10-31',
      deliveryMethods: [],
      audience: 'everyone',
      frequency: 'daily',
      benefit: 'free-item',
      benefitValue: 0,
      targetProductId: wingsProductId,
      targetCategory: wingsProductId === null ? 'foods' : null,
    },
    {
      ...ANY_TIME,
      name: 'Happy Birthday',
      description: '25 % off your order on your birthday',
      picture: 'birthday',
      code: 'BIRTHDAY',
      onBirthday: true,
      deliveryMethods: [],
      audience: 'everyone',
      frequency: 'daily',
      benefit: 'percent-off',
      benefitValue: 25,
      targetProductId: null,
      targetCategory: null,
    },
  ];
}

/** Adds the demo coupons to a shop that has none; answers how many it added (0 when staff set up their own). */
export async function loadDemoPromotions(database: DatabaseHandle): Promise<number> {
  const repository = createPromotionLoader(database.db, createProductService({ db: database.db }));
  if ((await repository.countPromotions()) > 0) return 0;
  const wings = await database.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Spicy Chicken Wings')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const at = new Date().toISOString();
  const promotions = demoPromotions(wings?.id ?? null);
  for (const p of promotions) await repository.storePromotion(p, at);
  return promotions.length;
}
