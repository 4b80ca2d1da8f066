import { Navigate, useParams } from 'react-router';
import { orderIdOfPickupCode } from '@coffee/contract';
import { paths } from '../../config/paths';
import { useProfile } from '../../features/profile/api/get-profile';
import { NotFoundRoute } from './not-found';
import { PageLoading } from './page-loading';

/**
 * /pickup/:code, the address in an order's pick-up QR (signed-in only): staff land on the order's staff page, where
 * "Mark picked up" is; a customer who scans their own QR lands on their order.
 */
export function PickupRoute() {
  const id = orderIdOfPickupCode(useParams().code ?? '');
  const profile = useProfile();
  if (id === null) return <NotFoundRoute />;
  if (profile.isPending) return <PageLoading />;
  return <Navigate replace to={profile.data?.role === 'staff' ? paths.staffOrder.getHref(id) : paths.order.getHref(id)} />;
}
