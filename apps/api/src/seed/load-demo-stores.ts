import type { DayHours, StoreInput } from '@coffee/contract';
import type { DatabaseHandle } from '../db/database.js';
import { createStoreService } from '../modules/stores/stores.service.js';

const week = (days: number[], from: string, to: string): DayHours[] => days.map((day) => ({ day, from, to }));
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * Five Jakarta stores. The first takes over the store the migration made (no lead time, its Door Delivery hours), so
 * orders placed before and clients that name no store keep the rules they knew; it opens at 07:00 though, not the
 * migration's 09:00: a coffee shop whose Sunday coupon runs 07:00-09:00 for Dine in has its doors open by then.
 */
export const DEMO_STORES: StoreInput[] = [
  {
    name: 'Kopi Thamrin',
    address: 'Jl. M.H. Thamrin No. 1, Menteng, Jakarta Pusat 10310',
    latitude: -6.1944,
    longitude: 106.8229,
    phone: '+62 21 3190 0001',
    deliveryMethods: ['dine-in', 'door-delivery', 'pick-up'],
    openingHours: week(EVERY_DAY, '07:00', '18:00'),
    deliveryHours: week(WEEKDAYS, '13:00', '19:00'),
    closedDates: [],
    slotMinutes: 15,
    capacityPerSlot: { 'dine-in': 30, 'door-delivery': 30, 'pick-up': 30 },
    leadMinutes: 0,
  },
  {
    name: 'Kopi Kemang',
    address: 'Jl. Kemang Raya No. 8, Bangka, Mampang Prapatan, Jakarta Selatan 12730',
    latitude: -6.2607,
    longitude: 106.8137,
    phone: '+62 21 7199 0002',
    deliveryMethods: ['dine-in', 'door-delivery', 'pick-up'],
    openingHours: week(EVERY_DAY, '07:00', '21:00'),
    deliveryHours: week(EVERY_DAY, '10:00', '20:00'),
    closedDates: [],
    slotMinutes: 15,
    capacityPerSlot: { 'dine-in': 8, 'door-delivery': 4, 'pick-up': 6 },
    leadMinutes: 10,
  },
  {
    name: 'Kopi Senopati',
    address: 'Jl. Senopati No. 45, Kebayoran Baru, Jakarta Selatan 12190',
    latitude: -6.2297,
    longitude: 106.8093,
    phone: '+62 21 2750 0003',
    deliveryMethods: ['dine-in', 'pick-up'],
    openingHours: [...week(WEEKDAYS, '07:00', '19:00'), ...week([6, 7], '08:00', '17:00')],
    deliveryHours: [],
    closedDates: [],
    slotMinutes: 15,
    capacityPerSlot: { 'dine-in': 6, 'door-delivery': 1, 'pick-up': 5 },
    leadMinutes: 10,
  },
  {
    name: 'Kopi Kelapa Gading',
    address: 'Jl. Boulevard Raya Blok M No. 3, Kelapa Gading, Jakarta Utara 14240',
    latitude: -6.1588,
    longitude: 106.9056,
    phone: '+62 21 4585 0004',
    deliveryMethods: ['dine-in', 'door-delivery', 'pick-up'],
    openingHours: week(EVERY_DAY, '08:00', '22:00'),
    deliveryHours: week([1, 2, 3, 4, 5, 6], '11:00', '21:00'),
    closedDates: [],
    slotMinutes: 20,
    capacityPerSlot: { 'dine-in': 10, 'door-delivery': 5, 'pick-up': 8 },
    leadMinutes: 15,
  },
  {
    name: 'Kopi Blok M Kiosk',
    address: 'Jl. Melawai Raya No. 20, Kebayoran Baru, Jakarta Selatan 12160',
    latitude: -6.2443,
    longitude: 106.8,
    phone: '+62 21 7220 0005',
    deliveryMethods: ['pick-up'],
    openingHours: week(WEEKDAYS, '06:30', '14:00'),
    deliveryHours: [],
    closedDates: [],
    slotMinutes: 10,
    capacityPerSlot: { 'dine-in': 1, 'door-delivery': 1, 'pick-up': 4 },
    leadMinutes: 5,
  },
];

/** The migration's one store, untouched: the only state the demo stores are loaded into. */
const MIGRATION_STORE_NAME = 'Coffee Shop';

/** Loads the demo stores once; a shop whose staff have set up stores is left alone. Returns how many were added. */
export async function loadDemoStores(database: DatabaseHandle, now: Date = new Date()): Promise<number> {
  // Settings only matter to slots and times, which loading stores does not look at.
  const stores = createStoreService({ db: database.db, settings: { shopTimeZone: 'UTC', maxDaysAhead: 0 }, now: () => now });
  const existing = await stores.storeRecords();
  const [first, ...others] = existing;
  if (!first || others.length > 0 || first.name !== MIGRATION_STORE_NAME) return 0;
  const [main, ...more] = DEMO_STORES;
  if (!main) return 0;
  await stores.writeStores([{ id: first.id, input: main }], more);
  return DEMO_STORES.length;
}
