import type { ShopSettingsResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { signUpAndSignIn } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, countRows, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';
import { midtransSignature } from './midtrans-client.js';

/** No MIDTRANS_*: the shop as before the gateway. */
const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });

describe('a shop with no payment gateway', () => {
  it('offers the three manual methods and refuses QRIS before anything is written', async () => {
    const shop = (await ctx.app.inject({ method: 'GET', url: '/api/v1/shop' })).json<ShopSettingsResponse>().data;
    expect(shop.payments).toEqual({ gateway: null, methods: ['card', 'bank-account', 'cash-on-delivery'], clientKey: null, apiUrl: null });
    const customer = await signUpAndSignIn(ctx);
    const product = await createProduct(ctx.database, { priceIdr: 20_000 });
    await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
    const orders = await countRows(ctx.database.db, 'orders');
    const res = await placeOrder(ctx, customer, { paymentMethod: 'qris', deliveryMethod: 'pick-up' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Paying by QRIS is not available at this shop: choose another payment method', field: 'paymentMethod' });
    expect(await countRows(ctx.database.db, 'orders')).toBe(orders);

    // A bank order is the manual transfer, with no gateway payment.
    const bank = await placeOrder(ctx, customer, { paymentMethod: 'bank-account', deliveryMethod: 'pick-up' });
    expect(bank.json<{ data: { paymentInstructions: string; payment: unknown } }>().data).toMatchObject({ payment: null });
    expect(bank.json<{ data: { paymentInstructions: string } }>().data.paymentInstructions).toMatch(/^Transfer IDR/);
  });

  it('answers a notification with a status only', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/midtrans/notification',
      payload: { order_id: '1-1-aaaaaa', status_code: '200', gross_amount: '22000.00', signature_key: midtransSignature('1-1-aaaaaa', '200', '22000.00', 'x') },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Notification not accepted' });
  });
});

describe('the gateway settings', () => {
  it('need both keys, and default to the sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' })).toThrow(/^Invalid MIDTRANS_CLIENT_KEY=""/);
    expect(() => loadConfig({ NODE_ENV: 'test', MIDTRANS_CLIENT_KEY: 'SB-Mid-client-x' })).toThrow(/^Invalid MIDTRANS_SERVER_KEY=/);
    expect(loadConfig({ NODE_ENV: 'test', MIDTRANS_SERVER_KEY: 's', MIDTRANS_CLIENT_KEY: 'c' }).midtrans).toMatchObject({ apiUrl: 'https://api.sandbox.midtrans.com', isProduction: false });
    expect(loadConfig({ NODE_ENV: 'test', MIDTRANS_SERVER_KEY: 's', MIDTRANS_CLIENT_KEY: 'c', MIDTRANS_IS_PRODUCTION: 'true' }).midtrans?.apiUrl).toBe('https://api.midtrans.com');
    expect(loadConfig({ NODE_ENV: 'test' }).midtrans).toBeNull();
  });
});
