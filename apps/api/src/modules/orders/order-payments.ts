import type { Kysely } from 'kysely';
import type { Order, PayOrderInput, PlaceOrderInput, StaffOrder } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import type { PaymentProviders, PaymentService, VerifiedNotice } from '../payments/payments.service.js';
import { refundAfterCancel, statusAfterMarkPaid } from './order-status.js';
import type { OrderEventRecord, OrderStepRepository } from './order-steps.repository.js';
import type { OrderRecord, OrderRepository, OrderStateChange } from './orders.repository.js';

export interface OrderPaymentsDeps {
  db: Kysely<Database>;
  orders: OrderRepository;
  steps: Pick<OrderStepRepository, 'insertSteps'>;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
  /** The manual providers (and the gateway's, when there is one) an order's method initiates with. */
  payments: PaymentProviders;
  /** The payment gateway's charges, notices and refunds (payments module); absent: manual payments only. */
  gateway?: PaymentService | undefined;
  moveOrder: (order: OrderRecord, change: OrderStateChange, events: OrderEventRecord[]) => Promise<boolean>;
  statusConflict: (order: OrderRecord, message: string, field?: 'status') => Error;
  lostRace: (orderId: number, field?: 'status') => Promise<Error>;
  findOwnOrder: (userId: number, rawId: string) => Promise<OrderRecord>;
  findAnyOrder: (rawId: string) => Promise<OrderRecord>;
  asOrder: (record: OrderRecord) => Promise<Order>;
  asStaffOrder: (record: OrderRecord) => Promise<StaffOrder>;
  onOrderSteps: (orderId: number, steps: readonly OrderEventRecord[]) => void;
}

/**
 * An order's payment through the gateway (decision 023): the charge after the order committed, another try or method,
 * the gateway's notices, the start-up check, and refunds. The orders module moves the order; the payments module
 * keeps the charges.
 */
