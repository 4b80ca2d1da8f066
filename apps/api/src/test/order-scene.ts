import type { DeliveryMethod, Order, OrderResponse, PaymentMethod, StaffOrder, StaffOrderResponse } from '@coffee/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from './auth.js';
import { createProduct } from './factories.js';
import { addToCart, placeOrder, testClock } from './orders.js';
import { createTestApp, type TestContext } from './test-app.js';

export interface SceneOrder {
  quantity?: number;
  paymentMethod?: PaymentMethod;
  deliveryMethod?: DeliveryMethod;
  /** Shop-local 'YYYY-MM-DDTHH:mm'; left out: as soon as possible. */
  scheduledFor?: string | null;
}

/**
 * The shop most order tests need: an app on the test clock with a staff member and one product at Rp 20.000, and a
 * new customer for each order placed. Call it at the top of a test file: it opens the app before the file's tests
 * and closes it after them.
 */
export function useOrderScene() {
  const clock = testClock();
  let app: { ctx: TestContext; staff: SignedInUser; product: { id: number } } | undefined;
  beforeAll(async () => {
    const ctx = await createTestApp({}, { now: clock.now });
    app = { ctx, staff: await signUpAndSignIn(ctx, { role: 'staff' }), product: await createProduct(ctx.database, { priceIdr: 20_000 }) };
  });
  afterAll(async () => {
    await app?.ctx.close();
  });
  const opened = () => {
    if (!app) throw new Error('useOrderScene: the app opens in beforeAll; use the scene inside tests');
    return app;
  };

  return {
    clock,
    get ctx() {
      return opened().ctx;
    },
    get staff() {
      return opened().staff;
    },
    get product() {
      return opened().product;
    },

    /** A new customer's order of the product (cash, picked up, as soon as possible unless told otherwise). */
    async placeOrder(order: SceneOrder = {}): Promise<{ customer: SignedInUser; order: Order }> {
      const { ctx, product } = opened();
      const { quantity = 1, paymentMethod = 'cash-on-delivery', deliveryMethod = 'pick-up', scheduledFor } = order;
      const customer = await signUpAndSignIn(ctx);
      await addToCart(ctx, customer, { productId: product.id, quantity });
      const res = await placeOrder(ctx, customer, {
        paymentMethod,
        deliveryMethod,
        ...(scheduledFor === undefined ? {} : { scheduledFor }),
        ...(deliveryMethod === 'door-delivery' ? { address: 'Jl. Kemang Raya 10, Jakarta' } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return { customer, order: res.json<OrderResponse>().data };
    },

    /** The staff moving an order on (PATCH /staff/orders/:id/status), answered as it came. */
    staffMove(orderId: number, status: string, expectedStatus?: string): Promise<LightMyRequestResponse> {
      const { ctx, staff } = opened();
      return ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/staff/orders/${orderId}/status`,
        headers: staff.headers,
        payload: { status, ...(expectedStatus ? { expectedStatus } : {}) },
      });
    },

    /** The order as the staff's order page shows it. */
    async staffView(orderId: number): Promise<StaffOrder> {
      const { ctx, staff } = opened();
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/orders/${orderId}`, headers: staff.headers });
      return res.json<StaffOrderResponse>().data;
    },
  };
}
