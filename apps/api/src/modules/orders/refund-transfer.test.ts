import type { AuditListResponse, RefundAccountResponse, StaffRefundAccountResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../test/auth.js';
import { signUpAndSignIn } from '../../test/auth.js';
import { useGatewayShop } from '../../test/gateway-shop.js';

/**
 * A paid virtual-account order that is cancelled: the gateway cannot pay a bank transfer back, so the customer gives
 * an account, staff see it with the amount and record "Refunded by transfer" once, and the account is erased. On
 * both databases (api-sqlite and api-postgres).
 */
const { shop, placed, mine, cancel, markRefunded, kinds } = useGatewayShop();

const ACCOUNT = { holderName: 'Sari Wulandari', bank: 'BCA', accountNumber: '0123-4567-89' };
const url = (id: number) => `/api/v1/orders/${id}/refund-account`;
const giveAccount = (customer: SignedInUser, id: number, payload: object) =>
  shop.ctx.app.inject({ method: 'PUT', url: url(id), headers: customer.headers, payload });
const accountOf = async (customer: SignedInUser, id: number) =>
  (await shop.ctx.app.inject({ method: 'GET', url: url(id), headers: customer.headers })).json<RefundAccountResponse>().data;
const staffAccount = async (id: number) =>
  (await shop.ctx.app.inject({ method: 'GET', url: `/api/v1/staff/orders/${id}/refund-account`, headers: shop.staff.headers })).json<StaffRefundAccountResponse>().data;
const byTransfer = (id: number) => shop.ctx.app.inject({ method: 'POST', url: `/api/v1/staff/orders/${id}/refunded-by-transfer`, headers: shop.staff.headers });
const storedAccounts = async (id: number) => (await shop.ctx.database.db.selectFrom('refund_accounts').select('order_id').where('order_id', '=', id).execute()).length;

/** A virtual-account order paid at the gateway, then cancelled by its customer: its total is owed back. */
async function paidAndCancelled() {
  const { customer, order } = await placed('bank-account', { bank: 'bni' });
  expect(await shop.sim.pay(order.payment?.reference ?? '')).toBe(200);
  const refundCalls = shop.sim.refundCalls;
  expect((await cancel(customer, order.id)).statusCode).toBe(200);
  expect(await mine(customer, order.id)).toMatchObject({ status: 'cancelled', refundStatus: 'refund-due' });
  // Midtrans has no refund for a bank transfer: the shop does not ask it.
  expect(shop.sim.refundCalls).toBe(refundCalls);
  return { customer, order };
}

describe('a virtual-account refund by bank transfer', () => {
  it('takes the account from the customer, shows it to staff with the amount, and erases it once the transfer is recorded', async () => {
    const { customer, order } = await paidAndCancelled();
    expect(await accountOf(customer, order.id)).toEqual({ needed: true, account: null });
    // Nothing to record before the customer has said where the money goes.
    const early = await byTransfer(order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/has not said where to send the money/);

    const badNumber = await giveAccount(customer, order.id, { ...ACCOUNT, accountNumber: '12ab' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toMatchObject({ message: expect.stringContaining('The account number must be 6 to 20 digits.') as unknown, field: 'accountNumber' });
    expect((await giveAccount(customer, order.id, { ...ACCOUNT, holderName: ' ' })).json()).toMatchObject({ field: 'holderName' });

    const given = await giveAccount(customer, order.id, ACCOUNT);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<RefundAccountResponse>().data).toEqual({ needed: true, account: { holderName: 'Sari Wulandari', bank: 'BCA', accountNumberEnd: '6789' } });
    // Another customer cannot read or change it.
    const stranger = await signUpAndSignIn(shop.ctx);
    expect((await giveAccount(stranger, order.id, ACCOUNT)).statusCode).toBe(404);

    expect(await staffAccount(order.id)).toMatchObject({
      amountIdr: order.summary.totalIdr,
      account: { holderName: 'Sari Wulandari', bank: 'BCA', accountNumber: '0123456789' },
    });
    const recorded = await byTransfer(order.id);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = await mine(customer, order.id);
    expect(after.refundStatus).toBe('refunded');
    // The customer's page says when: the refunded step with its time.
    expect(after.history.find((e) => e.kind === 'refunded')?.at).toBe(shop.clock.now().toISOString());
    expect(await storedAccounts(order.id)).toBe(0);
    expect(await accountOf(customer, order.id)).toEqual({ needed: false, account: null });
    expect((await giveAccount(customer, order.id, ACCOUNT)).statusCode).toBe(409);
    const audit = (await shop.ctx.app.inject({ method: 'GET', url: '/api/v1/staff/audit', headers: shop.staff.headers })).json<AuditListResponse>().data;
    expect(audit.find((r) => r.kind === 'refund' && r.action.includes(`id ${order.id}`))?.action).toMatch(/refund was sent to the customer's account/);
  });

  it('gives one refund when two staff record the transfer and a third marks it refunded at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { customer, order } = await paidAndCancelled();
      expect((await giveAccount(customer, order.id, ACCOUNT)).statusCode).toBe(200);
      const answers = await Promise.all([byTransfer(order.id), byTransfer(order.id), markRefunded(order.id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      const after = await mine(customer, order.id);
      expect(after.refundStatus).toBe('refunded');
      expect(kinds(after).filter((k) => k === 'refunded')).toHaveLength(1);
      // "Mark refunded" winning erases the account too.
      await expect.poll(() => storedAccounts(order.id)).toBe(0);
    }
  });

  it('asks no account for a refund the gateway pays back itself', async () => {
    const { customer, order } = await placed('qris');
    await shop.sim.pay(order.payment?.reference ?? '');
    expect((await cancel(customer, order.id)).statusCode).toBe(200);
    expect((await mine(customer, order.id)).refundStatus).toBe('refunded');
    expect(await accountOf(customer, order.id)).toEqual({ needed: false, account: null });
    expect((await giveAccount(customer, order.id, ACCOUNT)).statusCode).toBe(409);
  });
});

