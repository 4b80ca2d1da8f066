import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ORDER_STATUSES } from '@coffee/contract';
import type { OrderStatus, StaffOrder } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { ChoicePills } from '../../../components/ui/choice-pills';
import { ErrorState } from '../../../components/ui/error-state';
import { LineChoices } from '../../../components/ui/line-choices';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatShopTime } from '../../../lib/shop-time';
import { useStaffOrders } from '../api/get-staff-orders';
import { useOrderEvents } from '../api/order-events';
import type { OrderStreamEvent } from '@coffee/contract';
import { AwaitingPayment } from './awaiting-payment';
import { KitchenDisplay, type KitchenStore } from './kitchen-display';
import { useNewOrderSound } from './new-order-sound';
import { OrderStatusBadge } from './order-status-badge';
import { deliveryMethodName } from '../../../lib/contract-words';
import { paymentLine, statusName } from './order-words';
import { StaffOrderActions } from './staff-order-actions';
import { SelectOptions } from '../../../components/ui/select-options';

type Filter = OrderStatus | 'all';
/** A store staff can narrow the list to; the route passes them in, since features do not import each other. */
export type StoreChoice = KitchenStore;

/** The store this device's screen shows: a till sits at one store, so it is kept on the device, not the account. */
const STORE_KEY = '@staffStore';

function useDeviceStore(stores: ReadonlyArray<StoreChoice>): [number | undefined, (id: number | undefined) => void] {
  const [storeId, setStoreId] = useState<number | undefined>(() => {
    const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORE_KEY);
    return kept && /^\d+$/.test(kept) ? Number(kept) : undefined;
  });
  const choose = useCallback((id: number | undefined) => {
    setStoreId(id);
    try {
      if (id === undefined) localStorage.removeItem(STORE_KEY);
      else localStorage.setItem(STORE_KEY, String(id));
    } catch {
      // Storage refused (private mode, full): the choice holds for this visit only.
    }
  }, []);
  // A kept store that no longer exists would show an empty screen: every store instead.
  const known = storeId === undefined || stores.length === 0 || stores.some((store) => store.id === storeId);
  return [known ? storeId : undefined, choose];
}
type View = 'list' | 'kitchen';

// Only this screen needs the chart: it arrives in its own small file after the orders.
const StaffDayChart = lazy(() => import('./staff-day-chart'));

/**
 * The staff's orders screen: incoming orders (live over the order stream, polled as a fallback), filtered by status,
 * each with who to call, the moves the API allows next (`nextStatuses`), Mark paid while the money is not in and
 * Mark refunded while a refund is due; today's figures; a chime for new orders; and the kitchen display.
 */
export function StaffOrders({
  stores = [],
  timeZone,
  kitchenStock,
}: {
  stores?: ReadonlyArray<StoreChoice>;
  timeZone?: string;
  /** What the display's store has run out of, with its switches (composed by the app: the stores feature's); absent: not offered. */
  kitchenStock?: (store: { id: number; name: string }) => ReactNode;
} = {}) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<Filter>('all');
  const filters: { value: Filter; label: string }[] = [
    { value: 'all', label: t`All` },
    ...ORDER_STATUSES.map((status) => ({ value: status, label: statusName(status) })),
  ];
  const [storeId, setStoreId] = useDeviceStore(stores);
  const [view, setView] = useState<View>('list');
  const sound = useNewOrderSound();
  const { play } = sound;
  const onEvent = useCallback((event: OrderStreamEvent) => {
    if (event.kind === 'placed') play();
  }, [play]);
  const { live } = useOrderEvents('staff', onEvent);
  const orders = useStaffOrders(filter === 'all' ? undefined : filter, storeId);
  const storeName = stores.find((store) => store.id === storeId)?.name;
  const list = orders.data?.pages.flatMap((page) => page.data) ?? [];
  const total = orders.data?.pages[0]?.meta.total ?? 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">
            <Trans>Orders</Trans>
          </h1>
          <p className="mt-2 text-muted">
            {live ? t`New orders and changes appear here as they happen.` : t`New orders appear here on their own; the list refreshes every few seconds.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" size="sm" aria-pressed={sound.on} onClick={sound.toggle}>
            {sound.on ? t`Sound for new orders: on` : t`Sound for new orders: off`}
          </Button>
          <Button variant="outline" size="sm" aria-pressed={view === 'kitchen'} onClick={() => setView(view === 'kitchen' ? 'list' : 'kitchen')}>
            {view === 'kitchen' ? t`Back to the list` : t`Kitchen display`}
          </Button>
        </div>
      </div>
      {stores.length > 1 && (
        <label className="mt-6 flex max-w-xs flex-col gap-1 text-sm font-semibold text-ink">
          <Trans>Store</Trans>
          <select
            value={storeId ?? ''}
            onChange={(event) => setStoreId(event.target.value === '' ? undefined : Number(event.target.value))}
            className="rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{t`Every store`}</option>
            <SelectOptions items={stores} value={(store) => store.id} label={(store) => store.name} />
          </select>
        </label>
      )}
      <AwaitingPayment storeId={storeId} />
      {view === 'kitchen' ? (
        <div className="mt-8">
          {kitchenStock && <KitchenStock storeId={storeId} storeName={storeName} render={kitchenStock} />}
          <KitchenDisplay storeId={storeId} stores={stores} timeZone={timeZone} />
        </div>
      ) : (
      <>
      <div className="mt-8">
        <Suspense fallback={<Spinner label={t`Loading today's figures`} />}>
          <StaffDayChart />
        </Suspense>
      </div>
      <ChoicePills legend={t`Status`} shape="pill" value={filter} onChange={setFilter} choices={filters} className="mt-8" />

      <div className="mt-8" aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <Spinner label={t`Loading orders`} />
        ) : orders.isError ? (
          <ErrorState title={t`We couldn't load the orders`} message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : list.length === 0 ? (
          <p className="rounded-3xl bg-white p-8 text-center text-muted shadow-card">
            <NoOrders filter={filter} storeName={storeName} />
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-muted" role="status">
              <Plural value={total} one="# order" other="# orders" />
            </p>
            <ul className="grid gap-6 lg:grid-cols-2">
              {list.map((order) => (
                <StaffOrderCard key={order.id} order={order} />
              ))}
            </ul>
            {orders.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
                  {orders.isFetchingNextPage ? t`Loading…` : t`Load more`}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      </>
      )}
    </div>
  );
}

