import { describe, expect, it } from 'vitest';
import { windowOn } from '../modules/stores/slots.js';
import { createStoreService } from '../modules/stores/stores.service.js';
import { type TestDatabase, useTestDatabase } from '../test/test-app.js';
import { DEMO_STORES, loadDemoStores } from './load-demo-stores.js';

/** The stores module's door over the test's database (settings matter only to slots, which these tests do not read). */
const storesOf = (testDb: TestDatabase) => createStoreService({ db: testDb.database.db, settings: { shopTimeZone: 'UTC', maxDaysAhead: 7 }, now: () => new Date() });

const testDb = useTestDatabase();

describe('demo stores', () => {
  it('turn the first store into Kopi Thamrin and add the other Jakarta stores, once', async () => {
    expect(await loadDemoStores(testDb.database)).toBe(DEMO_STORES.length);
    expect(await loadDemoStores(testDb.database)).toBe(0);
    const stores = await storesOf(testDb).storeRecords();
    expect(stores.map((s) => s.name)).toEqual(DEMO_STORES.map((s) => s.name));
    // The default store keeps the shop's former lead time and Door Delivery hours, so clients that name no store see
    // no change there.
    expect(stores[0]).toMatchObject({ leadMinutes: 0, deliveryHours: DEMO_STORES[0]?.deliveryHours });
    for (const s of stores) {
      expect(s.latitude).toBeGreaterThan(-6.4);
      expect(s.latitude).toBeLessThan(-6.0);
      expect(s.longitude).toBeGreaterThan(106.6);
      expect(s.longitude).toBeLessThan(107.0);
    }
  });

  it('open Kopi Thamrin at 07:00 every day for Dine in and Pick up, in time for the Sunday 07:00-09:00 coupon', async () => {
    const repository = storesOf(testDb);
    // A shop without demo data keeps the migration's 09:00-18:00.
    const [before] = await repository.storeRecords();
    expect(windowOn(before!, 'dine-in', '2026-11-22')).toEqual({ fromMinute: 9 * 60, toMinute: 18 * 60 });
    await loadDemoStores(testDb.database);
    const [thamrin] = await repository.storeRecords();
    expect(thamrin?.name).toBe('Kopi Thamrin');
    // 16 to 22 November 2026: Monday to Sunday.
    for (let day = 16; day <= 22; day++) {
      for (const method of ['dine-in', 'pick-up'] as const) {
        expect(windowOn(thamrin!, method, `2026-11-${day}`)).toEqual({ fromMinute: 7 * 60, toMinute: 18 * 60 });
      }
    }
    expect(windowOn(thamrin!, 'door-delivery', '2026-11-16')).toEqual({ fromMinute: 13 * 60, toMinute: 19 * 60 });
    expect(windowOn(thamrin!, 'door-delivery', '2026-11-22')).toBeNull();
  });

  it('leave a shop alone whose staff set up stores of their own', async () => {
    const repository = storesOf(testDb);
    const [first] = await repository.storeRecords();
    await repository.replaceStore(String(first!.id), { ...DEMO_STORES[1]!, name: 'Our Own Store' });
    expect(await loadDemoStores(testDb.database)).toBe(0);
    expect((await repository.storeRecords()).map((s) => s.name)).toEqual(['Our Own Store']);
  });
});
