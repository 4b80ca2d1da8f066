import type { OrderResponse, StaffOrderResponse } from '@coffee/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { startPaymentSimulator, type PaymentSimulator } from '../payments-simulator/simulator.js';
import { signUpAndSignIn, type SignedInUser } from './auth.js';
import { createProduct } from './factories.js';
import { addToCart, placeOrder, testClock } from './orders.js';
import { createTestApp, type TestContext } from './test-app.js';

export const GATEWAY_SERVER_KEY = 'SB-Mid-server-test-key';
export const GATEWAY_CLIENT_KEY = 'SB-Mid-client-test-key';

/**
 * A shop paying through the gateway simulator (MIDTRANS_* pointing at it; the simulator notifies the shop over real
 * HTTP), on the test clock, with a staff member and a product at IDR 20.000, and the requests the payment tests make.
 * Registers its own beforeAll/afterAll; read the fields inside tests.
 */
export function useGatewayShop(env: Record<string, string> = {}) {
  const clock = testClock();
  const shop = {
    clock,
    ctx: undefined as unknown as TestContext,
    sim: undefined as unknown as PaymentSimulator,
    staff: undefined as unknown as SignedInUser,
    product: undefined as unknown as { id: number },
  };
  beforeAll(async () => {
    shop.sim = await startPaymentSimulator({ serverKey: GATEWAY_SERVER_KEY });
    shop.ctx = await createTestApp(
      { MIDTRANS_SERVER_KEY: GATEWAY_SERVER_KEY, MIDTRANS_CLIENT_KEY: GATEWAY_CLIENT_KEY, MIDTRANS_API_URL: shop.sim.url, ...env },
      { now: clock.now },
    );
    await shop.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.ctx.app.server.address() as AddressInfo;
    shop.sim.setNotificationUrl(`http://127.0.0.1:${port}/api/v1/payments/midtrans/notification`);
    shop.staff = await signUpAndSignIn(shop.ctx, { role: 'staff' });
    shop.product = await createProduct(shop.ctx.database, { priceIdr: 20_000 });
  });
  afterAll(async () => {
    await shop.ctx.close();
    await shop.sim.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    shop.ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    shop,
    async placed(paymentMethod: string, extra: Record<string, unknown> = {}, productId = shop.product.id) {
      const customer = await signUpAndSignIn(shop.ctx);
      expect((await addToCart(shop.ctx, customer, { productId, quantity: 1 })).statusCode).toBe(200);
      const res = await placeOrder(shop.ctx, customer, { paymentMethod, deliveryMethod: 'pick-up', ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return { customer, order: res.json<OrderResponse>().data };
    },
    mine: async (customer: SignedInUser, id: number) => (await inject('GET', `/orders/${id}`, customer.headers)).json<OrderResponse>().data,
    staffView: async (id: number) => (await inject('GET', `/staff/orders/${id}`, shop.staff.headers)).json<StaffOrderResponse>().data,
    notify: (body: object) => shop.ctx.app.inject({ method: 'POST', url: '/api/v1/payments/midtrans/notification', payload: body }),
    cancel: (customer: SignedInUser, id: number) => inject('POST', `/orders/${id}/cancel`, customer.headers),
    pay: (customer: SignedInUser, id: number, payload: object) => inject('POST', `/orders/${id}/payment`, customer.headers, payload),
    staffRefund: (id: number) => inject('POST', `/staff/orders/${id}/refund`, shop.staff.headers),
    markRefunded: (id: number) => inject('POST', `/staff/orders/${id}/mark-refunded`, shop.staff.headers),
    markPaid: (id: number) => inject('POST', `/staff/orders/${id}/mark-paid`, shop.staff.headers),
    staffGet: (url: string) => inject('GET', url, shop.staff.headers),
    /** A card token from the gateway for this card number (as the browser gets it with the client key). */
    async cardToken(cardNumber = '4811111111111114'): Promise<string> {
      const res = await fetch(`${shop.sim.url}/v2/token?client_key=${GATEWAY_CLIENT_KEY}&card_number=${cardNumber}&card_exp_month=12&card_exp_year=2030&card_cvv=123`);
      return ((await res.json()) as { token_id: string }).token_id;
    },
    /** The customer's answer on the 3-D Secure page ('pass' or 'fail'). */
    threeDs: (redirectUrl: string, result: 'pass' | 'fail') =>
      fetch(redirectUrl, { method: 'POST', body: `result=${result}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' }),
    kinds: (o: { history: { kind: string }[] }) => o.history.map((e) => e.kind),
    slotTaken: async () =>
      Number((await shop.ctx.database.db.selectFrom('slot_counters').select((eb) => eb.fn.sum<number>('taken').as('n')).executeTakeFirst())?.n ?? 0),
  };
}
