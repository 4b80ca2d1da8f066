import { useState } from 'react';
import { DELIVERY_METHOD_LABELS, STAFF_STATUS_TARGETS } from '@coffee/contract';
import type { ChangeOrderStatusInput, OrderStatus, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LineChoices } from '../../../components/ui/line-choices';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatShopTime } from '../../../lib/shop-time';
import { useStaffOrderAction, type StaffAction } from '../api/change-order-status';
import { useStaffOrders } from '../api/get-staff-orders';
import { OrderStatusBadge } from './order-status-badge';
import { finishMoveLabel } from './order-words';

const FINISHED: readonly OrderStatus[] = ['delivered', 'cancelled'];

const isForwardMove = (status: OrderStatus): status is ChangeOrderStatusInput['status'] =>
  status !== 'cancelled' && (STAFF_STATUS_TARGETS as readonly string[]).includes(status);

/** The one step a tap takes: the next forward move, or Mark paid when the order must be paid before it is made. */
export function kitchenStep(order: StaffOrder): { action: StaffAction['action']; label: string } | null {
  const next = order.nextStatuses.find(isForwardMove);
  if (next === undefined) {
    return order.paymentStatus === 'awaiting-payment' && !FINISHED.includes(order.status) ? { action: 'mark-paid', label: 'Mark paid' } : null;
  }
  const labels: Record<ChangeOrderStatusInput['status'], string> = {
    preparing: 'Start preparing',
    ready: 'Mark ready',
    'on-delivery': 'Send out',
    delivered: finishMoveLabel(order.deliveryMethod),
    cancelled: 'Cancel',
  };
  return { action: next, label: labels[next] };
}

/**
 * The kitchen display: the orders still to make or hand over, oldest first, as large cards with one big button
 * for the next step, readable from across the counter. Cancelling stays on the ordinary list, where it asks first.
 */
export function KitchenDisplay() {
  const orders = useStaffOrders(undefined);
  if (orders.isPending) return <Spinner label="Loading orders" />;
  if (orders.isError) return <Alert tone="danger">{errorMessage(orders.error)}</Alert>;
  const open = (orders.data.pages.flatMap((page) => page.data) ?? [])
    .filter((order) => !FINISHED.includes(order.status))
    .sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  if (open.length === 0) return <p className="rounded-3xl bg-white p-12 text-center text-2xl text-muted shadow-card">Nothing to make right now.</p>;
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Orders to make, oldest first">
      {open.map((order) => (
        <KitchenCard key={order.id} order={order} />
      ))}
    </ul>
  );
}

function KitchenCard({ order }: { order: StaffOrder }) {
  const action = useStaffOrderAction();
  const [failure, setFailure] = useState<string | null>(null);
  const step = kitchenStep(order);
  const titleId = `kitchen-order-${order.id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-3xl border-4 border-espresso/20 bg-white p-6 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-4xl font-bold text-ink">
            #{order.id}
          </h2>
          <p className="text-lg text-muted">
            {DELIVERY_METHOD_LABELS[order.deliveryMethod]} · {order.isAsap ? 'ASAP' : formatShopTime(order.scheduledFor)}
          </p>
        </div>
        <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
      </div>
      <ul className="flex flex-col gap-2 text-xl">
        {order.lines.map((line) => (
          <li key={line.id}>
            <span className="font-bold">{line.quantity} ×</span> {line.name}
            {line.sizeLabel && <span className="text-muted"> ({line.sizeLabel})</span>}
            <LineChoices line={line} />
          </li>
        ))}
      </ul>
      {failure && <Alert tone="danger">{failure}</Alert>}
      {step && (
        <Button
          size="lg"
          className="mt-auto min-h-16 w-full text-2xl"
          disabled={action.isPending}
          onClick={() => {
            setFailure(null);
            action.mutate({ id: order.id, from: order.status, action: step.action }, { onError: (error) => setFailure(errorMessage(error)) });
          }}
        >
          {action.isPending ? 'Saving…' : `${step.label} · #${order.id}`}
        </Button>
      )}
    </li>
  );
}
