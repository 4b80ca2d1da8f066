import type { Kysely } from 'kysely';
import type { PayOrderInput, PlaceOrderInput } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import type { PaymentProviders, PaymentService, VerifiedNotice } from '../payments/payments.service.js';
import { createOrderPaymentSweep } from './order-payment-sweep.js';
import { statusAfterMarkPaid } from './order-status.js';
import type { OrderStepRepository } from './order-steps.repository.js';
import type { OrderEventRecord, OrderRecord, OrderRepository, OrderStateChange } from './orders.repository.js';

export interface OrderPaymentsDeps {
  db: Kysely<Database>;
  orders: OrderRepository;
  /** The order's history (order_events), written with each move. */
  steps: Pick<OrderStepRepository, 'insertSteps'>;
  /** Absent or without a gateway: nothing here does anything. */
  gateway: PaymentService | undefined;
  providers: PaymentProviders;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
  onOrderSteps?: ((orderId: number, steps: readonly OrderEventRecord[]) => void) | undefined;
  /** The orders service's own compare-and-set move (a cancel gives the slot place back there). */
  moveOrder: (order: OrderRecord, change: OrderStateChange, events: OrderEventRecord[]) => Promise<boolean>;
  findOwnOrder: (userId: number, rawId: string) => Promise<OrderRecord>;
  lostRace: (orderId: number) => Promise<Error>;
}

/**
 * The orders module's side of paying through the gateway (decision 023): the charge after an order commits, the
 * customer's new try or other method, the gateway's verified notices moving orders (paid -> the kitchen; expired,
 * denied, cancelled -> cancelled through moveOrder, which gives the slot place back), refunds through the gateway
 * recorded once, and the start-up check. Part of the orders service; its own file to keep that one readable.
 */
export function createOrderPayments(deps: OrderPaymentsDeps) {
  const { db, orders, gateway, now, moveOrder, findOwnOrder, lostRace } = deps;

  /** Creates the charge for an order at the gateway, from the order's own figures. */
  async function chargeOrder(
    order: OrderRecord,
    email: string,
    method: PlaceOrderInput['paymentMethod'],
    options: { bank?: PayOrderInput['bank']; tokenId?: string | undefined; attempt?: number | undefined },
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
          paymentDueAt: order.paymentDueAt,
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
          deps.onOrderSteps?.(order.id, paid);
          await refundThroughGateway(order.id, null);
          return true;
        }
        // The kitchen sees it at once (the step goes out live): no staff step between the payment and "Start preparing".
        const moved = await moveOrder(order, { status: statusAfterMarkPaid(order), paymentStatus: 'paid', paidAt: nowIso, updatedAt: nowIso }, paid);
        if (!moved) continue;
        return true;
      }
      // Expired, declined or cancelled: the order stays open for the rest of its window (another card, another way, or
      // cancel); the shop's own clock ends it (endOverduePayments), whether or not a notice arrives.
      if (notice.outcome === 'failed') return true;
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
    if (done) deps.onOrderSteps?.(orderId, [{ kind: 'refunded', at: nowIso, by }]);
  }

  const sweep = createOrderPaymentSweep({ orders, gateway, now, moveOrder, applyNotice, recordRefunded, log: deps.log });

  return {
    chargeOrder,
    refundThroughGateway,

    /** Pays an order awaiting payment through the gateway: a card's first charge, a new try, or another method. */
    async payMyOrder(userId: number, rawId: string, input: PayOrderInput): Promise<OrderRecord> {
      const order = await findOwnOrder(userId, rawId);
      if (!gateway || order.status !== 'pending' || order.paymentStatus !== 'awaiting-payment' || !gateway.usesGateway(order.paymentMethod)) {
        throw conflict(/*i18n*/ { id: 'Order #{id} is not waiting for a payment through the payment service', values: { id: order.id } }, 'status', {
          currentStatus: order.status,
        });
      }
      const latest = await gateway.latestCharge(order.id);
      // The open QR or virtual account is closed first, so the customer cannot pay twice; a charge being made by
      // another request right now (a second tap) is left to it.
      if (!(await gateway.closeOpenCharge(order.id))) {
        throw conflict(/*i18n*/ 'Your earlier payment is still open at the payment service, or being set up: pay it, or try again in a moment', 'method');
      }
      if (input.method !== order.paymentMethod) {
        const payment = gateway.usesGateway(input.method)
          ? { paymentStatus: 'awaiting-payment' as const, instructions: null }
          : await deps.providers[input.method].initiate({ id: order.id, totalIdr: order.totalIdr, customerEmail: order.customerEmail });
        const online = { ...payment, online: gateway.usesGateway(input.method) };
        if (!(await orders.changePaymentMethod(order.id, order.paymentMethod, input.method, online, now().toISOString()))) throw await lostRace(order.id);
      }
      // The attempt after the newest charge seen above: of two taps at once, the second's charge is refused (409).
      const attempt = (latest?.attempt ?? 0) + 1;
      if (gateway.usesGateway(input.method)) await chargeOrder(order, order.customerEmail, input.method, { bank: input.bank, tokenId: input.tokenId, attempt });
      return findOwnOrder(userId, rawId);
    },

    /**
     * A gateway notice, verified by the payments module (signature, then the gateway's own status): moves the order.
     * Idempotent and order-independent: every move is a compare-and-set from the state the notice applies to, so the
     * same notice twice, or a late "pending", changes nothing. False when the amount is not the order's total.
     */
    applyNotice,

    reconcile: (when?: 'start-up' | 'periodic') => sweep.reconcile(when),
    endOverduePayments: () => sweep.endOverduePayments(),
  };
}
