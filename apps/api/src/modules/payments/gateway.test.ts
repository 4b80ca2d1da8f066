import type { OrderResponse, ShopSettingsResponse, StaffOrderListResponse, StaffOrderResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories.js';
import { GATEWAY_SERVER_KEY, useGatewayShop } from '../../test/gateway-shop.js';
import { midtransSignature } from './midtrans-client.js';

/**
 * The shop with a payment gateway (MIDTRANS_* pointing at the simulator, which notifies the shop over real HTTP):
 * QRIS, virtual accounts, notifications (signature, amount, replay, order), expiry, refunds and their races, the
 * zero total, a gateway that is down. On both databases (the api-sqlite and api-postgres projects).
 */
const { shop, placed, mine, staffView, notify, cancel, staffRefund, kinds, slotTaken } = useGatewayShop();
const SERVER_KEY = GATEWAY_SERVER_KEY;

describe('a QRIS order through the gateway', () => {
  it('offers QRIS first and shows a QR from the charge made with the order\'s own total and lines', async () => {
    const settings = (await shop.ctx.app.inject({ method: 'GET', url: '/api/v1/shop' })).json<ShopSettingsResponse>().data;
    expect(settings.payments).toEqual({ gateway: 'midtrans', methods: ['qris', 'gopay', 'shopeepay', 'card', 'bank-account', 'cash-on-delivery'], clientKey: 'SB-Mid-client-test-key', apiUrl: shop.sim.url });

    const { order } = await placed('qris');
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'qris', paymentStatus: 'awaiting-payment', paymentInstructions: null });
    expect(order.payment).toMatchObject({ gateway: 'midtrans', gatewayStatus: 'pending', vaNumber: null });
    expect(order.payment?.qrString).toMatch(/^00020101/);
    expect(order.payment?.transactionId).toBeTruthy();
    expect(order.payment?.expiresAt).toMatch(/Z$/);
    const tx = shop.sim.transactions.get(order.payment?.reference ?? '');
    // 20,000 and 10 % tax: the server's own figures, never the client's.
    expect(tx).toMatchObject({ grossAmount: 22_000, paymentType: 'qris', status: 'pending' });
    expect(tx?.grossAmount).toBe(order.summary.totalIdr);
  });

  it('a signed settlement makes it paid with no staff step: the kitchen can start preparing it', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    expect(await shop.sim.pay(reference)).toBe(200);

    const paid = await mine(customer, order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'paid', cancellable: true });
    expect(paid.history.map((e) => [e.kind, e.by])).toEqual([['placed', 'customer'], ['paid', null]]);
    expect(paid.payment).toMatchObject({ gatewayStatus: 'settlement', qrString: null });
    const seen = await staffView(order.id);
    expect(seen.nextStatuses).toContain('preparing');
    expect(seen.payment?.transactionId).toBe(shop.sim.transactions.get(reference)?.transactionId);
    const kitchen = await shop.ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders?active=true&limit=200', headers: shop.staff.headers });
    expect(kitchen.json<StaffOrderListResponse>().data.find((o) => o.id === order.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
  });

  it('refuses a wrong signature, an unknown order and a wrong amount, changing nothing and saying no more than a status', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    const pending = shop.sim.noticeFor(reference);

    const forged = { ...pending, transaction_status: 'settlement', signature_key: 'f'.repeat(128) };
    const wrongSignature = await notify(forged);
    expect(wrongSignature.statusCode).toBe(403);
    expect(wrongSignature.json()).toEqual({ message: 'Notification not accepted' });
    // Signed with another key (someone who knows the scheme but not our server key).
    const otherKey = { ...pending, signature_key: midtransSignature(pending.order_id, pending.status_code, pending.gross_amount, 'guess') };
    expect((await notify(otherKey)).statusCode).toBe(403);

    const unknownRef = '999999-1-abcdef';
    const unknown = await notify({ ...pending, order_id: unknownRef, signature_key: midtransSignature(unknownRef, '200', pending.gross_amount, SERVER_KEY) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Notification not accepted' });

    // The gateway itself reports another amount than the order's total (the status answer is what counts).
    const tx = shop.sim.transactions.get(reference);
    if (!tx) throw new Error('no transaction');
    tx.grossAmount = 1_000;
    expect(await shop.sim.pay(reference)).toBe(409);
    expect(await mine(customer, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment', paidAt: null });
  });

  it('is idempotent and order-independent: the same notice twice, or "pending" after "settlement", changes nothing', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    const pendingNotice = shop.sim.noticeFor(reference);
    expect(await shop.sim.pay(reference)).toBe(200);
    const settlement = shop.sim.noticeFor(reference);
    expect((await notify(settlement)).statusCode).toBe(200);
    expect((await notify(settlement)).statusCode).toBe(200);
    // An older notice arriving late.
    expect((await notify(pendingNotice)).statusCode).toBe(200);
    const after = await mine(customer, order.id);
    expect(after).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(kinds(after)).toEqual(['placed', 'paid']);
    expect(after.payment?.gatewayStatus).toBe('settlement');
  });

  it('an expired or denied QR leaves the order open for its window, and "Try again" makes a new QR (expire answered 407)', async () => {
    const before = await slotTaken();
    const { customer, order } = await placed('qris');
    expect(await shop.sim.expire(order.payment?.reference ?? '')).toBe(200);
    const after = await mine(customer, order.id);
    expect(after).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment', cancellable: true });
    expect(after.payment).toMatchObject({ gatewayStatus: 'expire', qrString: null });
    expect(after.payment?.message).toMatch(/ran out of time.*Nothing was charged/);
    expect(await slotTaken()).toBe(before + 1);

    const again = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'qris' } });
    expect(again.statusCode).toBe(200);
    const fresh = again.json<OrderResponse>().data.payment;
    expect(fresh).toMatchObject({ gatewayStatus: 'pending' });
    expect(fresh?.reference).not.toBe(order.payment?.reference);

    // Denied this time: still open, and "Pay another way" closes the open QR first (Midtrans answers expire with 407).
    expect(await shop.sim.deny(fresh?.reference ?? '')).toBe(200);
    expect(await mine(customer, order.id)).toMatchObject({ status: 'pending' });
    const third = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'qris' } });
    const closes = shop.sim.closeCalls.expire;
    const va = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'bank-account', bank: 'bri' } });
    expect(va.statusCode).toBe(200);
    expect(shop.sim.closeCalls.expire).toBe(closes + 1);
    expect(shop.sim.transactions.get(third.json<OrderResponse>().data.payment?.reference ?? '')?.status).toBe('expire');
    expect(va.json<OrderResponse>().data).toMatchObject({ paymentMethod: 'bank-account', status: 'pending', payment: { bank: 'bri', gatewayStatus: 'pending' } });
  });
});

