import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { useLingui as useLanguage } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { STAFF_STATUS_TARGETS } from '@coffee/contract';
import type { ChangeOrderStatusInput, OrderStatus, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { useStaffMay } from '../../../lib/staff-rights';
import { useStaffOrderAction } from '../api/change-order-status';
import type { StaffAction } from '../api/change-order-status';
import { finishMoveLabel } from './order-words';
import { RefundTransferPanel, refundByTransfer } from './refund-account';

const isStaffTarget = (status: OrderStatus): status is ChangeOrderStatusInput['status'] =>
  (STAFF_STATUS_TARGETS as readonly string[]).includes(status);

/** What a move is called on its button; finishing is named by the delivery method (Mark picked up, served, delivered). */
function moveLabel(action: StaffAction['action'], order: StaffOrder): string {
  switch (action) {
    case 'mark-paid':
      return t`Mark paid`;
    case 'mark-refunded':
      return t`Mark refunded`;
    case 'refund':
      return t`Refund through Midtrans`;
    case 'preparing':
      return t`Start preparing`;
    case 'ready':
      return t`Mark ready`;
    case 'on-delivery':
      return t`Send out for delivery`;
    case 'delivered':
      return finishMoveLabel(order.deliveryMethod);
    case 'cancelled':
      return t`Cancel order`;
  }
}

/**
 * The moves staff may make on an order now: Mark paid while the money is not in, the statuses the API allows next
 * (`nextStatuses`), Mark refunded while a refund is due; cancelling asks first. A refusal shows under the buttons.
 */
export function StaffOrderActions({ order }: { order: StaffOrder }) {
  // Redrawn in the new language when the screens switch (its texts are read at draw time).
  useLanguage();
  const action = useStaffOrderAction();
  const id = order.id;
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Only where staff take the money themselves: an online payment confirms itself (the API says which).
  const canMarkPaid = order.canMarkPaid;
  // 'paid' is reached through Mark paid only; the rest are the moves the API allows now.
  const moves = order.nextStatuses.filter(isStaffTarget);
  // A barista sees a refund is due but leaves paying it back to a manager or the owner (the API refuses them too).
  const mayRefund = useStaffMay('refunds');
  const refundDue = order.refundStatus === 'refund-due' && mayRefund;
  // Paid through the gateway: it can pay the money back itself (a refund it refused can still be made another way).
  // A bank transfer it cannot: that refund is sent to the customer's account ("Refunded by transfer").
  const gatewayPaid =
    order.payment !== null && order.payment !== undefined && ['settlement', 'capture'].includes(order.payment.gatewayStatus) && !refundByTransfer(order);

  const run = (move: StaffAction['action']) => {
    setFailure(null);
    action.mutate(
      { id: order.id, from: order.status, action: move },
      {
        onSuccess: () => setConfirmCancel(false),
        onError: (error) => {
          setConfirmCancel(false);
          setFailure(errorMessage(error));
        },
      },
    );
  };

  const button = (move: StaffAction['action'], variant: 'accent' | 'primary' | 'ghost', onClick = () => run(move)) => {
    const label = moveLabel(move, order);
    return (
      <Button
        key={move}
        size="sm"
        variant={variant}
        disabled={action.isPending}
        onClick={onClick}
        aria-label={move === 'cancelled' ? t`Cancel order #${id}` : t`${label} (order #${id})`}
      >
        {label}
      </Button>
    );
  };

  return (
    <>
      {failure && (
        <Alert tone="danger" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {refundDue && <RefundTransferPanel order={order} />}
      {(canMarkPaid || refundDue || moves.length > 0) && (
        <div className="flex flex-wrap gap-2" aria-busy={action.isPending}>
          {canMarkPaid && button('mark-paid', 'accent')}
          {refundDue && gatewayPaid && button('refund', 'accent')}
          {refundDue && button('mark-refunded', gatewayPaid ? 'ghost' : 'accent')}
          {moves.map((move) => (move === 'cancelled' ? button(move, 'ghost', () => setConfirmCancel(true)) : button(move, 'primary')))}
        </div>
      )}
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} title={t`Cancel order #${id}?`} role="alertdialog">
        <p className="text-muted">
          {order.paymentStatus === 'paid' ? (
            <Trans>
              The customer sees the order as cancelled. This cannot be undone. It is paid: it will show as refund due until you mark it
              refunded.
            </Trans>
          ) : (
            <Trans>The customer sees the order as cancelled. This cannot be undone.</Trans>
          )}
        </p>
        <div className="mt-8 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirmCancel(false)} disabled={action.isPending}>
            <Trans>Keep the order</Trans>
          </Button>
          <Button variant="primary" onClick={() => run('cancelled')} disabled={action.isPending}>
            <Trans>Cancel order</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  );
}
