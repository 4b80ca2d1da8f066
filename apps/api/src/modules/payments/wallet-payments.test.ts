import type { ShopSettingsResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { useGatewayShop } from '../../test/gateway-shop.js';

/**
 * GoPay and ShopeePay as their own methods (issue 28): the charge asks the gateway for a deep link that opens the
 * wallet app and brings the customer back to the order page; the signed notice pays the order, a decline leaves it
 * open for another try. Through the real client against the simulator, on both databases.
 */
const { shop, placed, mine, cancel, kinds } = useGatewayShop();

/** The customer in the wallet app the deep link opened: "Pay" or "Decline"; the app sends them back (303). */
async function inWallet(deepLink: string, result: 'pass' | 'fail') {
  const page = await fetch(deepLink);
  const text = await page.text();
  const answer = await fetch(deepLink, { method: 'POST', body: `result=${result}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  await shop.sim.idle();
  return { text, status: answer.status, location: answer.headers.get('location') };
}

describe('GoPay and ShopeePay through the gateway', () => {
  it('are offered after QRIS (the web shows them on a phone only)', async () => {
    const settings = (await shop.ctx.app.inject({ method: 'GET', url: '/api/v1/shop' })).json<ShopSettingsResponse>().data;
    expect(settings.payments?.methods).toEqual(['qris', 'gopay', 'shopeepay', 'card', 'bank-account', 'cash-on-delivery']);
  });

  it.each([
    ['gopay', 'GoPay'],
    ['shopeepay', 'ShopeePay'],
  ] as const)('%s: the deep link opens the wallet with the amount; paying there returns to the order page, paid', async (method, name) => {
    const { customer, order } = await placed(method);
    expect(order).toMatchObject({ paymentMethod: method, paymentStatus: 'awaiting-payment', status: 'pending' });
    const reference = order.payment?.reference ?? '';
    const tx = shop.sim.transactions.get(reference);
    // The server's own total, and the order page as the app's way back.
    expect(tx).toMatchObject({ paymentType: method, grossAmount: order.summary.totalIdr, status: 'pending' });
    expect(tx?.callbackUrl).toMatch(new RegExp(`/history/${order.id}$`));
    expect(order.payment?.qrString).toBeNull();
    const deepLink = order.payment?.deepLink ?? '';
    expect(deepLink).toBe(`${shop.sim.url}/wallet/${encodeURIComponent(reference)}`);

    const wallet = await inWallet(deepLink, 'pass');
    expect(wallet.text).toContain(name);
    expect(wallet.text).toContain('22.000');
    expect(wallet.text).toMatch(/>Pay<.*>Decline</);
    expect(wallet.status).toBe(303);
    expect(wallet.location).toBe(tx?.callbackUrl);

    const paid = await mine(customer, order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(paid.payment).toMatchObject({ gatewayStatus: 'settlement', deepLink: null });
    expect(kinds(paid)).toEqual(['placed', 'paid']);
  });

  it('a declined ShopeePay payment leaves the order open for another try, with words naming the wallet', async () => {
    const { customer, order } = await placed('shopeepay');
    await inWallet(order.payment?.deepLink ?? '', 'fail');
    const declined = await mine(customer, order.id);
    expect(declined).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment' });
    expect(declined.payment).toMatchObject({ gatewayStatus: 'deny', deepLink: null });
    expect(declined.payment?.message).toBe('The ShopeePay payment was declined. Nothing was charged: try again or pay another way.');

    // Another try with GoPay: a new charge with its own deep link, which pays the order.
    const again = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'gopay' } });
    expect(again.statusCode, again.body).toBe(200);
    const retried = await mine(customer, order.id);
    expect(retried.paymentMethod).toBe('gopay');
    expect(retried.payment?.deepLink).toMatch(/\/wallet\//);
    await inWallet(retried.payment?.deepLink ?? '', 'pass');
    expect(await mine(customer, order.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
  });

  it('a GoPay charge whose answer was lost (so no deep link) is closed and offered again, and the new try opens the wallet', async () => {
    shop.sim.loseNextChargeAnswer(1);
    const { customer, order } = await placed('gopay');
    expect(order.payment).toMatchObject({ gatewayStatus: 'closed', deepLink: null });
    expect(order.payment?.message).toMatch(/not answering/);
    // Closed at the gateway too: nothing left open there to be paid by mistake; its expiry notice changes nothing.
    expect(shop.sim.transactions.get(order.payment?.reference ?? '')?.status).toBe('expire');
    await shop.sim.idle();
    expect((await mine(customer, order.id)).payment).toMatchObject({ gatewayStatus: 'closed', message: order.payment?.message });

    const again = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'gopay' } });
    expect(again.statusCode, again.body).toBe(200);
    const retried = await mine(customer, order.id);
    expect(retried.payment).toMatchObject({ gatewayStatus: 'pending' });
    await inWallet(retried.payment?.deepLink ?? '', 'pass');
    expect(await mine(customer, order.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
  });

  it('a paid GoPay order cancelled by the customer is refunded through the gateway once', async () => {
    const { customer, order } = await placed('gopay');
    await inWallet(order.payment?.deepLink ?? '', 'pass');
    const before = shop.sim.refundCalls;
    expect((await cancel(customer, order.id)).statusCode).toBe(200);
    await shop.sim.idle();
    const cancelled = await mine(customer, order.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refunded' });
    expect(shop.sim.refundCalls - before).toBe(1);
    expect(shop.sim.transactions.get(order.payment?.reference ?? '')?.status).toBe('refund');
  });
});
