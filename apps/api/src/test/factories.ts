import type { StoreInput } from '@coffee/contract';
import type { DatabaseHandle } from '../db/database.js';
import { createProductService, type NewProduct, type StoredProduct } from '../modules/products/products.service.js';

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
