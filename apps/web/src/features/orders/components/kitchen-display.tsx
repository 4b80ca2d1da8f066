import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FINISHED_ORDER_STATUSES } from '@coffee/contract';
import type { OrderStatus, StaffOrder } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { shopClock } from '../../../lib/shop-time';
import { dayName } from '../../../lib/clock-text';
import { useActiveStaffOrders } from '../api/get-staff-orders';
import { KitchenCard } from './kitchen-card';
import { kitchenLanes } from './kitchen-lanes';

const FINISHED: readonly OrderStatus[] = FINISHED_ORDER_STATUSES;

// The step each card offers lives with the card; tests and the list read it from here.
export { kitchenStep } from './kitchen-card';

/** A store as the kitchen needs it: its lead time decides what is "now". */
export type KitchenStore = { id: number; name: string; leadMinutes?: number };

/** The time, ticking each half minute, so orders move into "Now" and turn late without a refresh. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The kitchen display: every order still to make or hand over (of the chosen store, else of every store) by the time
 * the customer wants it, in a "Now" lane (due within the store's lead time plus a margin, late ones first and marked)
 * and a "Later" lane (later today, then each other day), as cards with one big button for the next step and a tick
 * per line. Cancelling stays on the ordinary list, where it asks first.
 */
export function KitchenDisplay({ storeId, stores = [], timeZone }: { storeId?: number; stores?: readonly KitchenStore[]; timeZone?: string } = {}) {
  const { t } = useLingui();
  const orders = useActiveStaffOrders(storeId);
  const now = useNow();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = orders;
  // In a rush the open orders can fill more than one page: the ones left out would be due soonest on no screen.
  // After a failed page it waits for the next refresh instead of asking again at once.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  if (orders.isPending) return <Spinner label={t`Loading orders`} />;
  const failure = orders.isError ? <Alert tone="danger">{errorMessage(orders.error)}</Alert> : null;
  // A failed refresh or further page keeps the orders already shown on the screen, under the message.
  if (!orders.data) return failure;
  // Pages are read at different moments, so an order placed between two reads can come twice: show it once.
  const byId = new Map<number, StaffOrder>();
  for (const order of orders.data.pages.flatMap((page) => page.data)) if (!byId.has(order.id)) byId.set(order.id, order);
  const open = [...byId.values()].filter((order) => !FINISHED.includes(order.status));
  if (open.length === 0 && !failure) return (
      <p className="rounded-3xl bg-white p-12 text-center text-2xl text-muted shadow-card">
        <Trans>Nothing to make right now.</Trans>
      </p>
    );
  const leads = new Map(stores.map((store) => [store.id, store.leadMinutes ?? 0]));
  const lanes = kitchenLanes(open, now, shopClock(now, timeZone).date, (order) => (order.store ? (leads.get(order.store.id) ?? 0) : 0));
  const showStore = storeId === undefined;
  const later = [...(lanes.laterToday.length > 0 ? [{ title: t`Later today`, orders: lanes.laterToday }] : []), ...lanes.laterDays.map((d) => ({ title: dayName(d.day), orders: d.orders }))];
  return (
    <>
      {failure && <div className="mb-6">{failure}</div>}
      <section aria-labelledby="kitchen-now" className="min-w-0">
        <h2 id="kitchen-now" className="mb-4 font-display text-2xl font-bold text-espresso">
          <Trans>Now</Trans>
        </h2>
        {lanes.now.length === 0 ? (
          <p className="rounded-3xl bg-white p-8 text-center text-xl text-muted shadow-card">
            <Trans>Nothing due now.</Trans>
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Due now, soonest first`}>
            {lanes.now.map((order) => <KitchenCard key={order.id} order={order} showStore={showStore} now={now} />)}
          </ul>
        )}
      </section>
      {later.length > 0 && (
        <section aria-labelledby="kitchen-later" className="mt-10 min-w-0">
          <h2 id="kitchen-later" className="mb-4 font-display text-2xl font-bold text-espresso">
            <Trans>Later</Trans>
          </h2>
          {later.map(({ title, orders: due }) => (
            <div key={title} className="mb-6">
              <h3 className="mb-3 text-lg font-semibold text-ink">{title}</h3>
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`${title}, soonest first`}>
                {due.map((order) => <KitchenCard key={order.id} order={order} showStore={showStore} now={now} later />)}
              </ul>
            </div>
          ))}
        </section>
      )}
    </>
  );
}
