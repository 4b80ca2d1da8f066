import type { Text } from '../../lib/i18n.js';
import type { PaymentService } from '../payments/payments.service.js';
import type { OrderRecord } from './orders.repository.js';

export interface StaffRefundDeps {
  findAnyOrder: (rawId: string) => Promise<OrderRecord>;
  /** A 409 that says where the order is now and where it can go (order-moves.ts). */
  statusConflict: (order: OrderRecord, message: Text) => Error;
  /** Absent or without a gateway: no order was paid through one. */
  gateway: Pick<PaymentService, 'paidThroughGateway' | 'latestCharge'> | undefined;
  /** The gateway refund, recorded once it is confirmed (order-payments.ts). */
  refundThroughGateway: (orderId: number, by: 'staff') => Promise<'refunded' | 'failed' | 'busy' | 'none'>;
}

/**
 * Staff refund a cancelled order through the gateway it was paid with. Exactly once against a customer's cancel
 * at the same moment: the refund is claimed on the charge first, and the loser is told it is under way.
 */
export function createStaffRefund({ findAnyOrder, statusConflict, gateway, refundThroughGateway }: StaffRefundDeps) {
  return async function refundMyShopOrder(rawId: string): Promise<OrderRecord> {
    const order = await findAnyOrder(rawId);
    if (order.refundStatus !== 'refund-due') {
      throw statusConflict(
        order,
        order.refundStatus === 'refunded'
          ? /*i18n*/ { id: 'Order #{id} is already refunded', values: { id: order.id } }
          : /*i18n*/ { id: 'Order #{id} has no refund due', values: { id: order.id } },
      );
    }
    if (!(await gateway?.paidThroughGateway(order.id))) {
      throw statusConflict(order, /*i18n*/ { id: 'Order #{id} was not paid through the payment service: pay it back yourself and mark it refunded', values: { id: order.id } });
    }
    const result = await refundThroughGateway(order.id, 'staff');
    if (result === 'busy') throw statusConflict(order, /*i18n*/ { id: 'A refund of order #{id} is under way already: check the order again in a moment', values: { id: order.id } });
    if (result !== 'refunded') {
      const charge = await gateway?.latestCharge(order.id);
      throw statusConflict(
        order,
        /*i18n*/ {
          id: 'The payment service did not refund order #{id}{reason}: the refund stays due. Pay it back another way and mark it refunded, or try again',
          // The gateway's own reason, in its words, when it gave one.
          values: { id: order.id, reason: charge?.refundFailure ? ` (${charge.refundFailure})` : '' },
        },
      );
    }
    return findAnyOrder(String(order.id));
  };
}
