import type { OrderResponse, StaffDayStatsResponse, StaffOrderListResponse } from '@coffee/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGatewayShop } from '../../test/gateway-shop.js';

/**
 * Paid is the line (decision 034): an order waiting for an online payment is neither on the kitchen display nor in
 * the day's sales, staff see it apart with its time left, and the shop ends its window by its own clock (the sweep,
 * run here every 100 ms of real time against the test clock). On both databases (api-sqlite and api-postgres).
 */
const { shop, placed, mine, staffView, notify, cancel, pay, staffRefund, markRefunded, markPaid, staffGet, cardToken, threeDs, kinds, slotTaken } =
  useGatewayShop({ MIDTRANS_SWEEP_MS: '100', MIDTRANS_EXPIRY_MINUTES: '15', MIDTRANS_BANK_TRANSFER_EXPIRY_MINUTES: '60' });

const kitchenIds = async () =>
  (await staffGet('/staff/orders?active=true&limit=200')).json<StaffOrderListResponse>().data.map((o) => o.id);
const awaitingPayment = async () => (await staffGet('/staff/orders?awaitingPayment=true&limit=200')).json<StaffOrderListResponse>().data;
const sales = async () => (await staffGet('/staff/stats')).json<StaffDayStatsResponse>().data;
/** Moves the shop's clock on by `minutes` and waits for the sweep to have run at the new time. */
async function minutesLater(minutes: number, until: () => Promise<boolean>) {
  shop.clock.set(new Date(shop.clock.now().getTime() + minutes * 60_000));
  await expect.poll(until, { timeout: 5_000, interval: 100 }).toBe(true);
}

