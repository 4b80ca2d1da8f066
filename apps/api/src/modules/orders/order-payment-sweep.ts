import type { ChargeRecord, PaymentService, VerifiedNotice } from '../payments/payments.service.js';
import type { OrderRecord, OrderRepository, OrderStateChange } from './orders.repository.js';
import type { OrderEventRecord } from './order-steps.repository.js';

export interface OrderPaymentSweepDeps {
  orders: Pick<OrderRepository, 'findOrder' | 'listOverduePayments'>;
  gateway: PaymentService | undefined;
  now: () => Date;
  moveOrder: (order: OrderRecord, change: OrderStateChange, events: OrderEventRecord[]) => Promise<boolean>;
  applyNotice: (notice: VerifiedNotice) => Promise<boolean>;
  recordRefunded: (orderId: number, by: 'staff' | null) => Promise<void>;
  log: { error(obj: object, msg: string): void };
}

/**
 * The shop's own clock over online payments (decision 034): payment windows that ended unpaid are closed and their
 * orders cancelled, and charges whose outcome may have been missed are asked about again. Run at start-up and every
 * MIDTRANS_SWEEP_MS by every process (orders.module.ts).
 */
export function createOrderPaymentSweep(deps: OrderPaymentSweepDeps) {
  const { orders, gateway, now, moveOrder, applyNotice, recordRefunded } = deps;

  /** One charge of the check (see reconcile). */
  async function reconcileOne(charge: ChargeRecord): Promise<void> {
    if (!gateway) return;
    if (charge.refundState === 'requested' || charge.refundState === 'failed') {
      const result = await gateway.finishClaimedRefund(charge.reference);
      if (result.state === 'refunded') await recordRefunded(charge.orderId, null);
      return;
    }
    const notice = await gateway.recheck(charge.reference);
    // Cut short by a crash or a slow gateway: shown again, or replaced by a new try.
    if (charge.gatewayStatus === 'creating' || charge.gatewayStatus === 'unavailable') await gateway.settleLostCharge(charge, notice !== null);
    if (notice) await applyNotice(notice);
  }

  /**
   * The shop's own clock: every order whose payment window ended unpaid is cancelled through the one cancel path
   * (moveOrder gives its slot place and coupon back), its open charge asked about first (paid at the last second:
   * it is paid, not cancelled) and closed at the gateway. Safe with several processes: the charge's close and the
   * order's move are compare-and-sets, so of two sweeps at once one cancels and the other finds it done.
   */
  async function endOverduePayments(): Promise<{ cancelled: number }> {
    const ids = await orders.listOverduePayments(now().toISOString(), 100);
    let cancelled = 0;
    for (const id of ids) {
      try {
        if (await endOne(id)) cancelled += 1;
      } catch (err) {
        deps.log.error({ err, orderId: id }, 'could not end an unpaid order at the end of its payment window');
      }
    }
    return { cancelled };
  }

  async function endOne(orderId: number): Promise<boolean> {
    const order = await orders.findOrder(orderId);
    const nowIso = now().toISOString();
    if (!order || order.status !== 'pending' || order.paymentStatus !== 'awaiting-payment' || !order.paymentDueAt || order.paymentDueAt > nowIso) return false;
    const paid = await gateway?.endPaymentWindow(orderId);
    if (paid) {
      await applyNotice(paid);
      return false;
    }
    return moveOrder(order, { status: 'cancelled', paymentStatus: order.paymentStatus, paidAt: order.paidAt, updatedAt: nowIso, refundStatus: null }, [
      { kind: 'cancelled', at: nowIso, by: null },
    ]);
  }

  return {
    /**
     * The start-up and periodic check: every charge whose outcome may have been missed (a notice lost to a crash, a
     * charge the gateway made after the shop stopped waiting) is asked again and applied; a refund cut short, or
     * refused only for the hour, is tried again with the same refund key.
     */
    async reconcile(when: 'start-up' | 'periodic' = 'start-up'): Promise<{ checked: number }> {
      if (!gateway) return { checked: 0 };
      const open = await gateway.unsettledCharges(when);
      for (const charge of open) {
        try {
          await reconcileOne(charge);
        } catch (err) {
          deps.log.error({ err, reference: charge.reference }, 'payment check failed for one charge');
        }
      }
      return { checked: open.length };
    },
    endOverduePayments,
  };
}
