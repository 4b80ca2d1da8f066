import type { Kysely } from 'kysely';
import { ORDER_STATUS_LABELS, type Order, type OrderStatus, type StaffOrder } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n.js';
import type { PromotionService } from '../promotions/promotions.service.js';
import type { StoreService } from '../stores/stores.service.js';
import {
  checkCustomerCancel,
  checkMarkPaid,
  checkStatusChange,
  nextStatuses,
  paymentStatusAfter,
  refundAfterCancel,
  statusAfterMarkPaid,
} from './order-status.js';
import type { OrderEventRecord, OrderStepRepository } from './order-steps.repository.js';
import type { OrderRecord, OrderRepository, OrderStateChange } from './orders.repository.js';

export interface OrderMovesDeps {
  db: Kysely<Database>;
  orders: OrderRepository;
  steps: Pick<OrderStepRepository, 'insertSteps'>;
  now: () => Date;
  /** A cancelled order gives its place in the slot back. */
  stores: Pick<StoreService, 'releaseSlot'>;
  /** A cancelled order gives its coupon back. */
  promotions?: Pick<PromotionService, 'returnCoupon'> | undefined;
  /** A customer's cancel refunds through the gateway, or closes its open charge. */
  gatewayAfterCancel: (order: OrderRecord) => Promise<void>;
  /** Staff paid it back themselves: the gateway refund of the same order is taken first ('busy' while one runs). */
  claimManualRefund: (orderId: number) => Promise<'ok' | 'busy'>;
  findOwnOrder: (userId: number, rawId: string) => Promise<OrderRecord>;
  findAnyOrder: (rawId: string) => Promise<OrderRecord>;
  asOrder: (record: OrderRecord) => Promise<Order>;
  asStaffOrder: (record: OrderRecord) => Promise<StaffOrder>;
  /** Called once an order's steps are committed (never for a rolled-back move). */
  onOrderSteps?: ((orderId: number, steps: readonly OrderEventRecord[]) => void) | undefined;
}

/** Staff lost a race: another request moved the order between their read and their write. */
const changedByOthers = (id: number, status: OrderStatus): Text => (/*i18n*/ {
  id: 'Order #{id} was changed by someone else just now and is {status}: check it and choose again',
  values: { id, status: { id: ORDER_STATUS_LABELS[status] } },
});

/** The customer lost a race against the shop twice. */
const changedByShop = (id: number, status: OrderStatus): Text => (/*i18n*/ {
  id: 'Order #{id} was changed by the shop just now and is {status}: check it and try again',
  values: { id, status: { id: ORDER_STATUS_LABELS[status] } },
});

