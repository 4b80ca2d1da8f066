import { PromotionsAdmin } from '../../features/promotions-admin/components/promotions-admin';

/** Staff: the coupons of the Promo Today panel and their rules (guarded by RequireStaff; the API refuses customers too). */
export function StaffPromotionsRoute() {
  return (
    <>
      <title>Promotions · Coffee Shop</title>
      <PromotionsAdmin />
    </>
  );
}
