import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useStaffOrder } from '../api/get-staff-order';
import { IssueMemberCard } from './issue-member-card';
import { OrderDetails } from './order-details';
import { StaffOrderActions } from './staff-order-actions';
import { StaffCustomer } from './staff-orders';

/** Staff's page of one order (/staff/orders/:id): the customer's page plus who to call and the staff's moves. */
export function StaffOrderPage({ id }: { id: number }) {
  const order = useStaffOrder(id);

  if (order.isPending) return <Spinner label="Loading the order" className="mx-auto my-24" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.isNotFound;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <ErrorState
          title={missing ? 'There is no such order' : "We couldn't load the order"}
          message={errorMessage(order.error)}
          {...(missing ? {} : { onRetry: () => void order.refetch(), retrying: order.isFetching })}
        >
          <Link to={paths.staffOrders.getHref()} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            All orders
          </Link>
        </ErrorState>
      </div>
    );
  }
  return (
    <OrderDetails
      order={order.data}
      viewer="staff"
      backHref={paths.staffOrders.getHref()}
      backLabel="All orders"
      customer={<StaffCustomer customer={order.data.customer} />}
      actions={
        <div className="flex w-full flex-col gap-3">
          <StaffOrderActions order={order.data} />
          <IssueMemberCard customerId={order.data.customer.id} />
        </div>
      }
    />
  );
}
