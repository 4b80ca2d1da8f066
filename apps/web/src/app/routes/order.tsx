import { useParams } from 'react-router';
import { OrderPage } from '../../features/orders/components/order-page';
import { TellMeWhenReady } from '../../features/push/components/tell-me-when-ready';
import { NotFoundRoute } from './not-found';

/** An order id in the address: digits only, else this is no order page. */
export function parseOrderId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

/** /history/:id: one of my orders, from a History card or the confirmation mail (guarded by RequireLogin). */
export function OrderRoute() {
  const id = parseOrderId(useParams().id);
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <title>{`Order #${id} · Coffee Shop`}</title>
      <OrderPage key={id} id={id} AfterOrder={TellMeWhenReady} />
    </>
  );
}
