import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@coffee/contract';
import { Button } from '../../../components/ui/button';
import { LineChoices } from '../../../components/ui/line-choices';
import { Price } from '../../../components/ui/price';
import { formatShopTime } from '../../../lib/shop-time';
import { OrderStatusBadge } from './order-status-badge';
import { deliveryMethodName } from '../../../lib/contract-words';
import { paymentInstructions } from '../../../lib/payment-words';
import { eventLabel, orderPlace, paymentLine } from './order-words';

// Printing shows the receipt alone: the navigation, the footer and the page's buttons stay on the screen.
const PRINT_STYLES = `@media print {
  body * { visibility: hidden; }
  .order-receipt, .order-receipt * { visibility: visible; }
  .order-receipt { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; }
}`;

type OrderDetailsProps = {
  order: Order;
  viewer: 'customer' | 'staff';
  /** Where "Back" goes: the History or the staff's orders screen. */
  backHref: string;
  backLabel: string;
  /** Shown under the title for staff: who to call. */
  customer?: ReactNode;
  /** The page's actions (cancel, staff moves); never printed. */
  actions?: ReactNode;
  /** The customer's payment through the gateway (QR, virtual account, card), shown while it is awaited. */
  paymentPanel?: ReactNode;
  /** Under a refund due: where the customer wants a transfer refund sent. */
  refundPanel?: ReactNode;
};

/**
 * One order in full, the same for its customer and for staff: lines with their options, figures, delivery, payment
 * (with the instructions for as long as the payment is awaited), refund, and the history of its steps on the shop's
 * clock. Also its receipt: "Print receipt" prints this card alone.
 */
export function OrderDetails({ order, viewer, backHref, backLabel, customer, actions, paymentPanel, refundPanel }: OrderDetailsProps) {
  const { t } = useLingui();
  const placed = order.history.find((event) => event.kind === 'placed');
  const placedAt = placed ? formatShopTime(placed.atShopTime) : '';
  const id = order.id;
  const readyAt = formatShopTime(order.scheduledFor);
  const awaitingPayment = order.status !== 'cancelled' && order.status !== 'delivered' && order.paymentStatus !== 'paid';
  const titleId = `order-${order.id}-page-title`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <style>{PRINT_STYLES}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={backHref} className="font-display font-medium text-espresso underline decoration-crema decoration-2 underline-offset-4">
          ← {backLabel}
        </Link>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Trans>Print receipt</Trans>
        </Button>
      </div>

      <article aria-labelledby={titleId} className="order-receipt rounded-3xl bg-white p-6 shadow-card sm:p-10">
        <p className="hidden font-display text-sm tracking-wide text-muted uppercase print:block">
          <Trans>Coffee Shop · Receipt</Trans>
        </p>
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 id={titleId} className="font-display text-3xl font-bold text-espresso">
              <Trans>Order #{id}</Trans>
            </h1>
            {placed && (
              <p className="mt-1 text-muted">
                <Trans>Placed {placedAt}</Trans>
              </p>
            )}
            {customer}
          </div>
          <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
        </header>

        {awaitingPayment && order.paymentInstructions && (
          <section aria-labelledby={`${titleId}-pay`} className="mt-8 rounded-2xl bg-crema-soft px-5 py-4 text-espresso-deep">
            <h2 id={`${titleId}-pay`} className="font-display font-bold">
              {order.paymentStatus === 'cash-on-delivery' ? t`Paying in cash` : t`How to pay`}
            </h2>
            <p className="mt-1 leading-relaxed">{paymentInstructions(order)}</p>
          </section>
        )}
        {paymentPanel && <div className="print:hidden">{paymentPanel}</div>}
        {order.refundStatus && <RefundLine order={order} viewer={viewer} refundPanel={refundPanel} />}

        <OrderLines order={order} viewer={viewer} titleId={titleId} />

        <dl className="mt-8 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="font-display text-sm font-medium tracking-wide text-muted uppercase">{deliveryMethodName(order.deliveryMethod)}</dt>
          <dd>{order.isAsap ? t`As soon as possible (ready about ${readyAt})` : readyAt}</dd>
          <dt className="font-display text-sm font-medium tracking-wide text-muted uppercase">
            <Trans>Where</Trans>
          </dt>
          <dd className="whitespace-pre-line">{orderPlace(order)}</dd>
          {order.store && (
            <>
              <dt className="font-display text-sm font-medium tracking-wide text-muted uppercase">
                <Trans>Store</Trans>
              </dt>
              <dd>
                {order.store.name}
                <span className="block text-muted">{order.store.address}</span>
              </dd>
            </>
          )}
          <dt className="font-display text-sm font-medium tracking-wide text-muted uppercase">
            <Trans>Payment</Trans>
          </dt>
          <dd>
            {paymentLine(order)}
            {viewer === 'staff' && order.payment && (
              // What the gateway says, for staff checking a payment with the shop's Midtrans dashboard.
              <span className="block text-sm text-muted">
                Midtrans: {order.payment.gatewayStatus}
                {order.payment.transactionId && <TransactionId id={order.payment.transactionId} />}
              </span>
            )}
          </dd>
        </dl>

        <StatusHistory order={order} viewer={viewer} titleId={titleId} />

        {actions && <div className="mt-10 flex flex-wrap gap-3 print:hidden">{actions}</div>}
      </article>
    </div>
  );
}

