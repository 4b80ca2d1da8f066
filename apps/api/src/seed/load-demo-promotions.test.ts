import { describe, expect, it } from 'vitest';
import { createProductService } from '../modules/products/products.service.js';
import { createPromotionLoader } from '../modules/promotions/promotions.service.js';
import { createProduct } from '../test/factories.js';
import { useTestDatabase } from '../test/test-app.js';
import { loadDemoPromotions } from './load-demo-promotions.js';

const testDb = useTestDatabase();

describe('demo promotions', () => {
  it("add the Promo Today panel's four coupons with their real days, once", async () => {
    const wings = await createProduct(testDb.database, { name: 'Spicy Chicken Wings', category: 'foods' });
    expect(await loadDemoPromotions(testDb.database)).toBe(4);
    expect(await loadDemoPromotions(testDb.database)).toBe(0);
    const promotions = await createPromotionLoader(testDb.database.db, createProductService({ db: testDb.database.db })).listActiveRecords();
    expect(promotions.map((p) => [p.code, p.yearlyOn, p.onBirthday])).toEqual([
      ['MOTHERSDAY', '12-22', false],
      ['SUNDAYCOFFEE', null, false],
      ['HALLOWEEN', '10-31', false],
      ['BIRTHDAY', null, true],
    ]);
    expect(promotions[1]).toMatchObject({ weekdays: [7], fromTime: '07:00', toTime: '09:00', deliveryMethods: ['dine-in'], audience: 'members' });
    expect(promotions[2]).toMatchObject({ targetProductId: wings.id, targetProductName: 'Spicy Chicken Wings' });
  });
});