describe('paid is the line', () => {
  it('keeps unpaid QRIS, virtual-account and untyped card orders off the kitchen display and out of the sales, listed apart with their time left', async () => {
    const salesBefore = await sales();
    const qris = await placed('qris');
    const va = await placed('bank-account', { bank: 'bni' });
    const card = await placed('card');
    const ids = [qris.order.id, va.order.id, card.order.id];
    const kitchen = await kitchenIds();
    for (const id of ids) expect(kitchen).not.toContain(id);
    expect(await sales()).toMatchObject({ orders: salesBefore.orders, salesIdr: salesBefore.salesIdr });

    const waiting = await awaitingPayment();
    const placedAt = shop.clock.now().getTime();
    const dueOf = (id: number) => Date.parse(waiting.find((o) => o.id === id)?.paymentDueAt ?? '') - placedAt;
    // QR and card: 15 minutes; a virtual account: the longer transfer window (60).
    expect(dueOf(qris.order.id)).toBe(15 * 60_000);
    expect(dueOf(card.order.id)).toBe(15 * 60_000);
    expect(dueOf(va.order.id)).toBe(60 * 60_000);
    for (const id of ids) expect(waiting.find((o) => o.id === id)?.canMarkPaid).toBe(false);
    // No "Mark paid" for money that only the gateway can confirm.
    const refused = await markPaid(qris.order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/being paid online.*by itself/);

    // Paid: on the kitchen display and in the sales, off the waiting list.
    expect(await shop.sim.pay(qris.order.payment?.reference ?? '')).toBe(200);
    expect(await kitchenIds()).toContain(qris.order.id);
    expect((await awaitingPayment()).map((o) => o.id)).not.toContain(qris.order.id);
    expect(await sales()).toMatchObject({ orders: salesBefore.orders + 1, salesIdr: salesBefore.salesIdr + qris.order.summary.totalIdr });
    // Cash is taken by staff: Mark paid stays theirs.
    const cash = await placed('cash-on-delivery');
    expect((await staffView(cash.order.id)).canMarkPaid).toBe(true);
    expect(await kitchenIds()).toContain(cash.order.id);
    // The customer's own cancel of an unpaid one is the same cancel: off the waiting list, its slot place back.
    for (const { customer, order } of [va, card]) expect((await cancel(customer, order.id)).statusCode).toBe(200);
    expect((await awaitingPayment()).map((o) => o.id)).not.toContain(va.order.id);
  });

  it('cancels QR, virtual-account and untyped card orders when their window ends with no notice, giving the slot place back', async () => {
    const before = await slotTaken();
    const qris = await placed('qris');
    const card = await placed('card');
    const va = await placed('bank-account');
    expect(await slotTaken()).toBe(before + 3);
    // Nothing from the gateway: its notices are lost.
    shop.sim.setNotificationUrl(null);
    const expires = shop.sim.closeCalls.expire;
    await minutesLater(16, async () => (await mine(card.customer, card.order.id)).status === 'cancelled');
    const gone = await mine(qris.customer, qris.order.id);
    expect(gone).toMatchObject({ status: 'cancelled', refundStatus: null });
    expect(gone.history.map((e) => [e.kind, e.by])).toEqual([['placed', 'customer'], ['cancelled', null]]);
    expect(gone.payment?.message).toMatch(/time to pay ran out.*cancelled the order.*Nothing was charged/);
    // The QR was closed at the gateway with one expire call, answered 407 as Midtrans does, and counted as done.
    expect(shop.sim.transactions.get(qris.order.payment?.reference ?? '')?.status).toBe('expire');
    expect(shop.sim.closeCalls.expire).toBe(expires + 1);
    // The virtual account has its longer window.
    expect(await mine(va.customer, va.order.id)).toMatchObject({ status: 'pending' });
    expect(await slotTaken()).toBe(before + 1);
    await minutesLater(45, async () => (await mine(va.customer, va.order.id)).status === 'cancelled');
    expect(await slotTaken()).toBe(before);
  });

  it('answers a settlement that arrives after the shop closed the charge without reviving the order: refunded, or flagged to staff', async () => {
    const qris = await placed('qris');
    const va = await placed('bank-account');
    shop.sim.setNotificationUrl(null);
    await minutesLater(61, async () => (await mine(va.customer, va.order.id)).status === 'cancelled');
    shop.sim.setNotificationUrl(notifyUrl());
    // The customer paid anyway (a gateway that let it through): the notice comes late.
    for (const { order } of [qris, va]) {
      const t = shop.sim.transactions.get(order.payment?.reference ?? '');
      if (!t) throw new Error('no transaction');
      t.status = 'settlement';
      expect((await notify(shop.sim.noticeFor(t.orderId))).statusCode).toBe(200);
    }
    const refunded = await mine(qris.customer, qris.order.id);
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refunded' });
    expect(kinds(refunded)).toEqual(['placed', 'cancelled', 'paid', 'refunded']);
    // A transfer cannot be refunded through the gateway: staff see it due.
    expect(await staffView(va.order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: 'refund-due' });
    expect(await kitchenIds()).not.toContain(va.order.id);
  });

  it('a payment made at the last second, whose notice was lost, is found by the sweep: paid, not cancelled', async () => {
    const { customer, order } = await placed('qris');
    shop.sim.setNotificationUrl(null);
    await shop.sim.pay(order.payment?.reference ?? '');
    shop.sim.setNotificationUrl(notifyUrl());
    await minutesLater(16, async () => (await mine(customer, order.id)).status !== 'pending');
    expect(await mine(customer, order.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
  });
});

describe('the payment receipt', () => {
  it('mails a receipt once the gateway confirms the payment, naming the amount, the method and the store', async () => {
    const { order } = await placed('qris');
    expect(await shop.sim.pay(order.payment?.reference ?? '')).toBe(200);
    const subject = new RegExp(`^Subject: Payment received for your order #${order.id}\\r?$`, 'm');
    await expect.poll(async () => (await outbox()).find((m) => subject.test(m)) ?? '', { timeout: 5_000 }).toMatch(/We received IDR 22\.000 by QRIS for your order #\d+: this mail is your receipt.*We start on it now at Coffee Shop, Jl/s);
  });
});

describe('a second chance and money that never moves back', () => {
  it('a declined card leaves the order open: another card pays it', async () => {
    const { customer, order } = await placed('card');
    const declined = await pay(customer, order.id, { method: 'card', tokenId: await cardToken('4911111111111113') });
    expect(declined.statusCode).toBe(200);
    await threeDs(declined.json<OrderResponse>().data.payment?.redirectUrl ?? '', 'pass');
    const open = await mine(customer, order.id);
    expect(open).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment', cancellable: true });
    expect(open.payment?.message).toMatch(/declined.*try another card or pay another way/);

    const second = await pay(customer, order.id, { method: 'card', tokenId: await cardToken() });
    expect(second.statusCode).toBe(200);
    await threeDs(second.json<OrderResponse>().data.payment?.redirectUrl ?? '', 'pass');
    expect(await mine(customer, order.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
  });

  it('a settlement followed by an "expire" or "cancel" status leaves the charge paid', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    await shop.sim.pay(reference);
    const t = shop.sim.transactions.get(reference);
    if (!t) throw new Error('no transaction');
    for (const status of ['expire', 'cancel'] as const) {
      t.status = status;
      expect((await notify(shop.sim.noticeFor(reference))).statusCode).toBe(200);
    }
    const after = await mine(customer, order.id);
    expect(after).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(after.payment?.gatewayStatus).toBe('settlement');
    expect(kinds(after)).toEqual(['placed', 'paid']);
  });

  it('refuses a notification in another currency', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    const t = shop.sim.transactions.get(reference);
    if (!t) throw new Error('no transaction');
    t.status = 'settlement';
    const res = await notify({ ...shop.sim.noticeFor(reference), currency: 'USD' });
    expect(res.statusCode).toBe(409);
    expect(await mine(customer, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'awaiting-payment' });
  });

  it('shows the QR again after a crash between the charge and the answer', async () => {
    const { customer, order } = await placed('qris');
    const reference = order.payment?.reference ?? '';
    // What kill -9 leaves: the charge made at the gateway, the row still 'creating' with nothing of its answer.
    await shop.ctx.database.db
      .updateTable('payment_charges')
      .set({ gateway_status: 'creating', qr_string: null, transaction_id: null, deep_link: null, expires_at: null })
      .where('reference', '=', reference)
      .execute();
    expect((await mine(customer, order.id)).payment?.qrString).toBeNull();
    await minutesLater(1, async () => (await mine(customer, order.id)).payment?.gatewayStatus === 'pending');
    expect((await mine(customer, order.id)).payment?.qrString).toBe(shop.sim.transactions.get(reference)?.qrString);
  });
});

describe('one refund per order', () => {
  it('racing the customer\'s cancel, staff\'s gateway refund and staff\'s "Mark refunded" gives exactly one refund', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { customer, order } = await placed('qris');
      await shop.sim.pay(order.payment?.reference ?? '');
      const calls = shop.sim.refundCalls;
      const [, gatewayRefund, byHand] = await Promise.all([cancel(customer, order.id), staffRefund(order.id), markRefunded(order.id)]);
      for (const a of [gatewayRefund, byHand]) expect([200, 409]).toContain(a?.statusCode);
      const after = await staffView(order.id);
      expect(after).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
      expect(kinds(after).filter((k) => k === 'refunded')).toHaveLength(1);
      // Either the gateway refunded it (one call) or staff did by hand (no call): never both.
      const gatewayCalls = shop.sim.refundCalls - calls;
      expect(gatewayCalls).toBeLessThanOrEqual(1);
      expect(byHand?.statusCode === 200 && gatewayCalls === 1).toBe(false);
    }
  });

  it('voids a card paid today with exactly one cancel call, and refunds a settled card with exactly one refund call', async () => {
    const paidCard = async () => {
      const placedCard = await placed('card');
      const charged = await pay(placedCard.customer, placedCard.order.id, { method: 'card', tokenId: await cardToken() });
      await threeDs(charged.json<OrderResponse>().data.payment?.redirectUrl ?? '', 'pass');
      return { ...placedCard, reference: charged.json<OrderResponse>().data.payment?.reference ?? '' };
    };
    const today = await paidCard();
    const [cancels, refunds] = [shop.sim.closeCalls.cancel, shop.sim.refundCalls];
    await Promise.all([cancel(today.customer, today.order.id), cancel(today.customer, today.order.id), staffRefund(today.order.id)]);
    expect(await mine(today.customer, today.order.id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect(shop.sim.transactions.get(today.reference)?.status).toBe('cancel');
    expect([shop.sim.closeCalls.cancel - cancels, shop.sim.refundCalls - refunds]).toEqual([1, 0]);

    const settled = await paidCard();
    await shop.sim.settle(settled.reference);
    const [cancels2, refunds2] = [shop.sim.closeCalls.cancel, shop.sim.refundCalls];
    await Promise.all([cancel(settled.customer, settled.order.id), cancel(settled.customer, settled.order.id), staffRefund(settled.order.id)]);
    expect(await mine(settled.customer, settled.order.id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect(shop.sim.transactions.get(settled.reference)?.status).toBe('refund');
    expect([shop.sim.closeCalls.cancel - cancels2, shop.sim.refundCalls - refunds2]).toEqual([0, 1]);
  });
});

/** The mails written to the outbox (no SMTP set in tests), their quoted-printable soft line breaks joined. */
async function outbox(): Promise<string[]> {
  const dir = path.join(shop.ctx.config.dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (n) => (await fs.readFile(path.join(dir, n), 'utf8')).replace(/=\r?\n/g, '')));
}

function notifyUrl(): string {
  const address = shop.ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}/api/v1/payments/midtrans/notification`;
}
