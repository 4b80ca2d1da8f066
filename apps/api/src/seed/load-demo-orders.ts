import { SIZE_LABELS, type PaymentMethod, type SizeCode } from '@coffee/contract';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { parseShopLocal, shopLocalToInstant, toShopLocal } from '../lib/shop-time.js';
import { checkLineWithOptions, createCartService } from '../modules/cart/cart.service.js';
import { createPastOrderWriter } from '../modules/orders/orders.service.js';
import { createProductService } from '../modules/products/products.service.js';
import { createStoreService } from '../modules/stores/stores.service.js';
import { lineTotalIdr, summarize } from '../modules/checkout/checkout.service.js';

export const DEMO_CUSTOMER_EMAIL = 'customer@coffeeshop.test';

interface DemoLine {
  name: string;
  size: SizeCode | null;
  quantity: number;
}

/**
 * The History screen's six sample cards (name, price, status Delivered), made real
 * as six past orders of the demo customer, from products of the demo menu at its prices.
 */
const PAST_ORDERS: readonly { daysAgo: number; at: string; payment: PaymentMethod; line: DemoLine }[] = [
  { daysAgo: 2, at: '10:15', payment: 'cash-on-delivery', line: { name: 'Hazelnut Latte', size: 'R', quantity: 1 } },
  { daysAgo: 5, at: '14:30', payment: 'bank-account', line: { name: 'Creamy Ice Latte', size: 'R', quantity: 1 } },
  { daysAgo: 9, at: '09:45', payment: 'cash-on-delivery', line: { name: 'Caramel Macchiato', size: 'L', quantity: 1 } },
  { daysAgo: 13, at: '12:00', payment: 'card', line: { name: 'Nasi Goreng Kampung', size: null, quantity: 1 } },
  { daysAgo: 18, at: '16:20', payment: 'bank-account', line: { name: 'Matcha Latte', size: 'R', quantity: 1 } },
  { daysAgo: 24, at: '09:50', payment: 'cash-on-delivery', line: { name: 'Butter Croissant', size: null, quantity: 1 } },
];

/** The Order Summary's two sample lines at checkout. */
const CART_LINES: readonly DemoLine[] = [
  { name: 'Hazelnut Latte', size: 'R', quantity: 1 },
  { name: 'Creamy Ice Latte', size: 'R', quantity: 1 },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives the demo customer (created by load-demo-accounts.ts) a history and a cart. Idempotent: does
 * nothing once that customer has any order, and fills the cart only when it is empty. Runs only with DEMO_ACCOUNTS,
 * like the demo accounts themselves. Products missing from the menu are skipped.
 */
export async function loadDemoOrders(
  database: DatabaseHandle,
  config: Pick<Config, 'demoAccounts' | 'orders'>,
  log?: { info(obj: object, msg: string): void },
  now: Date = new Date(),
): Promise<{ orders: number; cartLines: number } | null> {
  if (!config.demoAccounts) return null;
  const { db } = database;
  const customer = await db.selectFrom('users').select('id').where('email', '=', DEMO_CUSTOMER_EMAIL).executeTakeFirst();
  if (!customer) return null;
  const hasOrders = await db.selectFrom('orders').select('id').where('user_id', '=', customer.id).limit(1).executeTakeFirst();
  if (hasOrders) return null;

  const names = [...new Set([...PAST_ORDERS.map((o) => o.line.name), ...CART_LINES.map((l) => l.name)])];
  const rows = await db.selectFrom('products').select(['id', 'name']).where('name', 'in', names).where('deleted_at', 'is', null).execute();
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const zone = config.orders.shopTimeZone;

  // Through the modules' doors, in one transaction: the catalogue's prices, the orders and the cart are theirs.
  const products = createProductService({ db });
  const carts = createCartService({ db, settings: config.orders, now: () => now, products });
  const orders = createPastOrderWriter(db);
  // Past orders were made at the default (first) store; settings only matter to slots, which this does not read.
  const [defaultStore] = await createStoreService({ db, settings: { shopTimeZone: zone, maxDaysAhead: 0 }, now: () => now }).storeRecords();
  if (!defaultStore) return null;
  const result = await db.transaction().execute(async (trx) => {
    const catalogue = await products.catalogueEntries([...idOf.values()], trx);
    const priceOf = (line: DemoLine) => {
      const product = catalogue.get(idOf.get(line.name) ?? 0);
      if (!product) return null;
      // Past orders were placed before anything sold out: price by size and default options, ignoring today's sold-out flag.
      const check = checkLineWithOptions({ ...product, isSoldOut: false }, line.size, undefined);
      return check.ok ? { product, unitPriceIdr: check.unitPriceIdr, options: check.options, optionIds: check.optionIds } : null;
    };

    let placed = 0;
    for (const past of PAST_ORDERS) {
      const priced = priceOf(past.line);
      if (!priced) continue;
      const day = toShopLocal(new Date(now.getTime() - past.daysAgo * DAY_MS), zone).text.slice(0, 10);
      const local = parseShopLocal(`${day}T${past.at}`);
      if (!local) continue;
      const at = shopLocalToInstant(local, zone).toISOString();
      const line = {
        productId: priced.product.id,
        name: priced.product.name,
        sizeCode: past.line.size,
        sizeLabel: past.line.size ? SIZE_LABELS[past.line.size] : null,
        options: priced.options,
        baristaNote: '',
        quantity: past.line.quantity,
        unitPriceIdr: priced.unitPriceIdr,
        lineTotalIdr: lineTotalIdr({ unitPriceIdr: priced.unitPriceIdr, quantity: past.line.quantity }),
      };
      const summary = summarize([line], 'dine-in', config.orders);
      await orders.write(
        {
        userId: customer.id,
        status: 'delivered',
        paymentMethod: past.payment,
        paymentStatus: 'paid',
        paymentInstructions: null,
        deliveryMethod: 'dine-in',
        scheduledFor: local.text,
        scheduledAt: at,
        isAsap: true,
        address: null,
        storeId: defaultStore.id,
        ...summary,
        itemCount: line.quantity,
        placedAt: at,
        paidAt: at,
        },
        [line],
        trx,
      );
      placed += 1;
    }

    const cartLines = await carts.fillEmptyCart(
      customer.id,
      CART_LINES.flatMap((line) => {
        const priced = priceOf(line);
        return priced ? [{ productId: priced.product.id, sizeCode: line.size, optionIds: priced.optionIds, baristaNote: '', quantity: line.quantity }] : [];
      }),
      trx,
    );
    return { orders: placed, cartLines };
  });
  log?.info(result, `demo orders and cart loaded for ${DEMO_CUSTOMER_EMAIL}`);
  return result;
}