describe('a card order through the gateway', () => {
  it("is charged with the token the browser got for the card, passes 3-D Secure and is paid", async () => {
    const { customer, order } = await placed('card');
    // Nothing to charge until the customer gives a card on the order page.
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment', payment: null, paymentInstructions: null });
    const token = (await (
      await fetch(`${shop.sim.url}/v2/token?client_key=SB-Mid-client-test-key&card_number=4811111111111114&card_exp_month=12&card_exp_year=2030&card_cvv=123`)
    ).json()) as { token_id: string };
    const pay = (tokenId: string) =>
      shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'card', tokenId } });
    const charged = await pay(token.token_id);
    expect(charged.statusCode).toBe(200);
    const redirectUrl = charged.json<OrderResponse>().data.payment?.redirectUrl ?? '';
    expect(redirectUrl).toMatch(/\/3ds\//);

    // The bank's 3-D Secure page: the customer passes it and comes back to the order's page.
    const back = await fetch(redirectUrl, { method: 'POST', body: 'result=pass', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${shop.ctx.config.publicUrl}/history/${order.id}`);
    const paid = await mine(customer, order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(paid.payment).toMatchObject({ gatewayStatus: 'capture', redirectUrl: null });
    // Paid: no second charge.
    expect((await pay(token.token_id)).statusCode).toBe(409);
  });
});

describe('refunds through the gateway', () => {
  it("a customer's cancel of a paid order refunds it through the gateway, and the order shows Refunded", async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    await shop.sim.pay(reference);
    const res = await cancel(customer, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderResponse>().data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refunded' });
    expect(kinds(res.json<OrderResponse>().data)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
    expect(shop.sim.transactions.get(reference)?.status).toBe('refund');
  });

  it('refunds exactly once when the customer taps twice and staff refund at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { customer, order } = await placed('qris');
      const reference = order.payment?.reference ?? '';
      await shop.sim.pay(reference);
      const callsBefore = shop.sim.refundCalls;
      const answers = await Promise.all([cancel(customer, order.id), cancel(customer, order.id), staffRefund(order.id), staffRefund(order.id)]);
      const [first, second] = answers;
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
      for (const a of answers) expect([200, 409]).toContain(a.statusCode);
      // The staff's press may land before the cancel (no refund due yet) or while it refunds (under way): never a second refund.
      if (answers[2]?.statusCode === 200 || answers[3]?.statusCode === 200) {
        expect((answers[2]?.statusCode === 200 ? answers[2] : answers[3])?.json<StaffOrderResponse>().data.refundStatus).toBe('refunded');
      }
      const after = await staffView(order.id);
      expect(after).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
      expect(kinds(after).filter((k) => k === 'refunded')).toHaveLength(1);
      expect(kinds(after).filter((k) => k === 'cancelled')).toHaveLength(1);
      expect(shop.sim.refundCalls - callsBefore).toBe(1);
    }
  });

  it('refunds at once a QR paid after its order was cancelled', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    // The cancel cannot close the QR at the gateway (it does not answer), so the customer can still pay it.
    await shop.sim.idle();
    shop.sim.failNext(1);
    expect((await cancel(customer, order.id)).statusCode).toBe(200);
    expect(shop.sim.transactions.get(reference)?.status).toBe('pending');
    expect(await shop.sim.pay(reference)).toBe(200);
    const after = await mine(customer, order.id);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refunded' });
    expect(kinds(after)).toEqual(['placed', 'cancelled', 'paid', 'refunded']);
    expect(shop.sim.transactions.get(reference)?.status).toBe('refund');
  });

  it('keeps "Refund due" with the gateway\'s reason when the refund fails, and staff can still record a refund made another way', async () => {
    const { customer, order } = await placed('bank-account', { bank: 'bni' });
    expect(order.payment).toMatchObject({ bank: 'bni', gatewayStatus: 'pending', qrString: null });
    expect(order.payment?.vaNumber).toMatch(/^\d{10,}$/);
    await shop.sim.pay(order.payment?.reference ?? '');
    const cancelled = await cancel(customer, order.id);
    expect(cancelled.json<OrderResponse>().data).toMatchObject({ status: 'cancelled', refundStatus: 'refund-due' });
    // Midtrans has no refund for a bank transfer: not asked, the reason kept for staff.
    const refundCalls = shop.sim.refundCalls;
    expect(cancelled.json<OrderResponse>().data.payment?.refundFailure).toMatch(/paid back by transfer to the account the customer gives/);

    const again = await staffRefund(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/did not refund .*paid back by transfer.*stays due/);
    expect(shop.sim.refundCalls).toBe(refundCalls);
    const manual = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${order.id}/mark-refunded`, headers: shop.staff.headers });
    expect(manual.json<StaffOrderResponse>().data.refundStatus).toBe('refunded');
  });
});

