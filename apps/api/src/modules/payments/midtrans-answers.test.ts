import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSimulator, type PaymentSimulator } from '../../payments-simulator/simulator.js';
import { isClosedCode } from './gateway-status.js';
import { MIDTRANS_ANSWERS as ROW } from './midtrans-answers.js';
import { createMidtransClient, isSuccessCode, type ChargeRequest, type MidtransClient } from './midtrans-client.js';

/**
 * The shop's client against a gateway that answers as the table of Midtrans answers says (each test names its rows;
 * each row cites the Midtrans reference page it comes from). Over real HTTP to the simulator, which answers from it.
 */
const SERVER_KEY = 'SB-Mid-server-answers';
let sim: PaymentSimulator;
let client: MidtransClient;
let n = 0;

beforeAll(async () => {
  sim = await startPaymentSimulator({ serverKey: SERVER_KEY });
  client = createMidtransClient({ serverKey: SERVER_KEY, clientKey: 'client', apiUrl: sim.url, timeoutMs: 2_500 });
});
afterAll(() => sim.close());

const request = (payment: ChargeRequest['payment']): ChargeRequest => {
  n += 1;
  return { reference: `answers-${n}-${Date.now()}`, amountIdr: 22_000, items: [{ id: '1', name: 'Latte', priceIdr: 22_000, quantity: 1 }], email: 'a@example.test', expiryMinutes: 15, payment };
};
const cardToken = async () =>
  ((await (await fetch(`${sim.url}/v2/token?client_key=client&card_number=4811111111111114`)).json()) as { token_id: string }).token_id;

describe('the table of Midtrans answers, as the shop reads it', () => {
  it('chargeQris, chargeBankTransfer, chargeDuplicate: created pending; the same order id again is 406, never a second charge', async () => {
    const qris = request({ type: 'qris' });
    const first = await client.charge(qris);
    expect(first).toMatchObject({ status_code: '201', transaction_status: ROW.chargeQris.transactionStatus });
    expect(first.qr_string).toBeTruthy();
    const again = await client.charge(qris);
    expect(again.status_code).toBe(ROW.chargeDuplicate.statusCode);
    expect(isSuccessCode(again.status_code)).toBe(false);
    const va = await client.charge(request({ type: 'bank_transfer', bank: 'bca' }));
    expect(va.status_code).toBe(ROW.chargeBankTransfer.statusCode);
    expect(va.va_numbers?.[0]?.va_number).toMatch(/^\d+$/);
  });

  it('chargeGopay, chargeShopeepay: created pending with the actions the table names; the wallet returns to callback_url', async () => {
    const gopay = await client.charge(request({ type: 'gopay', callbackUrl: 'http://shop.test/history/1' }));
    expect(gopay).toMatchObject({ status_code: ROW.chargeGopay.statusCode, transaction_status: ROW.chargeGopay.transactionStatus, payment_type: 'gopay' });
    expect(gopay.actions?.map((a) => a.name)).toEqual(['generate-qr-code', 'deeplink-redirect', 'get-status', 'cancel']);
    expect(sim.transactions.get(gopay.order_id ?? '')?.callbackUrl).toBe('http://shop.test/history/1');
    const shopeepay = await client.charge(request({ type: 'shopeepay', callbackUrl: 'http://shop.test/history/2' }));
    expect(shopeepay).toMatchObject({ status_code: ROW.chargeShopeepay.statusCode, transaction_status: ROW.chargeShopeepay.transactionStatus, payment_type: 'shopeepay' });
    expect(shopeepay.actions?.map((a) => a.name)).toEqual(['deeplink-redirect']);
    expect(sim.transactions.get(shopeepay.order_id ?? '')?.callbackUrl).toBe('http://shop.test/history/2');
  });

  it('expirePending, expireNotPending, statusExpired: 407 counts as closed; a second expire is refused; the status says expire', async () => {
    const { reference } = request({ type: 'qris' });
    await client.charge({ ...request({ type: 'qris' }), reference });
    const expired = await client.expire(reference);
    expect(expired.status_code).toBe('407');
    expect(isSuccessCode(expired.status_code)).toBe(false);
    expect(isClosedCode(expired.status_code)).toBe(true);
    expect((await client.expire(reference)).status_code).toBe(ROW.expireNotPending.statusCode);
    expect(await client.status(reference)).toMatchObject({ status_code: ROW.statusExpired.statusCode, transaction_status: 'expire' });
  });

  it('cancelPending, cancelCapture, refundCapture, cancelSettled, refundSettlement: a captured card is voided, a settled one refunded once per refund_key', async () => {
    const pending = request({ type: 'qris' });
    await client.charge(pending);
    expect(isClosedCode((await client.cancel(pending.reference)).status_code)).toBe(true);

    const card = request({ type: 'credit_card', tokenId: await cardToken(), callbackUrl: 'http://shop.test/history/1' });
    await client.charge(card);
    await sim.pay(card.reference);
    const refusedRefund = await client.refund(card.reference, { refundKey: 'k-1', amountIdr: 22_000, reason: 'test' });
    expect(refusedRefund.status_code).toBe(ROW.refundCapture.statusCode);
    const voided = await client.cancel(card.reference);
    expect(voided).toMatchObject({ status_code: ROW.cancelCapture.statusCode, transaction_status: 'cancel' });

    const settled = request({ type: 'qris' });
    await client.charge(settled);
    await sim.pay(settled.reference);
    expect((await client.cancel(settled.reference)).status_code).toBe(ROW.cancelSettled.statusCode);
    const calls = sim.refundCalls;
    const refund = () => client.refund(settled.reference, { refundKey: `refund-${settled.reference}`, amountIdr: 22_000, reason: 'test' });
    const [one, two] = [await refund(), await refund()];
    expect([one.status_code, two.status_code]).toEqual([ROW.refundSettlement.statusCode, ROW.refundSettlement.statusCode]);
    expect(sim.refundCalls - calls).toBe(2);
    expect((await client.status(settled.reference)).transaction_status).toBe('refund');
  });

  it('refundNoRefunds, statusUnknown, wrongKey: refusals read from status_code', async () => {
    const va = request({ type: 'bank_transfer', bank: 'bni' });
    await client.charge(va);
    await sim.pay(va.reference);
    const refused = await client.refund(va.reference, { refundKey: 'k-va', amountIdr: 22_000, reason: 'test' });
    expect(refused).toMatchObject({ status_code: ROW.refundNoRefunds.statusCode, status_message: ROW.refundNoRefunds.statusMessage });
    expect((await client.status('no-such-order')).status_code).toBe(ROW.statusUnknown.statusCode);
    const stranger = createMidtransClient({ serverKey: 'wrong', clientKey: 'client', apiUrl: sim.url, timeoutMs: 2_500 });
    expect((await stranger.status(va.reference)).status_code).toBe(ROW.wrongKey.statusCode);
  });

  it('every row cites a Midtrans reference page', () => {
    for (const row of Object.values(ROW)) expect(row.source).toMatch(/^https:\/\/docs\.midtrans\.com\/(docs|reference|reference-link)\/[a-z0-9-]+$/);
  });
});
