import { Suspense, lazy, type ComponentProps } from 'react';
import type { Order } from '@coffee/contract';
import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { PickupCodeCard } from '../../features/pickup/components/pickup-code';
import { OrderPage } from '../../features/orders/components/order-page';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';
import { NotFoundRoute } from './not-found';

/**
 * "Tell me when it's ready" (features/push), loaded when drawn. Declared here, in this route's own chunk, rather than in
 * a module shared by the routes: a shared chunk is named in the entry's preload map, which is first-screen JavaScript.
 */
const TellMeWhenReady = lazy(async () => ({
  default: (await import('../../features/push/components/tell-me-when-ready')).TellMeWhenReady,
}));

/** An order id in the address: digits only, else this is no order page. */
export function parseOrderId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

/** /history/:id: one of my orders, from a History card or the confirmation mail (guarded by RequireLogin). */
export function OrderRoute() {
  const id = parseOrderId(useParams().id);
  // The payment gateway's settings (the card form's client key), from GET /shop.
  const shop = useShopSettings();
  const { t } = useLingui();
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <title>{t`Order #${id} · Coffee Shop`}</title>
      <OrderPage key={id} id={id} gateway={shop.data?.payments} AfterOrder={AfterOrder} />
    </>
  );
}

function AfterOrder(props: ComponentProps<typeof TellMeWhenReady> & { order: Pick<Order, 'id'> }) {
  return (
    <>
      {props.order.deliveryMethod !== 'door-delivery' && <PickupCodeCard orderId={props.order.id} />}
      <Suspense fallback={null}>
        <TellMeWhenReady {...props} />
      </Suspense>
    </>
  );
}