describe('the zero total and a gateway that is down', () => {
  it('an order that costs nothing is paid at once, with no charge', async () => {
    const free = await createProduct(shop.ctx.database, { priceIdr: 0 });
    const charges = shop.sim.transactions.size;
    const { order } = await placed('qris', {}, free.id);
    expect(order.summary.totalIdr).toBe(0);
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'paid', payment: null });
    expect(order.paidAt).not.toBeNull();
    expect(kinds(order)).toEqual(['placed', 'paid']);
    expect(shop.sim.transactions.size).toBe(charges);
  });

  it('says the payment service is not answering, charges nothing twice, and a new try makes a new charge', async () => {
    await shop.sim.idle();
    shop.sim.failNext(2);
    const { customer, order } = await placed('qris');
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment' });
    expect(order.payment).toMatchObject({ gatewayStatus: 'unavailable', qrString: null });
    expect(order.payment?.message).toMatch(/not answering.*pay another way/);

    const retry = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'qris' } });
    expect(retry.statusCode).toBe(200);
    const paying = retry.json<OrderResponse>().data;
    expect(paying.payment).toMatchObject({ gatewayStatus: 'pending' });
    expect(paying.payment?.reference).not.toBe(order.payment?.reference);

    // Or another way: cash needs no gateway, and the open QR is closed first so it cannot be paid too.
    const cash = await shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'cash-on-delivery' } });
    expect(cash.json<OrderResponse>().data).toMatchObject({ paymentMethod: 'cash-on-delivery', paymentStatus: 'cash-on-delivery', status: 'pending' });
    expect(shop.sim.transactions.get(paying.payment?.reference ?? '')?.status).toBe('expire');
    // The gateway's notice of that expiry (which it sends for a closed QR too) does not cancel the order.
    await shop.sim.idle();
    expect(shop.sim.notices.at(-1)?.notice.transaction_status).toBe('expire');
    expect(await mine(customer, order.id)).toMatchObject({ status: 'pending', paymentMethod: 'cash-on-delivery' });
  });

  it('opens one new charge when the customer taps "Try again" twice at once', async () => {
    await shop.sim.idle();
    shop.sim.failNext(2);
    const { customer, order } = await placed('qris');
    expect(order.payment?.gatewayStatus).toBe('unavailable');
    const retry = () => shop.ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: customer.headers, payload: { method: 'qris' } });
    const answers = await Promise.all([retry(), retry()]);
    // Both at once: one 409; one after the other: the second replaces the first's QR (expired at the gateway).
    expect(answers.map((a) => a.statusCode)).toContain(200);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const open = [...shop.sim.transactions.values()].filter((t) => t.orderId.startsWith(`${order.id}-`) && t.status === 'pending');
    expect(open).toHaveLength(1);
  });

  it('a charge whose answer was lost is not made twice: the retry with the same reference reads the one that went through', async () => {
    const charges = shop.sim.transactions.size;
    shop.sim.loseNextChargeAnswer(1);
    const { order } = await placed('qris');
    expect(order.payment).toMatchObject({ gatewayStatus: 'pending' });
    expect(order.payment?.qrString).toMatch(/^00020101/);
    expect(shop.sim.transactions.size).toBe(charges + 1);
  });
});
