import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Cart, Order } from '@coffee/contract';
import coffeeTable from '../../../assets/coffee-table.svg';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonStyles } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useMyOrders } from '../api/get-my-orders';
import { useOrderEvents } from '../api/order-events';
import { useHideOrder } from '../api/hide-order';
import { useReorder } from '../api/reorder';
import { HistoryCard } from './history-card';
import { orderTitle } from './order-status-badge';

type OrderHistoryProps = {
  /** 'Order again' put the lines in the cart: the app shows the cart (the cart is another feature's). */
  onOrderedAgain: (result: { cart: Cart; notes: string[] }) => void;
  /** The shop's time zone (GET /shop), for the days orders were placed. */
  timeZone?: string | undefined;
};

/** History: the customer's real orders, newest first, with 'Long press to delete item'. */
export function OrderHistory({ onOrderedAgain, timeZone }: OrderHistoryProps) {
  const { t } = useLingui();
  const orders = useMyOrders();
  // Statuses move on as staff work, without a reload.
  useOrderEvents('mine');
  const hide = useHideOrder();
  const reorder = useReorder();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refocus = useRef(false);

  // Once the dialog has closed (it hands focus back to its opener, which the deleted card took with it).
  useEffect(() => {
    if (confirming !== null || !refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [confirming]);

  const list = orders.data?.pages.flatMap((page) => page.data) ?? [];

  const remove = (order: Order) => {
    setFailure(null);
    hide.mutate(order.id, {
      onSuccess: () => {
        refocus.current = true;
        setConfirming(null);
        toast(t`Removed from your history`);
      },
      onError: (error) => {
        setConfirming(null);
        setFailure(errorMessage(error));
      },
    });
  };

  const orderAgain = (order: Order) => {
    setFailure(null);
    reorder.mutate(order.id, { onSuccess: (result) => onOrderedAgain(result), onError: (error) => setFailure(errorMessage(error)) });
  };

  let body;
  if (orders.isPending) body = <Spinner label={t`Loading your orders`} className="mx-auto text-white" />;
  else if (orders.isError) {
    body = (
      <ErrorState
        title={t`We couldn't load your orders`}
        message={errorMessage(orders.error)}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
        className="mx-auto max-w-xl"
      />
    );
  } else if (list.length === 0) {
    body = (
      <div className="mx-auto flex max-w-xl flex-col items-center rounded-3xl bg-white p-10 text-center shadow-card">
        <h2 className="font-display text-2xl font-bold text-espresso">
          <Trans>No orders yet</Trans>
        </h2>
        <p className="mt-3 text-muted">
          <Trans>Your orders show up here once you have placed one.</Trans>
        </p>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', className: 'mt-8 font-bold' })}>
          <Trans>See the menu</Trans>
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby="history-title" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((order) => (
            <HistoryCard
              key={order.id}
              order={order}
              onDelete={setConfirming}
              onDeleteRefused={(refused) => {
                const id = refused.id;
                toast(t`Order #${id} is still under way: only delivered or cancelled orders can be deleted.`);
              }}
              onOrderAgain={orderAgain}
              orderingAgain={reorder.isPending && reorder.variables === order.id}
              timeZone={timeZone}
            />
          ))}
        </ul>
        {orders.hasNextPage && (
          <div className="mt-10 flex justify-center">
            <Button variant="light" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
              {orders.isFetchingNextPage ? t`Loading…` : t`Load more`}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="on-dark relative isolate min-h-[calc(100dvh-4.5rem)] overflow-hidden bg-espresso-deep">
      <img src={coffeeTable} alt="" className="absolute inset-0 -z-10 size-full object-cover" />
      {/* Keeps the white headings readable on every part of the picture. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-espresso-deep/45" />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h1 id="history-title" ref={heading} tabIndex={-1} className="text-center font-display text-3xl font-bold text-white focus:outline-none sm:text-4xl">
          <Trans>Let&apos;s see what you have bought!</Trans>
        </h1>
        <p className="mt-3 mb-10 text-center text-white/85">
          <Trans>Long press to delete item</Trans>
        </p>
        {failure && (
          <Alert tone="danger" onClose={() => setFailure(null)} className="mx-auto mb-8 max-w-2xl">
            {failure}
          </Alert>
        )}
        {body}
      </div>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t`Delete from your history?`}
        role="alertdialog"
      >
        {confirming && (
          <>
            <p className="text-muted">
              <ConfirmDeleteText order={confirming} />
            </p>
            <div className="mt-8 flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={() => setConfirming(null)} disabled={hide.isPending}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="primary" onClick={() => remove(confirming)} disabled={hide.isPending}>
                {hide.isPending ? t`Deleting…` : t`Delete`}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}

/** What deleting an order from the history does, said of this order. */
function ConfirmDeleteText({ order }: { order: Order }) {
  const id = order.id;
  const title = orderTitle(order.lines);
  return <Trans>Order #{id}, {title}, will no longer show in your history. The shop keeps its record.</Trans>;
}
