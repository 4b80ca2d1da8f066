import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { useLingui as useLanguage } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { FINISHED_ORDER_STATUSES, STAFF_STATUS_TARGETS } from '@coffee/contract';
import type { ChangeOrderStatusInput, OrderStatus, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LineChoices } from '../../../components/ui/line-choices';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useStaffOrderAction, type StaffAction } from '../api/change-order-status';
import { useMarkLineDone } from '../api/mark-line-done';
import { minutesLate } from './kitchen-lanes';
import { OrderStatusBadge } from './order-status-badge';
import { deliveryMethodName } from '../../../lib/contract-words';
import { finishMoveLabel } from './order-words';

const FINISHED: readonly OrderStatus[] = FINISHED_ORDER_STATUSES;

const isForwardMove = (status: OrderStatus): status is ChangeOrderStatusInput['status'] =>
  status !== 'cancelled' && (STAFF_STATUS_TARGETS as readonly string[]).includes(status);

/** The one step a tap takes: the next forward move, or Mark paid when the order must be paid before it is made. */
export function kitchenStep(order: StaffOrder): { action: StaffAction['action']; label: string } | null {
  const next = order.nextStatuses.find(isForwardMove);
  if (next === undefined) {
    // A payment online confirms itself: no "Mark paid" to press by mistake (the API says where staff take the money).
    return order.canMarkPaid && order.paymentStatus === 'awaiting-payment' && !FINISHED.includes(order.status) ? { action: 'mark-paid', label: t`Mark paid` } : null;
  }
  const labels: Record<ChangeOrderStatusInput['status'], string> = {
    preparing: t`Start preparing`,
    ready: t`Mark ready`,
    'on-delivery': t`Send out`,
    delivered: finishMoveLabel(order.deliveryMethod),
    cancelled: t`Cancel`,
  };
  return { action: next, label: labels[next] };
}

/** The name called at the counter: the customer's name, never the e-mail (long, and not for the room to read). */
export const counterName = (order: StaffOrder): string => order.customer.name ?? t`Guest`;

/** '08:00' of a shop wall-clock time ('YYYY-MM-DDTHH:mm'). */
const dueClock = (scheduledFor: string) => scheduledFor.slice(11, 16);

/**
 * One order on the kitchen display. `showStore`: every store's orders are shown, so the card says which store makes
 * it. `later`: it sits in the Later lane, so its step is offered as starting early, not as the next thing to do.
 */
export function KitchenCard({ order, showStore, now, later = false }: { order: StaffOrder; showStore: boolean; now: Date; later?: boolean }) {
  // Redrawn in the new language when the screens switch (the step's label is read at draw time).
  useLanguage();
  const action = useStaffOrderAction();
  const [failure, setFailure] = useState<string | null>(null);
  const step = kitchenStep(order);
  const id = order.id;
  const late = minutesLate(order, now);
  const titleId = `kitchen-order-${order.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn('flex min-w-0 flex-col gap-4 rounded-3xl border-4 bg-white p-5 shadow-card', late > 0 ? 'border-red-700 bg-red-50' : 'border-espresso/20')}
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-display text-3xl font-bold text-ink">
            <span className="sr-only">{t`Due`} </span>
            {dueClock(order.scheduledFor)}
            {late > 0 && (
              <span className="ml-3 align-middle text-lg font-bold text-red-800">
                <Trans>Late {late} min</Trans>
              </span>
            )}
          </p>
          <h2 id={titleId} className="font-display text-2xl font-bold text-ink">
            #{order.id}
          </h2>
          <p className="wrap-anywhere text-2xl font-bold text-espresso">{counterName(order)}</p>
          <p className="text-lg text-muted">
            {deliveryMethodName(order.deliveryMethod)}
            {order.isAsap ? ` · ${t`ASAP`}` : ''}
          </p>
          {showStore && order.store && <p className="break-words text-lg font-medium text-ink">{order.store.name}</p>}
        </div>
        <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
      </div>
      <KitchenLines order={order} />
      {failure && <Alert tone="danger">{failure}</Alert>}
      {step && (
        <Button
          size="lg"
          variant={later ? 'outline' : 'primary'}
          className="mt-auto min-h-16 w-full text-xl"
          disabled={action.isPending}
          onClick={() => {
            setFailure(null);
            action.mutate({ id: order.id, from: order.status, action: step.action }, { onError: (error) => setFailure(errorMessage(error)) });
          }}
        >
          {action.isPending ? t`Saving…` : <StepLabel label={later && step.action === 'preparing' ? t`Start early` : step.label} id={id} />}
        </Button>
      )}
    </li>
  );
}

/** The lines, each with a tick the barista sets as the drink leaves the bar (kept by the API for every screen). */
function KitchenLines({ order }: { order: StaffOrder }) {
  useLanguage();
  const tick = useMarkLineDone();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <ul className="flex flex-col gap-2 text-xl">
        {order.lines.map((line) => (
          <li key={line.id} className="flex min-w-0 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-7 shrink-0 accent-espresso"
              checked={line.done}
              disabled={tick.isPending}
              aria-label={lineMade(line.name)}
              onChange={(event) => {
                setFailure(null);
                tick.mutate({ orderId: order.id, lineId: line.id, done: event.target.checked }, { onError: (error) => setFailure(errorMessage(error)) });
              }}
            />
            <span className={cn('min-w-0 break-words', line.done && 'text-muted line-through')}>
              <span className="font-bold">{line.quantity} ×</span> {line.name}
              {line.sizeLabel && <span className="text-muted"> ({line.sizeLabel})</span>}
              <LineChoices line={line} />
            </span>
          </li>
        ))}
      </ul>
      {failure && <Alert tone="danger">{failure}</Alert>}
    </>
  );
}

/** The big button's words: the step and the order's number. */
function StepLabel({ label, id }: { label: string; id: number }) {
  return <>{t`${label} · #${id}`}</>;
}

/** A line's tick, named for the product. */
function lineMade(name: string): string {
  return t`${name} made`;
}
