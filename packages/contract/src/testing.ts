// Fixtures for both apps' tests (`@coffee/contract/testing`): never imported by the shop itself.
import type { ShopSettings } from './shop.js';

/** GET /api/v1/shop as the API answers it with every setting at its default; pass what a test is about. */
export function createShopSettings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return {
    name: 'Coffee Shop',
    chatUrl: null,
    timeZone: 'Asia/Jakarta',
    currency: 'IDR',
    taxRate: 0.1,
    shippingFee: 15,
    shippingFeeIdr: 15_000,
    maxDaysAhead: 7,
    maxLineQuantity: 20,
    maxOrderItems: 50,
    // No MIDTRANS_*: the manual methods.
    payments: { gateway: null, methods: ['card', 'bank-account', 'cash-on-delivery'], clientKey: null, apiUrl: null },
    deliveryWindows: {
      doorDelivery: { days: [1, 2, 3, 4, 5], from: '13:00', to: '19:00' },
      dineIn: { days: [1, 2, 3, 4, 5, 6, 7], from: '09:00', to: '18:00' },
      pickUp: { days: [1, 2, 3, 4, 5, 6, 7], from: '09:00', to: '18:00' },
    },
    ...overrides,
  };
}
