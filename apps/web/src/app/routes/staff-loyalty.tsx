import { useLingui } from '@lingui/react/macro';
import { LoyaltyAdmin } from '../../features/loyalty/components/loyalty-admin';

/** Staff: the points rate and the rewards (guarded by RequireStaff; the API refuses customers too). */
export function StaffLoyaltyRoute() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Points and rewards · Coffee Shop`}</title>
      <LoyaltyAdmin />
    </>
  );
}
