import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { useLingui as useLanguage } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Price } from '../../../components/ui/price';
import { awaitingPaymentQueryOptions } from '../api/get-staff-orders';
import { counterName } from './kitchen-card';
import { paymentMethodName } from '../../../lib/payment-words';

/** "12 min left", from the end of the payment window and the time now. */
export function timeLeft(dueAt: string, now: number): string {
  const minutes = Math.ceil((Date.parse(dueAt) - now) / 60_000);
  return minutes <= 0 ? t`ending now` : t`${minutes} min left`;
}

/**
 * Orders still being paid online, apart from the orders to make (paid is the line): staff see who is paying and how
 * long the window lasts, with nothing to press (the payment confirms itself; the shop cancels it when time runs out).
 */
export function AwaitingPayment({ storeId }: { storeId?: number | undefined }) {
  // Redrawn in the new language when the screens switch (its texts are read at draw time).
  useLanguage();
  const waiting = useQuery(awaitingPaymentQueryOptions(storeId));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const orders = waiting.data?.data ?? [];
  if (orders.length === 0) return null;
  const count = orders.length;
  return (
    <section aria-labelledby="awaiting-payment" className="mt-6 rounded-2xl bg-crema-soft px-5 py-4 text-espresso-deep">
      <h2 id="awaiting-payment" className="font-display text-lg font-bold">
        <Trans>Awaiting payment ({count})</Trans>
      </h2>
      <p className="text-sm">
        <Trans>Not to make yet: each goes to the kitchen by itself once paid.</Trans>
      </p>
      <ul className="mt-2 flex flex-col gap-1" aria-label={t`Orders awaiting payment`}>
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap gap-x-3">
            <span className="font-bold">#{order.id}</span>
            <span>{counterName(order)}</span>
            <span>
              {paymentMethodName(order.paymentMethod)} · <Price amount={order.summary.totalIdr} />
            </span>
            {order.paymentDueAt && <span className="font-medium">{timeLeft(order.paymentDueAt, now)}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
