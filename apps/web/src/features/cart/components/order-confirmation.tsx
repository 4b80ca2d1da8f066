import { useEffect, useRef } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_STATUS_LABELS } from '@coffee/contract';
import { paymentInstructions, paymentMethodLabel } from '../../../lib/payment-words';
import type { Order } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { formatShopTime } from '../../../lib/shop-time';
import { DELIVERY_METHOD_NAMES } from '../../../lib/contract-words';

/** What the shop answered to "Confirm and pay": the order as placed, and how to pay for it. */
export function OrderConfirmation({ order, AfterOrder }: { order: Order; AfterOrder?: ComponentType<{ order: Order }> | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the customer was in is gone: put them on the news.
  useEffect(() => heading.current?.focus(), []);
  const { t, i18n } = useLingui();
  const coupon = order.summary.discountLabel;
  const readyAt = order.scheduledFor.slice(11, 16);

  return (
    <section aria-labelledby="order-placed-title" className="mx-auto max-w-2xl rounded-3xl bg-white p-8 shadow-card sm:p-12">
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-16">
        <circle cx="32" cy="32" r="30" fill="#FFF3D9" />
        <path d="m20 33 8 8 16-18" fill="none" stroke="#6A4029" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="order-placed-title" ref={heading} tabIndex={-1} className="mt-6 font-display text-3xl font-bold text-espresso focus:outline-none sm:text-4xl">
        <Trans>Thank you, your order is placed!</Trans>
      </h1>
      <dl className="mt-8 grid gap-x-6 gap-y-4 sm:grid-cols-[auto_1fr]">
        <Row label={t`Order number`}>#{order.id}</Row>
        {/* The contract's status words, in its catalogue. */}
        <Row label={t`Status`}>{i18n._(ORDER_STATUS_LABELS[order.status])}</Row>
        {/* Why the total is lower: the coupon as the shop counted it for this order, never recounted here. */}
        {order.summary.discountIdr > 0 && (
          <Row label={coupon ? t`Coupon: ${coupon}` : t`Coupon: discount`}>
            <Price amount={order.summary.discountIdr} variant="discount" />
          </Row>
        )}
        <Row label={t`Total`}>
          <Price amount={order.summary.totalIdr} className="font-bold" />
        </Row>
        <Row label={t(DELIVERY_METHOD_NAMES[order.deliveryMethod])}>
          {/* As soon as possible is the first slot with room: its time is when the order is ready. */}
          {order.isAsap ? t`As soon as possible (ready about ${readyAt})` : formatShopTime(order.scheduledFor)}
          {order.address && <span className="block text-muted">{order.address}</span>}
        </Row>
        {order.store && (
          <Row label={t`Store`}>
            {order.store.name}
            <span className="block text-muted">{order.store.address}</span>
          </Row>
        )}
        <Row label={t`Payment`}>{paymentMethodLabel(order.paymentMethod, order.deliveryMethod)}</Row>
      </dl>
      {order.paymentInstructions && (
        // Also on the order's page for as long as the payment is awaited.
        <p className="mt-8 rounded-2xl bg-crema-soft px-5 py-4 leading-relaxed text-espresso-deep">{paymentInstructions(order)}</p>
      )}
      {AfterOrder && (
        <div className="mt-8">
          <AfterOrder order={order} />
        </div>
      )}
      <div className="mt-10 flex flex-wrap gap-4">
        <Link to={paths.order.getHref(order.id)} className={buttonStyles({ variant: 'primary' })}>
          <Trans>Follow this order</Trans>
        </Link>
        <Link to={paths.history.getHref()} className={buttonStyles({ variant: 'outline' })}>
          <Trans>See your orders</Trans>
        </Link>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'outline' })}>
          <Trans>Back to the menu</Trans>
        </Link>
      </div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-display text-sm font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </>
  );
}
