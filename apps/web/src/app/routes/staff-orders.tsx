import { useLingui } from '@lingui/react/macro';
import { MAX_PAGE_LIMIT } from '@coffee/contract';
import { PickupFinder } from '../../features/pickup/components/pickup-finder';
import { StaffOrders } from '../../features/orders/components/staff-orders';
import { useProducts } from '../../features/products/api/get-products';
import { QuestionsPanel } from '../../features/questions/components/questions-panel';
import { useStores } from '../../features/stores/api/get-stores';
import { SoldOutToggles } from '../../features/stores/components/sold-out-toggles';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';
import { Spinner } from '../../components/ui/spinner';
import { useStaffMay } from '../../lib/staff-rights';

/** Staff: incoming orders and their statuses (guarded by RequireStaff; the API refuses customers too). */
export function StaffOrdersRoute() {
  const { t } = useLingui();
  // The store filter waits for nothing: without the list (still loading, or failed) the screen shows every store.
  const stores = useStores();
  const shop = useShopSettings();
  // A barista has no stock right: the kitchen display offers them no switches (the API refuses them too).
  const mayStock = useStaffMay('stock');
  return (
    <>
      <title>{t`Orders · Coffee Shop`}</title>
      <PickupFinder />
      <StaffOrders
        stores={stores.data?.map((store) => ({ id: store.id, name: store.name, leadMinutes: store.leadMinutes })) ?? []}
        timeZone={shop.data?.timeZone}
        kitchenStock={mayStock ? (store) => <KitchenSoldOut storeId={store.id} storeName={store.name} /> : undefined}
      />
      {/* Customers' Ask a Staff questions wait here beside the orders, where staff already look. */}
      <QuestionsPanel timeZone={shop.data?.timeZone} />
    </>
  );
}

/** The menu beside the display's store's "sold out" switches. */
function KitchenSoldOut({ storeId, storeName }: { storeId: number; storeName: string }) {
  const menu = useProducts({}, { limit: MAX_PAGE_LIMIT });
  const { t } = useLingui();
  if (!menu.data) return <Spinner label={t`Loading the menu`} />;
  const products = menu.data.data.map((p) => ({ id: Number(p.id), name: p.name, isSoldOut: p.isSoldOut }));
  return <SoldOutToggles storeId={storeId} storeName={storeName} products={products} />;
}
