import { useState } from 'react';
import { DELIVERY_METHOD_LABELS, ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, STAFF_STATUS_TARGETS } from '@coffee/contract';
import type { ChangeOrderStatusInput, OrderStatus, PaymentStatus, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoicePills } from '../../../components/ui/choice-pills';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatShopTime } from '../../../lib/shop-time';
import { useStaffOrderAction } from '../api/change-order-status';
import type { StaffAction } from '../api/change-order-status';
import { useStaffOrders } from '../api/get-staff-orders';
import { OrderStatusBadge } from './order-status-badge';

const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  'awaiting-payment': 'Awaiting payment',
  'cash-on-delivery': 'Cash on delivery',
  paid: 'Paid',
};

type Filter = OrderStatus | 'all';
const filters = [
  { value: 'all' as Filter, label: 'All' },
  ...ORDER_STATUSES.map((status) => ({ value: status as Filter, label: ORDER_STATUS_LABELS[status] })),
];

const placedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const isStaffTarget = (status: OrderStatus): status is ChangeOrderStatusInput['status'] =>
  (STAFF_STATUS_TARGETS as readonly string[]).includes(status);

/** What a move is called on its button. */
const moveLabels: Record<StaffAction['action'], string> = {
  'mark-paid': 'Mark paid',
  preparing: 'Start preparing',
  ready: 'Mark ready',
  'on-delivery': 'Send out for delivery',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

/**
 * The staff's orders screen: incoming orders (polled), filtered by status, each with the moves the API
 * allows next (`nextStatuses`) and Mark paid while the money is not in.
 */
export function StaffOrders() {
  const [filter, setFilter] = useState<Filter>('all');
  const orders = useStaffOrders(filter === 'all' ? undefined : filter);
  const list = orders.data?.pages.flatMap((page) => page.data) ?? [];
  const total = orders.data?.pages[0]?.meta.total ?? 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">Orders</h1>
      <p className="mt-2 text-muted">New orders appear here on their own; the list refreshes every 15 seconds.</p>
      <ChoicePills legend="Status" shape="pill" value={filter} onChange={setFilter} choices={filters} className="mt-8" />

      <div className="mt-8" aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <Spinner label="Loading orders" />
        ) : orders.isError ? (
          <ErrorState title="We couldn't load the orders" message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : list.length === 0 ? (
          <p className="rounded-3xl bg-white p-8 text-center text-muted shadow-card">
            {filter === 'all' ? 'No orders yet.' : `No ${ORDER_STATUS_LABELS[filter].toLowerCase()} orders.`}
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-muted" role="status">
              {total} {total === 1 ? 'order' : 'orders'}
            </p>
            <ul className="grid gap-6 lg:grid-cols-2">
              {list.map((order) => (
                <StaffOrderCard key={order.id} order={order} />
              ))}
            </ul>
            {orders.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
                  {orders.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function StaffOrderCard({ order }: { order: StaffOrder }) {
  const action = useStaffOrderAction();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const canMarkPaid = order.paymentStatus !== 'paid' && order.status !== 'cancelled';
  // 'paid' is reached through Mark paid only; the rest are the moves the API allows now.
  const moves = order.nextStatuses.filter(isStaffTarget);

  const run = (move: StaffAction['action']) => {
    setFailure(null);
    action.mutate({ id: order.id, action: move }, {
      onSuccess: () => setConfirmCancel(false),
      onError: (error) => {
        setConfirmCancel(false);
        setFailure(errorMessage(error));
      },
    });
  };

  const titleId = `staff-order-${order.id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-3xl bg-white p-6 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-xl font-bold text-ink">
            Order #{order.id}
          </h2>
          <p className="text-sm text-muted">
            {order.customer.email} · placed {placedFormat.format(new Date(order.placedAt))}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>

      <ul className="flex flex-col gap-1 border-y border-line py-3">
        {order.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4">
            <span>
              {line.quantity} × {line.name}
              {line.sizeLabel && <span className="text-muted"> ({line.sizeLabel})</span>}
            </span>
            <Price amount={line.lineTotalIdr} className="text-muted" />
          </li>
        ))}
      </ul>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{DELIVERY_METHOD_LABELS[order.deliveryMethod]}</dt>
        <dd>{order.isAsap ? `As soon as possible (${formatShopTime(order.scheduledFor)})` : formatShopTime(order.scheduledFor)}</dd>
        {order.address && (
          <>
            <dt className="text-muted">Address</dt>
            <dd className="whitespace-pre-line">{order.address}</dd>
          </>
        )}
        <dt className="text-muted">Payment</dt>
        <dd>
          {PAYMENT_METHOD_LABELS[order.paymentMethod]} · {PAYMENT_STATUS_LABELS[order.paymentStatus]}
        </dd>
        <dt className="font-display font-bold text-ink">Total</dt>
        <dd>
          <Price amount={order.summary.totalIdr} className="font-display font-bold text-espresso" />
        </dd>
      </dl>

      {failure && (
        <Alert tone="danger" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      {(canMarkPaid || moves.length > 0) && (
        <div className="flex flex-wrap gap-2" aria-busy={action.isPending}>
          {canMarkPaid && (
            <Button
              size="sm"
              variant="accent"
              disabled={action.isPending}
              onClick={() => run('mark-paid')}
              aria-label={`${moveLabels['mark-paid']} (order #${order.id})`}
            >
              {moveLabels['mark-paid']}
            </Button>
          )}
          {moves.map((move) =>
            move === 'cancelled' ? (
              <Button
                key={move}
                size="sm"
                variant="ghost"
                disabled={action.isPending}
                onClick={() => setConfirmCancel(true)}
                aria-label={`${moveLabels[move]} #${order.id}`}
              >
                {moveLabels[move]}
              </Button>
            ) : (
              <Button
                key={move}
                size="sm"
                variant="primary"
                disabled={action.isPending}
                onClick={() => run(move)}
                aria-label={`${moveLabels[move]} (order #${order.id})`}
              >
                {moveLabels[move]}
              </Button>
            ),
          )}
        </div>
      )}

      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} title={`Cancel order #${order.id}?`} role="alertdialog">
        <p className="text-muted">The customer sees the order as cancelled. This cannot be undone.</p>
        <div className="mt-8 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirmCancel(false)} disabled={action.isPending}>
            Keep the order
          </Button>
          <Button variant="primary" onClick={() => run('cancelled')} disabled={action.isPending}>
            Cancel order
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