type PartProps = Pick<OrderDetailsProps, 'order' | 'viewer'> & { titleId: string };

/** The lines with their options and prices, and the order's figures. */
function OrderLines({ order, viewer, titleId }: PartProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby={`${titleId}-lines`} className="mt-8">
      <h2 id={`${titleId}-lines`} className="font-display text-lg font-bold text-ink">
        {viewer === 'customer' ? t`What you ordered` : t`What was ordered`}
      </h2>
      <ul className="mt-3 flex flex-col gap-3 border-y border-line py-4">
        {order.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4">
            <div>
              <span className="font-medium text-ink">
                {line.quantity} × {line.name}
              </span>
              {line.sizeLabel && <span className="text-muted"> ({line.sizeLabel})</span>}
              {line.quantity > 1 && (
                <span className="block text-sm text-muted">
                  <Trans>
                    <Price amount={line.unitPriceIdr} /> each
                  </Trans>
                </span>
              )}
              <LineChoices line={line} />
            </div>
            <Price amount={line.lineTotalIdr} />
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt className="text-muted">
          <Trans>Subtotal</Trans>
        </dt>
        <dd className="text-right">
          <Price amount={order.summary.subtotalIdr} />
        </dd>
        {order.summary.discountIdr > 0 && (
          <>
            <dt className="text-muted">
              <DiscountName label={order.summary.discountLabel} />
            </dt>
            <dd className="text-right">
              <Price amount={order.summary.discountIdr} variant="discount" />
            </dd>
          </>
        )}
        <dt className="text-muted">
          <Trans>Tax &amp; fees</Trans>
        </dt>
        <dd className="text-right">
          <Price amount={order.summary.taxAndFeesIdr} />
        </dd>
        <dt className="text-muted">
          <Trans>Shipping</Trans>
        </dt>
        <dd className="text-right">
          <Price amount={order.summary.shippingIdr} />
        </dd>
        <dt className="font-display font-bold text-ink">
          <Trans>Total</Trans>
        </dt>
        <dd className="text-right">
          <Price amount={order.summary.totalIdr} className="font-display font-bold text-espresso" />
        </dd>
      </dl>
    </section>
  );
}

/** Each step of the order on the shop's clock. */
function StatusHistory({ order, viewer, titleId }: PartProps) {
  return (
    <section aria-labelledby={`${titleId}-history`} className="mt-8">
      <h2 id={`${titleId}-history`} className="font-display text-lg font-bold text-ink">
        <Trans>Status</Trans>
      </h2>
      <ol className="mt-3 flex flex-col gap-2 border-l-2 border-crema pl-5">
        {order.history.map((event) => (
          <li key={`${event.kind}-${event.at}`} className="flex flex-wrap justify-between gap-x-4">
            <span className="font-medium text-ink">{eventLabel(event, order.deliveryMethod, viewer)}</span>
            <span className="text-muted">{formatShopTime(event.atShopTime)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What is owed back or was paid back, and when; staff see the gateway's reason when it refused the refund. */
function RefundLine({ order, viewer, refundPanel }: Pick<OrderDetailsProps, 'order' | 'viewer' | 'refundPanel'>) {
  const refunded = order.refundStatus === 'refunded' ? order.history.findLast((event) => event.kind === 'refunded') : undefined;
  const amount = <Price amount={order.summary.totalIdr} />;
  const refundedAt = refunded ? formatShopTime(refunded.atShopTime) : '';
  const reason = order.payment?.refundFailure;
  let words;
  if (order.refundStatus === 'refund-due') {
    words =
      viewer === 'customer' ? (
        <Trans>Refund due: {amount}. The shop pays it back to you.</Trans>
      ) : (
        <Trans>Refund due: {amount}. Pay it back, then mark it refunded.</Trans>
      );
  } else {
    words = refunded ? <Trans>Refunded: {amount} on {refundedAt}</Trans> : <Trans>Refunded: {amount}</Trans>;
  }
  return (
    <div role="status" className="mt-8 rounded-2xl bg-sky-50 px-5 py-4 font-medium text-sky-950">
      {words}
      {order.refundStatus === 'refund-due' && viewer === 'staff' && reason && (
        <span className="block">
          <Trans>The payment service did not refund it: {reason}</Trans>
        </span>
      )}
      {order.refundStatus === 'refund-due' && refundPanel && <div className="print:hidden">{refundPanel}</div>}
    </div>
  );
}

/** The coupon's line in the figures: its name from the API, or 'discount'. */
function DiscountName({ label }: { label: string | null | undefined }) {
  const { t } = useLingui();
  const coupon = label ?? t`discount`;
  return <Trans>Coupon: {coupon}</Trans>;
}

/** The gateway's transaction id, for staff. */
function TransactionId({ id }: { id: string }) {
  return (
    <>
      {' · '}
      <Trans>transaction {id}</Trans>
    </>
  );
}
