import { useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrder } from '../api/get-order';
import { useOrderEvents } from '../api/order-events';
import { GatewayPayment, type GatewaySettings } from './gateway-payment';
import { OrderDetails } from './order-details';
import { OrderNotLoaded } from './order-not-loaded';
import { RefundAccountPanel } from './refund-account';

/** Nothing more to happen to these: nothing to offer after them. */
const FINISHED = new Set<Order['status']>(['delivered', 'cancelled']);

/** The customer's page of one order (/history/:id): everything about it, its receipt, and Cancel while the shop has not started. */
export function OrderPage({
  id,
  gateway,
  AfterOrder,
}: {
  id: number;
  gateway?: GatewaySettings | undefined;
  AfterOrder?: ComponentType<{ order: Order }> | undefined;
}) {
  const { t } = useLingui();
  const order = useMyOrder(id);
  // A staff move shows here within moments, without a reload.
  useOrderEvents('mine');
  // Kept here, not in the Cancel button: once the order is cancelled (or a refusal re-reads it as being prepared) the
  // button is gone, and what it started must still end with its message.
  const cancel = useCancelOrder();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const cancelOrder = (orderId: number) => {
    setFailure(null);
    cancel.mutate(orderId, {
      onSuccess: () => toast(t`Order #${orderId} is cancelled`),
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  if (order.isPending) return <Spinner label={t`Loading your order`} className="mx-auto my-24" />;
  if (order.isError) {
    return (
      <OrderNotLoaded
        order={order}
        missing={{ title: t`We could not find this order`, message: t`It is not one of your orders, or you removed it from your history.` }}
        failedTitle={t`We couldn't load your order`}
        backHref={paths.history.getHref()}
        backLabel={t`See your orders`}
      />
    );
  }
  return (
    <OrderDetails
      order={order.data}
      viewer="customer"
      backHref={paths.history.getHref()}
      backLabel={t`Your orders`}
      paymentPanel={<GatewayPayment order={order.data} gateway={gateway} />}
      refundPanel={<RefundAccountPanel order={order.data} />}
      actions={
        failure || order.data.cancellable || (AfterOrder && !FINISHED.has(order.data.status)) ? (
          <div className="flex w-full flex-col gap-3">
            {AfterOrder && !FINISHED.has(order.data.status) && <AfterOrder order={order.data} />}
            {failure && (
              <Alert tone="danger" onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
            {order.data.cancellable && <CancelOrder order={order.data} onConfirm={cancelOrder} pending={cancel.isPending} />}
          </div>
        ) : undefined
      }
    />
  );
}

/** "Cancel order", asked once more in a dialog. */
export function CancelOrder({ order, onConfirm, pending }: { order: Order; onConfirm: (id: number) => void; pending: boolean }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const paid = order.paymentStatus === 'paid';
  const orderId = order.id;
  const confirm = () => {
    setConfirming(false);
    onConfirm(orderId);
  };

  return (
    <div>
      <Button variant="outline" onClick={() => setConfirming(true)} disabled={pending}>
        {pending ? t`Cancelling…` : t`Cancel order`}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t`Cancel order #${orderId}?`} role="alertdialog">
        <p className="text-muted">
          {paid ? (
            <Trans>
              The shop will not prepare it. This cannot be undone. You have paid <Price amount={order.summary.totalIdr} />: the shop
              pays it back to you.
            </Trans>
          ) : (
            <Trans>The shop will not prepare it. This cannot be undone.</Trans>
          )}
        </p>
        <div className="mt-8 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={pending}>
            <Trans>Keep my order</Trans>
          </Button>
          <Button variant="primary" onClick={confirm} disabled={pending}>
            <Trans>Yes, cancel it</Trans>
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
