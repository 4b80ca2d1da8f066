import { LoyaltyAdmin } from '../../features/loyalty/components/loyalty-admin';

/** Staff: the points rate and the rewards (guarded by RequireStaff; the API refuses customers too). */
export function StaffLoyaltyRoute() {
  return (
    <>
      <title>Points and rewards · Coffee Shop</title>
      <LoyaltyAdmin />
    </>
  );
}