export function createOrderPayments(deps: OrderPaymentsDeps) {
  const { db, orders, now, gateway, moveOrder, statusConflict, lostRace, findOwnOrder, findAnyOrder, asOrder, asStaffOrder } = deps;

  /** Pays an order awaiting payment through the gateway: a card's first charge, a new try, or another method. */
  async function payMyOrder(userId: number, rawId: string, input: PayOrderInput): Promise<Order> {
    const order = await findOwnOrder(userId, rawId);
    if (!gateway || order.status !== 'pending' || order.paymentStatus !== 'awaiting-payment' || !gateway.usesGateway(order.paymentMethod)) {
      throw conflict(`Order #${order.id} is not waiting for a payment through the payment service`, 'status', { currentStatus: order.status });
    }
    const latest = await gateway.latestCharge(order.id);
    if (latest && (latest.gatewayStatus === 'pending' || latest.gatewayStatus === 'creating')) {
      // The open QR or virtual account is closed first, so the customer cannot pay twice.
      await gateway.closeOpenCharge(order.id);
      const closed = await gateway.latestCharge(order.id);
      if (closed && (closed.gatewayStatus === 'pending' || closed.gatewayStatus === 'creating')) {
        throw conflict('Your earlier payment is still open at the payment service: pay it, or try again in a moment', 'method');
      }
    }
    if (input.method !== order.paymentMethod) {
      const payment = gateway.usesGateway(input.method)
        ? { paymentStatus: 'awaiting-payment' as const, instructions: null }
        : await deps.payments[input.method].initiate({ id: order.id, totalIdr: order.totalIdr, customerEmail: order.customerEmail });
      if (!(await orders.changePaymentMethod(order.id, order.paymentMethod, input.method, payment, now().toISOString()))) throw await lostRace(order.id);
    }
    if (gateway.usesGateway(input.method)) await chargeOrder(order, order.customerEmail, input.method, { bank: input.bank, tokenId: input.tokenId });
    return asOrder(await findOwnOrder(userId, rawId));
  }

  /**
   * A gateway notice, verified by the payments module (signature, then the gateway's own status): moves the order.
   * Idempotent and order-independent: every move is a compare-and-set from the state the notice applies to, so the
   * same notice twice, or a late "pending", changes nothing. False when the amount is not the order's total.
   */
  async function applyGatewayNotice(notice: VerifiedNotice): Promise<boolean> {
    return applyNotice(notice);
  }

  /**
   * The start-up check: every charge whose outcome may have been missed (the process died between the gateway's
   * notice and its answer) is asked again and applied, and a refund cut short is finished with the same refund key.
   */
  async function reconcileGatewayPayments(): Promise<{ checked: number }> {
    if (!gateway) return { checked: 0 };
    const open = await gateway.unsettledCharges();
    for (const charge of open) {
      try {
        if (charge.refundState === 'requested') {
          const result = await gateway.finishClaimedRefund(charge.reference);
          if (result.state === 'refunded') await recordRefunded(charge.orderId, null);
          continue;
        }
        const notice = await gateway.recheck(charge.reference);
        if (notice) await applyNotice(notice);
      } catch (err) {
        deps.log.error({ err, reference: charge.reference }, 'start-up payment check failed for one charge');
      }
    }
    return { checked: open.length };
  }

  /**
   * Staff refund a cancelled order through the gateway it was paid with. Exactly once against a customer's cancel
   * at the same moment: the refund is claimed on the charge first, and the loser is told it is under way.
   */
  async function refundMyShopOrder(rawId: string): Promise<StaffOrder> {
    const order = await findAnyOrder(rawId);
    if (order.refundStatus !== 'refund-due') {
      throw statusConflict(order, order.refundStatus === 'refunded' ? `Order #${order.id} is already refunded` : `Order #${order.id} has no refund due`);
    }
    if (!(await gateway?.paidThroughGateway(order.id))) {
      throw statusConflict(order, `Order #${order.id} was not paid through the payment service: pay it back yourself and mark it refunded`);
    }
    const result = await refundThroughGateway(order.id, 'staff');
    if (result === 'busy') throw statusConflict(order, `A refund of order #${order.id} is under way already: check the order again in a moment`);
    if (result !== 'refunded') {
      const charge = await gateway?.latestCharge(order.id);
      throw statusConflict(
        order,
        `The payment service did not refund order #${order.id}${charge?.refundFailure ? ` (${charge.refundFailure})` : ''}: the refund stays due. Pay it back another way and mark it refunded, or try again`,
      );
    }
    return asStaffOrder(await findAnyOrder(String(order.id)));
  }

  /** Creates the charge for an order at the gateway, from the order's own figures. */
  async function chargeOrder(
    order: OrderRecord,
    email: string,
    method: PlaceOrderInput['paymentMethod'],
    options: { bank?: PayOrderInput['bank']; tokenId?: string | undefined },
  ): Promise<void> {
    if (!gateway) return;
    try {
      await gateway.startCharge(
        {
          id: order.id,
          totalIdr: order.totalIdr,
          email,
          lines: order.lines.map((l) => ({ productId: l.productId, name: l.name, unitPriceIdr: l.unitPriceIdr, quantity: l.quantity })),
          discountIdr: order.discountIdr,
          taxAndFeesIdr: order.taxAndFeesIdr,
          shippingIdr: order.shippingIdr,
        },
        method,
        options,
      );
    } catch (err) {
      // A refused card token (400) or a charge being made by another request (409) is the customer's to see; anything
      // else leaves the order waiting, logged.
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 400 || status === 409) throw err;
      deps.log.error({ err, orderId: order.id }, 'charge at the payment gateway failed');
    }
  }

  /** See applyGatewayNotice. */
  async function applyNotice(notice: VerifiedNotice): Promise<boolean> {
    const orderId = notice.charge.orderId;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const order = await orders.findOrder(orderId);
      if (!order) return false;
      if (notice.outcome === 'paid') {
        // The gateway's amount (from its status answer) must be this order's total and this charge's.
        if (notice.amountIdr !== order.totalIdr || notice.charge.amountIdr !== order.totalIdr) {
          deps.log.error({ orderId, reference: notice.charge.reference, amountIdr: notice.amountIdr, totalIdr: order.totalIdr }, 'gateway payment amount is not the order total: order left as it is');
          return false;
        }
        if (order.paymentStatus === 'paid') return true;
        const nowIso = now().toISOString();
        const paid = [{ kind: 'paid' as const, at: nowIso, by: null }];
        if (order.status === 'cancelled') {
          // Paid after it was cancelled (a QR paid at the last second): recorded, owed back, and refunded at once.
          const recorded = await db.transaction().execute(async (trx) => {
            const changed = await orders.changeState(order.id, order, { status: 'cancelled', paymentStatus: 'paid', paidAt: nowIso, updatedAt: nowIso, refundStatus: 'refund-due' }, trx);
            if (changed) await deps.steps.insertSteps(order.id, paid, trx);
            return changed;
          });
          if (!recorded) continue;
          deps.onOrderSteps(order.id, paid);
          await refundThroughGateway(order.id, null);
          return true;
        }
        // The kitchen sees it at once (the step goes out live): no staff step between the payment and "Start preparing".
        const moved = await moveOrder(order, { status: statusAfterMarkPaid(order), paymentStatus: 'paid', paidAt: nowIso, updatedAt: nowIso }, paid);
        if (!moved) continue;
        return true;
      }
      if (notice.outcome === 'failed') {
        // Only the newest attempt's end cancels the order (an older QR expiring after a new one was made does not), and
        // never one the shop closed itself to make a new attempt.
        if (notice.charge.gatewayStatus === 'closed') return true;
        const latest = await gateway?.latestCharge(orderId);
        if (latest?.reference !== notice.charge.reference) return true;
        if (order.status !== 'pending' || order.paymentStatus !== 'awaiting-payment') return true;
        const nowIso = now().toISOString();
        // The orders module's own cancel (moveOrder): the slot place (and the coupon) are given back.
        const moved = await moveOrder(
          order,
          { status: 'cancelled', paymentStatus: order.paymentStatus, paidAt: order.paidAt, updatedAt: nowIso, refundStatus: null },
          [{ kind: 'cancelled', at: nowIso, by: null }],
        );
        if (!moved) continue;
        return true;
      }
      if (notice.outcome === 'refunded' && order.refundStatus === 'refund-due') await recordRefunded(order.id, null);
      return true;
    }
    return true;
  }

  /** Refunds a paid, cancelled order through the gateway; 'none' when it was not paid through one. */
  async function refundThroughGateway(orderId: number, by: 'customer' | 'staff' | null): Promise<'refunded' | 'failed' | 'busy' | 'none'> {
    if (!gateway) return 'none';
    const result = await gateway.refund(orderId, 'Order cancelled');
    if (result.state === 'refunded') await recordRefunded(orderId, by === 'customer' ? null : by);
    return result.state;
  }

  /** The order shows "Refunded" once the gateway confirmed the refund (once: refund-due -> refunded is a compare-and-set). */
  async function recordRefunded(orderId: number, by: 'staff' | null): Promise<void> {
    const nowIso = now().toISOString();
    const done = await db.transaction().execute(async (trx) => {
      const changed = await orders.markRefunded(orderId, nowIso, trx);
      if (changed) await deps.steps.insertSteps(orderId, [{ kind: 'refunded', at: nowIso, by }], trx);
      return changed;
    });
    if (done) deps.onOrderSteps(orderId, [{ kind: 'refunded', at: nowIso, by }]);
  }

  /** After a customer's own cancel: a paid order is refunded through the gateway, an open charge is closed. */
  async function afterCustomerCancel(order: OrderRecord): Promise<void> {
    if (refundAfterCancel(order) === 'refund-due') await refundThroughGateway(order.id, 'customer');
    else await gateway?.closeOpenCharge(order.id);
  }

  return { chargeOrder, payMyOrder, applyGatewayNotice, reconcileGatewayPayments, refundMyShopOrder, afterCustomerCancel };
}