/** An order's moves: staff status changes, payments and refunds, and the customer's cancel, each compare-and-set. */
export function createOrderMoves(deps: OrderMovesDeps) {
  const { db, orders, now, findOwnOrder, findAnyOrder, asOrder, asStaffOrder } = deps;

  /**
   * Moves an order only from the state it was read in (compare-and-set) and writes the steps to its history in the
   * same transaction; false when someone else moved it first.
   */
  async function moveOrder(order: OrderRecord, change: OrderStateChange, events: OrderEventRecord[]): Promise<boolean> {
    const moved = await db.transaction().execute(async (trx) => {
      const changed = await orders.changeState(order.id, order, change, trx);
      if (changed) await deps.steps.insertSteps(order.id, events, trx);
      // A cancelled order gives its place in the slot back, so another customer can take it, and its coupon back.
      // Every cancel (customer, staff, an unpaid order expiring) comes through here, and the compare-and-set above
      // lets exactly one of two racing cancels in: the coupon comes back once.
      if (changed && change.status === 'cancelled') {
        await deps.stores.releaseSlot({ storeId: order.store?.id ?? null, deliveryMethod: order.deliveryMethod, slotAt: order.slotAt }, trx);
        await deps.promotions?.returnCoupon(order.id, trx);
      }
      return changed;
    });
    if (moved) deps.onOrderSteps?.(order.id, events);
    return moved;
  }

  /** A refused move, with where the order is now so the staff screen can catch up without a reload. */
  const statusConflict = (order: OrderRecord, message: Text, field?: 'status') =>
    conflict(message, field, { currentStatus: order.status, nextStatuses: nextStatuses(order) });

  /** Another request moved the order between our read and our write: say where it is now. */
  async function lostRace(orderId: number, field?: 'status') {
    const current = await findAnyOrder(String(orderId));
    return statusConflict(current, changedByOthers(orderId, current.status), field);
  }

  /**
   * Moves an order from the status it was read in, and only from that one (compare-and-set): of staff acting at
   * once exactly one wins. With `expectedStatus` (what the staff member's screen showed) the order must still be
   * in it, so a move chosen on a stale screen is refused instead of being applied to whatever the order became.
   */
  async function changeStatus(
    rawId: string,
    // Never back to pending: no move leads there, and it is no step of the history.
    { status: to, expectedStatus }: { status: Exclude<OrderStatus, 'pending'>; expectedStatus?: OrderStatus | undefined },
  ): Promise<StaffOrder> {
    const order = await findAnyOrder(rawId);
    if (expectedStatus !== undefined && order.status !== expectedStatus) {
      throw statusConflict(
        order,
        `Order #${order.id} is ${ORDER_STATUS_LABELS[order.status]} now, no longer ${ORDER_STATUS_LABELS[expectedStatus]}: someone changed it just now. Check it and choose again`,
        'status',
      );
    }
    const check = checkStatusChange(order, to);
    if (!check.ok) throw statusConflict(order, check.message, 'status');
    const nowIso = now().toISOString();
    const paymentStatus = paymentStatusAfter(order, to);
    const paidNow = paymentStatus === 'paid' && order.paymentStatus !== 'paid';
    const moved = await moveOrder(
      order,
      {
        status: to,
        paymentStatus,
        paidAt: paidNow ? nowIso : order.paidAt,
        updatedAt: nowIso,
        ...(to === 'cancelled' ? { refundStatus: refundAfterCancel(order) } : {}),
      },
      [...(paidNow ? [{ kind: 'paid' as const, at: nowIso, by: 'staff' as const }] : []), { kind: to, at: nowIso, by: 'staff' }],
    );
    if (!moved) throw await lostRace(order.id, 'status');
    return asStaffOrder(await findAnyOrder(String(order.id)));
  }

  async function markPaid(rawId: string): Promise<StaffOrder> {
    const order = await findAnyOrder(rawId);
    const check = checkMarkPaid(order);
    if (!check.ok) throw statusConflict(order, check.message);
    const nowIso = now().toISOString();
    const moved = await moveOrder(
      order,
      { status: statusAfterMarkPaid(order), paymentStatus: 'paid', paidAt: nowIso, updatedAt: nowIso },
      [{ kind: 'paid', at: nowIso, by: 'staff' }],
    );
    if (!moved) throw await lostRace(order.id);
    return asStaffOrder(await findAnyOrder(String(order.id)));
  }

  /**
   * The customer cancels an order the shop has not started on (pending or paid). Compare-and-set like the staff's
   * moves: against staff starting it at the same moment exactly one wins. A payment recorded in between leaves the
   * order cancellable, so that one case is judged once more from the fresh order (now with a refund due).
   */
  async function cancelMyOrder(userId: number, rawId: string): Promise<Order> {
    for (let attempt = 1; ; attempt += 1) {
      const order = await findOwnOrder(userId, rawId);
      const check = checkCustomerCancel(order);
      if (!check.ok) throw conflict(check.message, 'status', { currentStatus: order.status });
      const nowIso = now().toISOString();
      const moved = await moveOrder(
        order,
        { status: 'cancelled', paymentStatus: order.paymentStatus, paidAt: order.paidAt, updatedAt: nowIso, refundStatus: refundAfterCancel(order) },
        [{ kind: 'cancelled', at: nowIso, by: 'customer' }],
      );
      if (moved) {
        // Only the request that cancelled it refunds or closes the charge: a second tap lost the move above.
        await deps.gatewayAfterCancel(order);
        return asOrder(await findOwnOrder(userId, rawId));
      }
      if (attempt >= 2) {
        const current = await findOwnOrder(userId, rawId);
        throw conflict(changedByShop(current.id, current.status), 'status', { currentStatus: current.status });
      }
    }
  }

  /** Staff paid back the total of a paid order that was cancelled. */
  async function markRefunded(rawId: string): Promise<StaffOrder> {
    const order = await findAnyOrder(rawId);
    if (order.refundStatus !== 'refund-due') {
      throw statusConflict(
        order,
        order.refundStatus === 'refunded' ? `Order #${order.id} is already refunded` : `Order #${order.id} has no refund due`,
      );
    }
    // One refund per order: a gateway refund running now (or done) wins over a hand-made one, and this claim stops
    // one from starting after it.
    if ((await deps.claimManualRefund(order.id)) === 'busy') {
      throw statusConflict(order, `A refund of order #${order.id} through the payment service is under way: check the order again in a moment`);
    }
    const nowIso = now().toISOString();
    const refunded = await db.transaction().execute(async (trx) => {
      const done = await orders.markRefunded(order.id, nowIso, trx);
      if (done) await deps.steps.insertSteps(order.id, [{ kind: 'refunded', at: nowIso, by: 'staff' }], trx);
      return done;
    });
    if (!refunded) throw statusConflict(order, `Order #${order.id} was just marked refunded by someone else`);
    deps.onOrderSteps?.(order.id, [{ kind: 'refunded', at: nowIso, by: 'staff' }]);
    return asStaffOrder(await findAnyOrder(String(order.id)));
  }

  return { moveOrder, statusConflict, lostRace, changeStatus, markPaid, cancelMyOrder, markRefunded };
}
