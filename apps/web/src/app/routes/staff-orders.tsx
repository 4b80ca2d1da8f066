import { StaffOrders } from '../../features/orders/components/staff-orders';

/** Staff: incoming orders and their statuses (guarded by RequireStaff; the API refuses customers too). */
export function StaffOrdersRoute() {
  return (
    <>
      <title>Orders · Coffee Shop</title>
      <StaffOrders />
    </>
  );
}
