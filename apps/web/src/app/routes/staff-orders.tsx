import { PickupFinder } from '../../features/pickup/components/pickup-finder';
import { StaffOrders } from '../../features/orders/components/staff-orders';
import { QuestionsPanel } from '../../features/questions/components/questions-panel';
import { useStores } from '../../features/stores/api/get-stores';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';

/** Staff: incoming orders and their statuses (guarded by RequireStaff; the API refuses customers too). */
export function StaffOrdersRoute() {
  // The store filter waits for nothing: without the list (still loading, or failed) the screen shows every store.
  const stores = useStores();
  const shop = useShopSettings();
  return (
    <>
      <title>Orders · Coffee Shop</title>
      <PickupFinder />
      <StaffOrders stores={stores.data?.map((store) => ({ id: store.id, name: store.name, leadMinutes: store.leadMinutes })) ?? []} timeZone={shop.data?.timeZone} />
      {/* Customers' Ask a Staff questions wait here beside the orders, where staff already look. */}
      <QuestionsPanel timeZone={shop.data?.timeZone} />
    </>
  );
}
