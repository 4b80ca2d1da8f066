import { useLingui } from '@lingui/react/macro';
import { PointsSection } from '../../features/loyalty/components/points-card';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { Suspense, lazy } from 'react';
import { useShopSettings } from '../../features/shop/api/get-shop-settings';

/** The devices that get order notifications (features/push), loaded when drawn: see routes/order.tsx. */
const PushDevicesSection = lazy(async () => ({ default: (await import('../../features/push/components/push-devices')).PushDevicesSection }));

/** /user: My Profile, signed-in only (route-guards). */
export function UserRoute() {
  const { t } = useLingui();
  const shop = useShopSettings();
  return (
    <>
      <title>{t`My Profile · Coffee Shop`}</title>
      <ProfilePage
        points={<PointsSection />}
        devices={
          <Suspense fallback={null}>
            <PushDevicesSection className="mt-8" timeZone={shop.data?.timeZone} />
          </Suspense>
        }
      />
    </>
  );
}
