import { HOUR_REFUSAL } from './midtrans-answers.js';
import { GatewayUnavailableError, isSuccessCode, type MidtransTransaction } from './midtrans-client.js';
import type { GatewayContext } from './gateway-charges.js';
import type { ChargeRecord } from './payments.repository.js';

export type RefundResult =
  | { state: 'refunded' }
  | { state: 'failed'; reason: string }
  | { state: 'busy' }
  | { state: 'none' };

/** Where a refund refused only for the hour says so, so the sweep knows to try it again after 06:00 Jakarta time. */
export const LATER_MARK = 'the payment service refunds it after 06:00 Jakarta time';

/** Why a virtual account's refund stays with staff. */
export const NO_TRANSFER_REFUNDS = 'a bank transfer is paid back by transfer to the account the customer gives';

/** Jakarta's hour and minute (UTC+7, no daylight saving). */
const jakartaMinutes = (iso: string) => {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};
/** ShopeePay takes refunds from 06:00 to 23:55 Jakarta time. */
export const refundHoursOpen = (iso: string): boolean => {
  const m = jakartaMinutes(iso);
  return m >= 6 * 60 && m < 23 * 60 + 55;
};

/**
 * Refunds through the gateway, exactly once per order: the refund is claimed on the charge row first (a customer's
 * cancel, a staff refund and a staff "Mark refunded" at the same moment: one wins), and the call carries a refund key
 * of its own so a repeat after a crash is the same refund. A settled charge is refunded; a card still in capture
 * (paid today, not yet settled) is voided with cancel, as Midtrans asks.
 */
export function createGatewayRefunds(ctx: GatewayContext) {
  const { client, charges, nowIso } = ctx;

  async function callRefund(charge: ChargeRecord, reason: string): Promise<RefundResult> {
    let failure: string;
    // Midtrans has no refund for a bank transfer (the answer table's refundNoRefunds): not asked; it stays due with the
    // reason, for staff to record the transfer to the account the customer gives.
    if (charge.method === 'bank_transfer') {
      await charges.finishRefund(charge.id, { refunded: false, failure: NO_TRANSFER_REFUNDS }, nowIso());
      return { state: 'failed', reason: NO_TRANSFER_REFUNDS };
    }
    try {
      const tx: MidtransTransaction =
        charge.gatewayStatus === 'capture'
          ? await client.cancel(charge.reference)
          : await client.refund(charge.reference, { refundKey: `refund-${charge.reference}`, amountIdr: charge.amountIdr, reason });
      if (isSuccessCode(tx.status_code)) {
        await charges.finishRefund(charge.id, { refunded: true }, nowIso());
        return { state: 'refunded' };
      }
      failure = tx.status_message ?? `the payment service answered ${tx.status_code}`;
      if (HOUR_REFUSAL.test(failure)) failure = `${failure}: ${LATER_MARK}`;
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError)) throw err;
      failure = 'the payment service did not answer';
    }
    ctx.log.warn({ orderId: charge.orderId, reference: charge.reference, failure }, 'refund through the gateway failed');
    await charges.finishRefund(charge.id, { refunded: false, failure }, nowIso());
    return { state: 'failed', reason: failure };
  }

  return {
    async refund(orderId: number, reason: string): Promise<RefundResult> {
      const charge = await charges.paidChargeOf(orderId);
      if (!charge) return { state: 'none' };
      if (charge.refundState === 'refunded') return { state: 'refunded' };
      if (!(await charges.claimRefund(charge.id, nowIso()))) {
        const now = await charges.findByReference(charge.reference);
        return now?.refundState === 'refunded' ? { state: 'refunded' } : { state: 'busy' };
      }
      return callRefund(charge, reason);
    },

    /**
     * Staff paid the money back themselves ("Mark refunded", "Refunded by transfer"): the charge's refund is taken
     * for that, so no gateway refund follows. 'busy' while a gateway refund of it is running.
     */
    async claimManualRefund(orderId: number): Promise<'ok' | 'busy'> {
      const charge = await charges.paidChargeOf(orderId);
      if (!charge || charge.refundState === 'refunded') return 'ok';
      return (await charges.claimRefundByHand(charge.id, nowIso())) ? 'ok' : 'busy';
    },

    /** A refund claimed but never finished (the process died in the call), or refused for the hour: tried again. */
    async finishRefund(reference: string): Promise<RefundResult> {
      const charge = await charges.findByReference(reference);
      if (!charge) return { state: 'none' };
      if (charge.refundState === 'failed' && charge.refundFailure?.endsWith(LATER_MARK) && refundHoursOpen(nowIso())) {
        if (!(await charges.claimRefund(charge.id, nowIso()))) return { state: 'busy' };
        return callRefund(charge, 'Order cancelled');
      }
      if (charge.refundState !== 'requested') return { state: 'none' };
      return callRefund(charge, 'Order cancelled');
    },
  };
}
export type GatewayRefunds = ReturnType<typeof createGatewayRefunds>;
