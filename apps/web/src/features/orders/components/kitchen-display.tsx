import { useEffect, useState } from 'react';
import { DELIVERY_METHOD_LABELS, FINISHED_ORDER_STATUSES, STAFF_STATUS_TARGETS } from '@coffee/contract';
import type { ChangeOrderStatusInput, OrderStatus, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LineChoices } from '../../../components/ui/line-choices';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatShopTime } from '../../../lib/shop-time';
import { useStaffOrderAction, type StaffAction } from '../api/change-order-status';
import { useActiveStaffOrders } from '../api/get-staff-orders';
import { OrderStatusBadge } from './order-status-badge';
import { finishMoveLabel } from './order-words';

const FINISHED: readonly OrderStatus[] = FINISHED_ORDER_STATUSES;

const isForwardMove = (status: OrderStatus): status is ChangeOrderStatusInput['status'] =>
  status !== 'cancelled' && (STAFF_STATUS_TARGETS as readonly string[]).includes(status);

/** The one step a tap takes: the next forward move, or Mark paid when the order must be paid before it is made. */
export function kitchenStep(order: StaffOrder): { action: StaffAction['action']; label: string } | null {
  const next = order.nextStatuses.find(isForwardMove);
  if (next === undefined) {
    // A payment online confirms itself: no "Mark paid" to press by mistake (the API says where staff take the money).
    return order.canMarkPaid && order.paymentStatus === 'awaiting-payment' && !FINISHED.includes(order.status) ? { action: 'mark-paid', label: 'Mark paid' } : null;
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
 * The kitchen display: every order still to make or hand over (of the chosen store, else of every store), oldest
 * first, as large cards with one big button for the next step, readable from across the counter. Cancelling stays
 * on the ordinary list, where it asks first.
 */
export function KitchenDisplay({ storeId }: { storeId?: number } = {}) {
  const orders = useActiveStaffOrders(storeId);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = orders;
  // In a rush the open orders can fill more than one page: the oldest, the most urgent, would be the ones left out.
  // After a failed page it waits for the next refresh instead of asking again at once.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  if (orders.isPending) return <Spinner label="Loading orders" />;
  const failure = orders.isError ? <Alert tone="danger">{errorMessage(orders.error)}</Alert> : null;
  // A failed refresh or further page keeps the orders already shown on the screen, under the message.
  if (!orders.data) return failure;
  // Pages are read at different moments, so an order placed between two reads can come twice: show it once.
  const byId = new Map<number, StaffOrder>();
  for (const order of orders.data.pages.flatMap((page) => page.data)) if (!byId.has(order.id)) byId.set(order.id, order);
  const open = [...byId.values()].filter((order) => !FINISHED.includes(order.status)).sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  if (open.length === 0 && !failure) return <p className="rounded-3xl bg-white p-12 text-center text-2xl text-muted shadow-card">Nothing to make right now.</p>;
  return (
    <>
      {failure && <div className="mb-6">{failure}</div>}
      {open.length > 0 && (
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Orders to make, oldest first">
          {open.map((order) => (
            <KitchenCard key={order.id} order={order} showStore={storeId === undefined} />
          ))}
        </ul>
      )}
    </>
  );
}

/** `showStore`: the display shows every store's orders, so each card says which store makes it. */
function KitchenCard({ order, showStore }: { order: StaffOrder; showStore: boolean }) {
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
          {/* The name the barista calls out at the counter (the email when the account has no name). */}
          <p className="text-2xl font-bold text-espresso">{order.customer.name ?? order.customer.email}</p>
          <p className="text-lg text-muted">
            {DELIVERY_METHOD_LABELS[order.deliveryMethod]} · {order.isAsap ? 'ASAP' : formatShopTime(order.scheduledFor)}
          </p>
          {showStore && order.store && <p className="text-lg font-medium text-ink">{order.store.name}</p>}
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
