import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { createProduct } from '../../test/factories.js';
import { countRows, insertTestUser, testClock } from '../../test/orders.js';
import { useTestDatabase } from '../../test/test-app.js';
import { createCartService, type CartService } from '../cart/cart.service.js';
import { createPaymentProviders, type PaymentProviders } from '../payments/payments.service.js';
import { createProductService } from '../products/products.service.js';
import { createStoreService } from '../stores/stores.service.js';
import { createUserService } from '../users/users.service.js';
import { createOrderRepository, type OrderRepository } from './orders.repository.js';
import { createOrderService, type OrderServiceDeps } from './orders.service.js';
import { ENGLISH_ONLY } from '../../lib/customer-email.js';

/**
 * Placing an order is one transaction. These tests break it half-way on the real database (SQLite or
 * PostgreSQL, like the rest of the suite) and check that nothing of the order is left and the cart is intact.
 */
const testDb = useTestDatabase();
let db: Kysely<Database>;
const settings = loadConfig({ NODE_ENV: 'test' }).orders;
const clock = testClock();
const mails: unknown[] = [];

beforeEach(() => {
  db = testDb.database.db;
  mails.length = 0;
});

/** The modules an order asks (each through its door), over the test's database. */
function doors() {
  const products = createProductService({ db });
  const cart = createCartService({ db, settings, now: clock.now, products });
  const users = createUserService({ db, uploadsDir: testDb.dataDir, now: clock.now });
  const stores = createStoreService({ db, settings, now: clock.now });
  return { products, cart, users, stores };
}

function services(overrides: Partial<OrderServiceDeps> = {}) {
  const { products, cart, users, stores } = doors();
  const orders = createOrderService({
    db,
    settings,
    now: clock.now,
    cart,
    users,
    products,
    payments: createPaymentProviders({ bankAccount: 'BCA 1' }),
    mailer: { sendLater: (message) => mails.push(message) },
    translator: ENGLISH_ONLY,
    publicUrl: 'http://localhost:3000',
    log: { error: () => undefined },
    stores,
    ...overrides,
  });
  return { cart, orders };
}

/** The orders repository as the service builds it, for a test that breaks one of its writes. */
function orderRepository(): OrderRepository {
  const { products, users, stores } = doors();
  return createOrderRepository(db, { customersOf: users.customersOf, placesOf: stores.placesOf, pictureAddresses: products.pictureAddresses });
}

async function customerWithCart() {
  const customer = await insertTestUser(db);
  const latte = await createProduct(testDb.database, { name: 'Hazelnut Latte', sizes: [{ code: 'R', priceIdr: 25_000 }] });
  const tart = await createProduct(testDb.database, { name: 'Lemon Tart', category: 'foods', priceIdr: 21_000 });
  const { cart } = services();
  await cart.addLine(customer.id, { productId: latte.id, size: 'R', quantity: 2 });
  await cart.addLine(customer.id, { productId: tart.id, size: null, quantity: 1 });
  return customer;
}

async function expectNothingLeftBehind(customerId: number) {
  expect(await countRows(db, 'orders')).toBe(0);
  expect(await countRows(db, 'order_lines')).toBe(0);
  expect(await countRows(db, 'order_idempotency_keys')).toBe(0);
  const cart = await services().cart.getCart(customerId);
  expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([
    ['Hazelnut Latte', 2],
    ['Lemon Tart', 1],
  ]);
  expect(mails).toEqual([]);
}

describe('a failure while placing an order', () => {
  it('on a database constraint of a line leaves no order, no lines and the cart intact', async () => {
    const customer = await customerWithCart();
    // A line the database refuses (quantity 0 breaks order_lines_quantity_check) after the order row is written.
    const real = orderRepository();
    const breakLines: OrderRepository = {
      ...real,
      insertLines: (orderId, lines, trx) => real.insertLines(orderId, lines.map((l) => ({ ...l, quantity: 0, lineTotalIdr: 0 })), trx),
    };
    const { orders } = services({ orderRepository: breakLines });
    await expect(orders.placeOrder(customer, randomUUID(), { paymentMethod: 'cash-on-delivery' })).rejects.toThrow(/order_lines_quantity_check/);
    await expectNothingLeftBehind(customer.id);
  });

  it('in the payment step leaves nothing behind either', async () => {
    const customer = await customerWithCart();
    const real = createPaymentProviders({ bankAccount: 'BCA 1' });
    const payments: PaymentProviders = {
      ...real,
      card: {
        method: 'card',
        initiate: () => Promise.reject(new Error('payment provider unreachable')),
      },
    };
    const { orders } = services({ payments });
    await expect(orders.placeOrder(customer, randomUUID(), { paymentMethod: 'card' })).rejects.toThrow('payment provider unreachable');
    await expectNothingLeftBehind(customer.id);
  });

  it('when emptying the cart, the last step, still rolls the order back', async () => {
    const customer = await customerWithCart();
    const { cart } = doors();
    const failingCart: CartService = {
      ...cart,
      takeForOrder: async (userId, trx) => ({ ...(await cart.takeForOrder(userId, trx)), clear: () => Promise.reject(new Error('disk full')) }),
    };
    const { orders } = services({ cart: failingCart });
    await expect(orders.placeOrder(customer, randomUUID(), { paymentMethod: 'cash-on-delivery' })).rejects.toThrow('disk full');
    await expectNothingLeftBehind(customer.id);
  });

  it('and the same key afterwards places the order normally', async () => {
    const customer = await customerWithCart();
    const key = randomUUID();
    const failing = services({
      payments: {
        ...createPaymentProviders({ bankAccount: 'BCA 1' }),
        'cash-on-delivery': { method: 'cash-on-delivery', initiate: () => Promise.reject(new Error('timeout')) },
      },
    });
    await expect(failing.orders.placeOrder(customer, key, { paymentMethod: 'cash-on-delivery' })).rejects.toThrow('timeout');
    const placed = await services().orders.placeOrder(customer, key, { paymentMethod: 'cash-on-delivery' });
    expect(placed.created).toBe(true);
    expect(placed.order.summary).toMatchObject({ subtotalIdr: 71_000, taxAndFeesIdr: 7_100, totalIdr: 78_100 });
    expect(await countRows(db, 'orders')).toBe(1);
    expect(await countRows(db, 'cart_items')).toBe(0);
    expect(mails).toHaveLength(1);
  });
});
