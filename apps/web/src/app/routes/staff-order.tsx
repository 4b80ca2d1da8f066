import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PickupFinder } from '../../features/pickup/components/pickup-finder';
import { StaffOrderPage } from '../../features/orders/components/staff-order-page';
import { NotFoundRoute } from './not-found';
import { parseOrderId } from './order';

/** Staff: /staff/orders/:id, one order with the customer's name and phone (guarded by RequireStaff). */
export function StaffOrderRoute() {
  const { t } = useLingui();
  const id = parseOrderId(useParams().id);
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <title>{t`Order #${id} · Staff · Coffee Shop`}</title>
      <PickupFinder />
      <StaffOrderPage key={id} id={id} />
    </>
  );
}