function StaffOrderCard({ order }: { order: StaffOrder }) {
  const { t } = useLingui();
  const titleId = `staff-order-${order.id}`;
  const id = order.id;
  const placed = order.history.find((event) => event.kind === 'placed');
  const placedAt = placed ? formatShopTime(placed.atShopTime) : '';
  const dueAt = formatShopTime(order.scheduledFor);
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-3xl bg-white p-6 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-xl font-bold text-ink">
            <Link to={paths.staffOrder.getHref(order.id)} className="hover:underline">
              <Trans>Order #{id}</Trans>
            </Link>
          </h2>
          {placed && (
            <p className="text-sm text-muted">
              <Trans>Placed {placedAt}</Trans>
            </p>
          )}
          <StaffCustomer customer={order.customer} />
        </div>
        <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
      </div>

      <ul className="flex flex-col gap-1 border-y border-line py-3">
        {order.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4">
            <div>
              {line.quantity} × {line.name}
              {line.sizeLabel && <span className="text-muted"> ({line.sizeLabel})</span>}
              {/* The barista makes the drink from these: milk, sugar, ice, extras and the customer's note. */}
              <LineChoices line={line} />
            </div>
            <Price amount={line.lineTotalIdr} className="text-muted" />
          </li>
        ))}
      </ul>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{deliveryMethodName(order.deliveryMethod)}</dt>
        <dd>{order.isAsap ? t`As soon as possible (${dueAt})` : dueAt}</dd>
        {order.store && (
          <>
            <dt className="text-muted">
              <Trans>Store</Trans>
            </dt>
            <dd>{order.store.name}</dd>
          </>
        )}
        {order.address && (
          <>
            <dt className="text-muted">
              <Trans>Address</Trans>
            </dt>
            <dd className="whitespace-pre-line">{order.address}</dd>
          </>
        )}
        <dt className="text-muted">
          <Trans>Payment</Trans>
        </dt>
        <dd>{paymentLine(order)}</dd>
        {order.refundStatus && (
          <>
            <dt className="font-medium text-sky-900">{order.refundStatus === 'refund-due' ? t`Refund due` : t`Refunded`}</dt>
            <dd>
              <Price amount={order.summary.totalIdr} className="font-medium text-sky-900" />
            </dd>
          </>
        )}
        <dt className="font-display font-bold text-ink">
          <Trans>Total</Trans>
        </dt>
        <dd>
          <Price amount={order.summary.totalIdr} className="font-display font-bold text-espresso" />
        </dd>
      </dl>

      <StaffOrderActions order={order} />
    </li>
  );
}

/** Who to call at the counter or for the courier: name, phone and email. */
export function StaffCustomer({ customer }: { customer: StaffOrder['customer'] }) {
  const { t } = useLingui();
  return (
    <p className="mt-1 text-sm">
      <span className="wrap-anywhere font-medium text-ink">{customer.name ?? t`No name given`}</span>
      {customer.phone && (
        <>
          {' · '}
          <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} className="text-espresso underline underline-offset-2">
            {customer.phone}
          </a>
        </>
      )}
      <span className="block wrap-anywhere text-muted">{customer.email}</span>
    </p>
  );
}

/** Above the kitchen display: the store's "sold out" switches, folded away until opened; one store at a time. */
function KitchenStock({ storeId, storeName, render }: { storeId: number | undefined; storeName: string | undefined; render: (store: { id: number; name: string }) => ReactNode }) {
  const { t } = useLingui();
  return (
    <details className="mb-8 rounded-3xl bg-page p-4">
      <summary className="cursor-pointer font-display text-lg font-bold text-espresso">{storeName ? t`Sold out at ${storeName}` : t`Sold out`}</summary>
      <div className="mt-4">
        {storeId !== undefined && storeName ? render({ id: storeId, name: storeName }) : (
          <p className="text-muted">
            <Trans>Choose a store above to mark what it has run out of.</Trans>
          </p>
        )}
      </div>
    </details>
  );
}

/** The empty list, said of the status and store it is narrowed to. */
function NoOrders({ filter, storeName }: { filter: Filter; storeName: string | undefined }) {
  const { t } = useLingui();
  if (filter === 'all') return storeName ? t`No orders yet at ${storeName}.` : t`No orders yet.`;
  const status = statusName(filter).toLowerCase();
  return storeName ? t`No ${status} orders at ${storeName}.` : t`No ${status} orders.`;
}
