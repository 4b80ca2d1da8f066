import type { ReconciliationResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth.js';
import { useGatewayShop } from '../../test/gateway-shop.js';

/**
 * The owner's reconciliation (issue 30): a day's charges at the payment service (the gateway simulator) beside the
 * shop's orders, the disagreements first. On both databases (api-sqlite and api-postgres).
 */
const { shop, placed, mine, notify, staffGet } = useGatewayShop({ MIDTRANS_SWEEP_MS: '100', MIDTRANS_EXPIRY_MINUTES: '15' });

const dayOf = async (date: string) => {
  const res = await staffGet(`/staff/reconciliation?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReconciliationResponse>().data;
};

describe('the reconciliation of a day', () => {
  it('lists a charge paid at the payment service whose order the shop cancelled first, beside the ones that agree', async () => {
    // Paid as it should be: agrees.
    const fine = await placed('qris');
    expect(await shop.sim.pay(fine.order.payment?.reference ?? '')).toBe(200);
    // Its notices lost, the shop's clock ends its window and cancels it; the customer's payment settles afterwards.
    const late = await placed('qris');
    shop.sim.setNotificationUrl(null);
    shop.clock.set(new Date(shop.clock.now().getTime() + 16 * 60_000));
    await expect.poll(async () => (await mine(late.customer, late.order.id)).status, { timeout: 5_000, interval: 100 }).toBe('cancelled');
    const t = shop.sim.transactions.get(late.order.payment?.reference ?? '');
    if (!t) throw new Error('no transaction at the simulator');
    t.status = 'settlement';
    expect((await notify(shop.sim.noticeFor(t.orderId))).statusCode).toBe(200);
    expect(await mine(late.customer, late.order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refunded' });

    // Monday 23 November on the shop's clock (Jakarta).
    const day = await dayOf('2026-11-23');
    expect(day).toMatchObject({ date: '2026-11-23', timeZone: 'Asia/Jakarta', disagreements: 1 });
    expect(day.lines[0]).toMatchObject({
      orderId: late.order.id,
      method: 'QRIS',
      amountIdr: late.order.summary.totalIdr,
      // As the shop last saw it: it refunded the late payment at the payment service.
      gatewayStatus: 'refund',
      gatewayRefund: 'refunded',
      orderStatus: 'cancelled',
      problem: 'cancelled-in-shop',
      problemText: 'Paid at the payment service, but the shop cancelled the order (refunded through the payment service)',
    });
    // The one paid first is listed after it, agreeing.
    expect(day.lines.slice(1)).toEqual([
      expect.objectContaining({ orderId: fine.order.id, gatewayStatus: 'settlement', orderStatus: 'paid', paymentStatus: 'paid', problem: null }),
    ]);
    // Another day has none of them.
    expect((await dayOf('2026-11-22')).lines).toEqual([]);
  });

  it('is the owner\'s: a manager and a barista are refused, and a date off the calendar is a 400', async () => {
    for (const staffRole of ['manager', 'barista'] as const) {
      const member = await signUpAndSignIn(shop.ctx, { role: 'staff', staffRole });
      const res = await shop.ctx.app.inject({ method: 'GET', url: '/api/v1/staff/reconciliation', headers: member.headers });
      expect(res.statusCode).toBe(403);
    }
    const bad = await staffGet('/staff/reconciliation?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'date' });
  });
});
