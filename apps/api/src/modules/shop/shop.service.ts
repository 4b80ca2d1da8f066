import { rupiahToPriceUnits, type DeliveryMethod, type DeliveryWindow, type ShopSettings } from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import { basisPointsToRate } from '../../lib/money.js';
import { RECEIVING_WINDOWS } from '../checkout/checkout.service.js';

export interface ShopServiceDeps {
  orders: OrderSettings;
  chatUrl: string | null;
  /** How customers can pay (the payments module's methods and gateway), handed over by app.ts; absent: the manual three. */
  payments?: ShopSettings['payments'];
}

const SHOP_NAME = 'Coffee Shop';

const clockTime = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

/** A window exactly as the order rules enforce it (modules/checkout), never a copy. */
function describeWindow(method: DeliveryMethod): DeliveryWindow {
  const window = RECEIVING_WINDOWS[method];
  return { days: [...window.days], from: clockTime(window.fromMinute), to: clockTime(window.toMinute) };
}

/**
 * The shop's public settings: the same configuration and windows the cart and order rules use, so a
 * client shows the rules the API enforces. They change only with a restart, so they are built once.
 */
export function createShopService(deps: ShopServiceDeps) {
  const { orders, chatUrl } = deps;
  const settings: ShopSettings = {
    name: SHOP_NAME,
    chatUrl,
    timeZone: orders.shopTimeZone,
    currency: 'IDR',
    taxRate: basisPointsToRate(orders.taxRateBasisPoints),
    shippingFee: rupiahToPriceUnits(orders.shippingFeeIdr),
    shippingFeeIdr: orders.shippingFeeIdr,
    maxDaysAhead: orders.maxDaysAhead,
    maxLineQuantity: orders.maxLineQuantity,
    maxOrderItems: orders.maxOrderItems,
    payments: deps.payments ?? { gateway: null, methods: ['card', 'bank-account', 'cash-on-delivery'], clientKey: null, apiUrl: null },
    deliveryWindows: {
      doorDelivery: describeWindow('door-delivery'),
      dineIn: describeWindow('dine-in'),
      pickUp: describeWindow('pick-up'),
    },
  };
  return {
    getShopSettings(): ShopSettings {
      return settings;
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
