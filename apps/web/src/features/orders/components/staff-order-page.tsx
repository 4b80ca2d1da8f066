import { useLingui } from '@lingui/react/macro';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useStaffOrder } from '../api/get-staff-order';
import { IssueMemberCard } from './issue-member-card';
import { OrderDetails } from './order-details';
import { OrderNotLoaded } from './order-not-loaded';
import { StaffOrderActions } from './staff-order-actions';
import { StaffCustomer } from './staff-orders';

/** Staff's page of one order (/staff/orders/:id): the customer's page plus who to call and the staff's moves. */
export function StaffOrderPage({ id }: { id: number }) {
  const { t } = useLingui();
  const order = useStaffOrder(id);

  if (order.isPending) return <Spinner label={t`Loading the order`} className="mx-auto my-24" />;
  if (order.isError) {
    return (
      <OrderNotLoaded
        order={order}
        missing={{ title: t`There is no such order` }}
        failedTitle={t`We couldn't load the order`}
        backHref={paths.staffOrders.getHref()}
        backLabel={t`All orders`}
      />
    );
  }
  return (
    <OrderDetails
      order={order.data}
      viewer="staff"
      backHref={paths.staffOrders.getHref()}
      backLabel={t`All orders`}
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
