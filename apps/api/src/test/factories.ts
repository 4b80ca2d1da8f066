import type { StoreInput } from '@coffee/contract';
import type { DatabaseHandle } from '../db/database.js';
import { createProductService, type NewProduct, type StoredProduct } from '../modules/products/products.service.js';
import type { NewPromotion } from '../modules/promotions/promotions.service.js';

let sequence = 0;

/**
 * Stores a product with sensible defaults through the products module's door, whose writes move the catalogue
 * version on, so the running app sees it on its next request.
 */
export async function createProduct(database: DatabaseHandle, overrides: Partial<NewProduct> = {}): Promise<StoredProduct> {
  sequence += 1;
  const product = await createProductService({ db: database.db }).storeProduct({
    name: `Test Product ${sequence}`,
    description: '',
    category: 'coffee',
    priceIdr: 20_000,
    images: [],
    sizes: [],
    isFavorite: false,
    isPromo: false,
    isSoldOut: false,
    ...overrides,
  });
  return product;
}

/** The cart tests' menu: a Hazelnut Latte in R, L and XL (IDR 25.000 to 35.000), and a Butter Croissant at IDR 18.500. */
export async function createLatteAndCroissant(database: DatabaseHandle): Promise<{ latte: StoredProduct; croissant: StoredProduct }> {
  const latte = await createProduct(database, {
    name: 'Hazelnut Latte',
    priceIdr: 25_000,
    sizes: [
      { code: 'R', priceIdr: 25_000 },
      { code: 'L', priceIdr: 30_000 },
      { code: 'XL', priceIdr: 35_000 },
    ],
  });
  const croissant = await createProduct(database, { name: 'Butter Croissant', category: 'foods', priceIdr: 18_500 });
  return { latte, croissant };
}

/** An ISO timestamp `days` before now, for products with a known age. */
export const daysAgo = (days: number): string => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

/** A store open 09:00-18:00 every day for pick up and dine in, 5 orders a 15-minute slot: the body of POST /stores. */
export function storeInput(name: string, overrides: Partial<StoreInput> = {}): StoreInput {
  return {
    name,
    address: `Jl. ${name} No. 1, Jakarta Selatan`,
    latitude: -6.26,
    longitude: 106.81,
    phone: '+62 21 555 0100',
    deliveryMethods: ['pick-up', 'dine-in'],
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '18:00' })),
    deliveryHours: [],
    closedDates: [],
    slotMinutes: 15,
    capacityPerSlot: { 'pick-up': 5, 'dine-in': 5, 'door-delivery': 5 },
    leadMinutes: 10,
    ...overrides,
  };
}

/** A store open all day every day for pick up, 5 orders a 15-minute slot, without lead time: a real clock always finds a slot. */
export const allDayStoreInput = (name: string, address: string): StoreInput =>
  storeInput(name, {
    address,
    latitude: -6.2,
    longitude: 106.8,
    phone: '',
    deliveryMethods: ['pick-up'],
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '23:45' })),
    leadMinutes: 0,
  });

/** A coupon anyone may use any time: 10% off, no code, no limits; `overrides` make it the coupon a test needs. */
export const newPromotion = (overrides: Partial<NewPromotion> = {}): NewPromotion => ({
  name: 'Test coupon',
  description: '',
  picture: 'birthday',
  code: null,
  startsOn: null,
  endsOn: null,
  yearlyOn: null,
  onBirthday: false,
  weekdays: [],
  fromTime: null,
  toTime: null,
  deliveryMethods: [],
  audience: 'everyone',
  frequency: 'unlimited',
  benefit: 'percent-off',
  benefitValue: 10,
  targetProductId: null,
  targetCategory: null,
  ...overrides,
});
